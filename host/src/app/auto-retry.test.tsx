import { act, render } from '@testing-library/react';
import { REMOTE_RETRY_DELAYS_MS, remoteLoaded, remoteRetryDelay, useAutoRetry } from './auto-retry';

function Fallback({ name, retry }: { name: string; retry: () => void }) {
  useAutoRetry(name, retry);
  return null;
}

describe('a remote that failed is tried again by itself (issue 28)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  test.each([
    [0, 2000], [1, 2000], [2, 4000], [3, 8000], [4, 15_000], [5, 30_000], [50, 30_000],
  ])('after %i failures in a row the wait is %i ms', (failures, ms) => {
    expect(remoteRetryDelay(failures)).toBe(ms);
  });

  test('waits longer after each failure in a row, once per failure, and starts over after a success', () => {
    const retry = jest.fn();
    for (const [i, wait] of REMOTE_RETRY_DELAYS_MS.slice(0, 3).entries()) {
      const { unmount } = render(<Fallback name="mfe-tour" retry={retry} />);
      act(() => void jest.advanceTimersByTime(wait - 1));
      expect(retry).toHaveBeenCalledTimes(i);
      act(() => void jest.advanceTimersByTime(1));
      expect(retry).toHaveBeenCalledTimes(i + 1);
      // Nothing more while this fallback stays (the retry's own outcome mounts the next one).
      act(() => void jest.advanceTimersByTime(60_000));
      expect(retry).toHaveBeenCalledTimes(i + 1);
      unmount();
    }
    remoteLoaded('mfe-tour');
    const again = jest.fn();
    render(<Fallback name="mfe-tour" retry={again} />);
    act(() => void jest.advanceTimersByTime(2000));
    expect(again).toHaveBeenCalledTimes(1);
  });

  test('at once when the browser is back online or the tab is shown; never after the fallback is gone', () => {
    const retry = jest.fn();
    remoteLoaded('mfe-search');
    const { unmount } = render(<Fallback name="mfe-search" retry={retry} />);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(retry).toHaveBeenCalledTimes(1);
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(retry).toHaveBeenCalledTimes(1);
    unmount();
    const other = jest.fn();
    const second = render(<Fallback name="mfe-search" retry={other} />);
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(other).toHaveBeenCalledTimes(1);
    second.unmount();
    act(() => void jest.advanceTimersByTime(60_000));
    act(() => void window.dispatchEvent(new Event('online')));
    expect(other).toHaveBeenCalledTimes(1);
  });
});
