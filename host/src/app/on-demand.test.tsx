import { renderHook, waitFor } from '@testing-library/react';
import { useOnDemand } from './on-demand';

describe('useOnDemand: a part of the shell loaded when first wanted', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('loads nothing until wanted, then once, and keeps it', async () => {
    const load = jest.fn(async () => 'menu');
    const { result, rerender } = renderHook(({ wanted }) => useOnDemand(load, wanted), { initialProps: { wanted: false } });
    expect(result.current).toBeNull();
    expect(load).not.toHaveBeenCalled();
    rerender({ wanted: true });
    await waitFor(() => expect(result.current).toBe('menu'));
    rerender({ wanted: false });
    rerender({ wanted: true });
    expect(result.current).toBe('menu');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a chunk that fails to load costs the part only: onFailed hears it, and the next wish tries again', async () => {
    const load = jest.fn().mockRejectedValueOnce(new Error('ChunkLoadError')).mockResolvedValueOnce('outlet');
    const onFailed = jest.fn();
    const { result, rerender } = renderHook(({ wanted }) => useOnDemand(load, wanted, onFailed), { initialProps: { wanted: true } });
    await waitFor(() => expect(onFailed).toHaveBeenCalledWith(new Error('ChunkLoadError')));
    expect(result.current).toBeNull();
    rerender({ wanted: false });
    rerender({ wanted: true });
    await waitFor(() => expect(result.current).toBe('outlet'));
    expect(load).toHaveBeenCalledTimes(2);
  });
});
