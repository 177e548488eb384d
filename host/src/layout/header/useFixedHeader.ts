import { useEffect, useState } from 'react';
import { TIMING } from '@tours/shared/domain';
import { browser } from '../browser';

/**
 * On phones the header becomes fixed once the page is scrolled (§2.3): only below the md breakpoint,
 * and never where `enabled` is false (the tour page). Scroll checks are throttled to 300 ms (§9).
 */
export function useFixedHeader(enabled: boolean): boolean {
  const [fixed, setFixed] = useState(false);
  useEffect(() => {
    if (!enabled) {
      setFixed(false);
      return;
    }
    let last = 0;
    let timer: number | undefined;
    const check = () => {
      timer = undefined;
      last = Date.now();
      setFixed(browser.isBelowMd() && window.scrollY > 0);
    };
    const schedule = () => {
      if (timer !== undefined) return;
      timer = window.setTimeout(check, Math.max(0, last + TIMING.scrollThrottleMs - Date.now()));
    };
    check();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      if (timer !== undefined) window.clearTimeout(timer);
    };
  }, [enabled]);
  return fixed;
}
