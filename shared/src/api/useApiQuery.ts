import { useEffect, useState } from 'react';
import { isAbortError } from './client';
import type { ApiError } from '@tours/shared/core';

export interface QueryState<T> { data: T | null; error: ApiError | Error | null; loading: boolean }

/**
 * Runs a call when its key changes and cancels it when the screen goes away or the key changes.
 * `key` is the identity of the request (path and query); the call receives an AbortSignal.
 */
export function useApiQuery<T>(key: string | null, call: (signal: AbortSignal) => Promise<T>): QueryState<T> {
  const [state, setState] = useState<QueryState<T>>({ data: null, error: null, loading: key !== null });
  useEffect(() => {
    if (key === null) return undefined;
    const controller = new AbortController();
    setState((s) => ({ data: s.data, error: null, loading: true }));
    call(controller.signal).then(
      (data) => !controller.signal.aborted && setState({ data, error: null, loading: false }),
      (error: unknown) => {
        if (isAbortError(error) || controller.signal.aborted) return;
        setState({ data: null, error: error as Error, loading: false });
      },
    );
    return () => controller.abort();
    // `call` is recreated each render; the key is what identifies the request.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return state;
}
