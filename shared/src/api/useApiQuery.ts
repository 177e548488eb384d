import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { isAbortError, isRetryableError } from './client';
import type { ApiError } from '@tours/shared/core';

export interface QueryState<T> {
  data: T | null;
  /** The last failure of this key; it stays while a retry runs, so the error state does not flicker. */
  error: ApiError | Error | null;
  loading: boolean;
  /** Failures in a row of this key (0 after an answer): drives the backoff of automatic retries. */
  failures: number;
}

export interface ApiQuery<T> extends QueryState<T> {
  /** Asks again now (the error state's Retry button). */
  retry: () => void;
}

/** Backoff of automatic retries: 2 s, 4 s, 8 s … at most 30 s. */
export function retryDelay(failures: number): number {
  return Math.min(2000 * 2 ** Math.max(0, failures - 1), 30_000);
}

/**
 * While a screen is in error (`failures` > 0 and `enabled`), asks again by itself: after `retryDelay(failures)`,
 * and at once when the browser comes back online or the tab becomes visible. So a screen recovers on its own when
 * the API comes back. `retry` must start a new attempt; a timer waits while one is running (`running`).
 */
export function useAutoRetry(failures: number, enabled: boolean, running: boolean, retry: () => void): void {
  const retryRef = useRef(retry);
  useEffect(() => {
    retryRef.current = retry;
  });
  const active = enabled && failures > 0;
  useEffect(() => {
    if (!active || running) return undefined;
    const timer = setTimeout(() => retryRef.current(), retryDelay(failures));
    return () => clearTimeout(timer);
  }, [active, running, failures]);
  useEffect(() => {
    if (!active || typeof window === 'undefined') return undefined;
    const now = () => retryRef.current();
    const visible = () => {
      if (document.visibilityState === 'visible') now();
    };
    window.addEventListener('online', now);
    document.addEventListener('visibilitychange', visible);
    return () => {
      window.removeEventListener('online', now);
      document.removeEventListener('visibilitychange', visible);
    };
  }, [active]);
}

/**
 * Runs a call when its key changes and cancels it when the screen goes away or the key changes.
 * `key` is the identity of the request (path and query); the call receives an AbortSignal.
 * A failure that waiting may fix (network, timeout, 5xx: `isRetryableError`) is retried by itself with backoff
 * (useAutoRetry); `retry` asks again at once. Data of the previous key stays while the next one loads.
 */
export function useApiQuery<T>(key: string | null, call: (signal: AbortSignal) => Promise<T>): ApiQuery<T> {
  const [state, setState] = useState<QueryState<T>>({ data: null, error: null, loading: key !== null, failures: 0 });
  const [attempt, setAttempt] = useState(0);
  const lastKey = useRef(key);
  const shown = useRef(false);
  shown.current = state.data !== null;
  useEffect(() => {
    if (key === null) return undefined;
    const controller = new AbortController();
    const sameKey = lastKey.current === key;
    lastKey.current = key;
    setState((s) => (sameKey ? { ...s, loading: true } : { data: s.data, error: null, loading: true, failures: 0 }));
    call(controller.signal).then(
      (data) => {
        if (controller.signal.aborted) return;
        const show = () => setState({ data, error: null, loading: false, failures: 0 });
        // The first answer draws a whole screen (the order form, a tour): a transition, rendered in slices that yield
        // to the browser instead of one long task on load (issue 33). A later one (a filter changed) renders at once:
        // the traveller is waiting for it, and slicing only delays its paint.
        if (shown.current) show();
        else startTransition(show);
      },
      (error: unknown) => {
        if (isAbortError(error) || controller.signal.aborted) return;
        setState((s) => ({ data: null, error: error as Error, loading: false, failures: s.failures + 1 }));
      },
    );
    return () => controller.abort();
    // `call` is recreated each render; the key (and a retry) is what identifies the request.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  useAutoRetry(state.failures, key !== null && state.error !== null && isRetryableError(state.error), state.loading, retry);
  return { ...state, retry };
}
