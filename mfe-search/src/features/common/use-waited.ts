import { useEffect, useState } from 'react';

/**
 * How long a page waits for the calls that size its first screen before it shows what there is (it stays hidden
 * meanwhile, and the host's first screen shows: issue 33).
 */
export const SHOW_ANYWAY_MS = 2500;

/** True once `ms` have passed (not counted once `done`). */
export function useWaited(ms: number, done: boolean): boolean {
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    if (done) return undefined;
    const timer = setTimeout(() => setWaited(true), ms);
    return () => clearTimeout(timer);
  }, [ms, done]);
  return waited;
}
