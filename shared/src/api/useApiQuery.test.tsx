import { act, renderHook } from '@testing-library/react';
import { ApiError } from './errors';
import { retryDelay, useApiQuery } from './useApiQuery';

/** A fake API that fails with `error` while `down`, else answers `{ n }` (the number of the call). */
function fakeCall() {
  const state = { down: true, calls: 0, error: new ApiError(503, '/spa/info', 'API unavailable') as Error };
  const call = jest.fn((signal: AbortSignal) => {
    state.calls += 1;
    const n = state.calls;
    return new Promise<{ n: number }>((resolve, reject) => {
      signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
      queueMicrotask(() => (state.down ? reject(state.error) : resolve({ n })));
    });
  });
  return { state, call };
}

const flush = () => act(async () => {
  await jest.advanceTimersByTimeAsync(0);
});
const wait = (ms: number) => act(async () => {
  await jest.advanceTimersByTimeAsync(ms);
});

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('useApiQuery: error, retry and recovery', () => {
  test('backoff 2 s, 4 s, 8 s … at most 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 10].map(retryDelay)).toEqual([2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });

  test('while the API is down it asks again after 2, 4, 8 s and recovers by itself when the API answers', async () => {
    const api = fakeCall();
    const { result } = renderHook(() => useApiQuery('info', api.call));
    await flush();
    expect(result.current).toMatchObject({ data: null, loading: false, failures: 1 });
    expect(result.current.error).toBeInstanceOf(ApiError);
    await wait(1999);
    expect(api.state.calls).toBe(1);
    await wait(1);
    expect(api.state.calls).toBe(2);
    // The error stays on screen while the retry runs.
    expect(result.current.error).not.toBeNull();
    await flush();
    expect(result.current.failures).toBe(2);
    await wait(3999);
    expect(api.state.calls).toBe(2);
    await wait(1);
    expect(api.state.calls).toBe(3);
    await flush();
    api.state.down = false;
    await wait(8000);
    expect(api.state.calls).toBe(4);
    await flush();
    expect(result.current).toMatchObject({ data: { n: 4 }, error: null, loading: false, failures: 0 });
    await wait(60_000);
    expect(api.state.calls).toBe(4);
  });

  test('the browser coming back online or the tab becoming visible asks at once; Retry too', async () => {
    const api = fakeCall();
    const { result } = renderHook(() => useApiQuery('info', api.call));
    await flush();
    expect(api.state.calls).toBe(1);
    act(() => void window.dispatchEvent(new Event('online')));
    await flush();
    expect(api.state.calls).toBe(2);
    const visibility = jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await flush();
    expect(api.state.calls).toBe(2);
    visibility.mockReturnValue('visible');
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await flush();
    expect(api.state.calls).toBe(3);
    visibility.mockRestore();
    api.state.down = false;
    act(() => result.current.retry());
    await flush();
    expect(api.state.calls).toBe(4);
    expect(result.current).toMatchObject({ data: { n: 4 }, error: null });
    // Recovered: online no longer triggers anything.
    act(() => void window.dispatchEvent(new Event('online')));
    await flush();
    expect(api.state.calls).toBe(4);
  });

  test('an answer such as 404 is not retried by itself (Retry still works); unmounting stops the retries', async () => {
    const api = fakeCall();
    api.state.error = new ApiError(404, '/spa/info', 'Not found');
    const { result, unmount } = renderHook(() => useApiQuery('info', api.call));
    await flush();
    await wait(60_000);
    act(() => void window.dispatchEvent(new Event('online')));
    await flush();
    expect(api.state.calls).toBe(1);
    act(() => result.current.retry());
    await flush();
    expect(api.state.calls).toBe(2);

    api.state.error = new ApiError(0, '/spa/info', 'Timeout');
    act(() => result.current.retry());
    await flush();
    expect(api.state.calls).toBe(3);
    unmount();
    await wait(60_000);
    expect(api.state.calls).toBe(3);
  });

  test('a new key starts afresh: no error of the previous key, backoff from 2 s', async () => {
    const api = fakeCall();
    const { result, rerender } = renderHook(({ k }) => useApiQuery(k, api.call), { initialProps: { k: 'a' } });
    await flush();
    await wait(2000);
    await flush();
    expect(result.current.failures).toBe(2);
    api.state.down = false;
    rerender({ k: 'b' });
    expect(result.current).toMatchObject({ error: null, loading: true, failures: 0 });
    await flush();
    expect(result.current).toMatchObject({ data: { n: 3 }, error: null });
  });
});
