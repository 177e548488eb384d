/**
 * A remote that failed to load is tried again by itself (issue 28, item 9: it had come back only when the visitor
 * pressed Retry): after a wait that grows with the failures in a row, at once when the browser comes back online or
 * the tab is shown again. The Retry button stays for the impatient.
 */
import { useEffect, useRef } from 'react';

/** Waits before the next try, by failures in a row (1 = the first): 2, 4, 8, 15, then every 30 s. */
export const REMOTE_RETRY_DELAYS_MS = [2000, 4000, 8000, 15_000, 30_000] as const;
export const remoteRetryDelay = (failures: number): number => REMOTE_RETRY_DELAYS_MS[Math.min(Math.max(failures, 1), REMOTE_RETRY_DELAYS_MS.length) - 1]!;

/** Failures in a row per remote: each failed load mounts the fallback once; a load that succeeds resets it. */
const failuresInARow = new Map<string, number>();
export const remoteLoaded = (name: string): void => void failuresInARow.delete(name);

/** While mounted (the remote's fallback is shown), calls `retry` once: after the wait, or on online / tab shown. */
export function useAutoRetry(name: string, retry: () => void, win: Window = window): void {
  const retryRef = useRef(retry);
  retryRef.current = retry;
  useEffect(() => {
    const failures = (failuresInARow.get(name) ?? 0) + 1;
    failuresInARow.set(name, failures);
    let done = false;
    const once = () => {
      if (done) return;
      done = true;
      retryRef.current();
    };
    const timer = win.setTimeout(once, remoteRetryDelay(failures));
    const onVisible = () => {
      if (win.document.visibilityState === 'visible') once();
    };
    win.addEventListener('online', once);
    win.document.addEventListener('visibilitychange', onVisible);
    return () => {
      done = true;
      win.clearTimeout(timer);
      win.removeEventListener('online', once);
      win.document.removeEventListener('visibilitychange', onVisible);
    };
  }, [name, win]);
}
