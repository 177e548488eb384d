import { createStore } from 'jotai';
import { remotesAtom } from '@tours/shared';

const loadRemote = jest.fn();
const registerRemotes = jest.fn();
jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: (...args: unknown[]) => loadRemote(...args),
  registerRemotes: (...args: unknown[]) => registerRemotes(...args),
}));

// Imported after the mock so the loader uses it.
import { createRemoteLoader } from './loader';

const remote = { name: 'mfe-tour' as const, url: 'http://r/mf-manifest.json', version: '1.2.3', overridden: false };
const lifecycles = { bootstrap: jest.fn(), mount: jest.fn(), unmount: jest.fn() };

describe('remote loader', () => {
  beforeEach(() => {
    loadRemote.mockReset();
    registerRemotes.mockReset();
  });

  test('registers the manifest remotes and goes idle → loading → mounted', async () => {
    const store = createStore();
    const loader = createRemoteLoader(store, Promise.resolve([remote]));
    loadRemote.mockResolvedValue(lifecycles);
    const lc = await loader.loadApp('mfe-tour');
    expect(registerRemotes).toHaveBeenCalledWith([{ name: 'mfe_tour', entry: 'http://r/mf-manifest.json' }]);
    expect(loadRemote).toHaveBeenCalledWith('mfe_tour/app');
    expect(store.get(remotesAtom)['mfe-tour']?.state).toBe('loading');
    for (const fn of lc.mount as Array<(p: unknown) => Promise<unknown>>) await fn({});
    expect(store.get(remotesAtom)['mfe-tour']).toMatchObject({ state: 'mounted', version: '1.2.3', url: 'http://r/mf-manifest.json' });
  });

  test('a chunk-load error is retried once, after the entry is registered again', async () => {
    const store = createStore();
    const loader = createRemoteLoader(store, Promise.resolve([remote]));
    loadRemote.mockRejectedValueOnce(Object.assign(new Error('Loading chunk 7 failed.'), { name: 'ChunkLoadError' })).mockResolvedValueOnce(lifecycles);
    await loader.loadApp('mfe-tour');
    expect(loadRemote).toHaveBeenCalledTimes(2);
    expect(registerRemotes).toHaveBeenLastCalledWith([{ name: 'mfe_tour', entry: 'http://r/mf-manifest.json' }], { force: true });
  });

  test('a second failure marks the slot failed; other errors are not retried', async () => {
    const store = createStore();
    const loader = createRemoteLoader(store, Promise.resolve([remote]));
    loadRemote.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(loader.loadApp('mfe-tour')).rejects.toThrow('Failed to fetch');
    expect(loadRemote).toHaveBeenCalledTimes(2);
    expect(store.get(remotesAtom)['mfe-tour']?.state).toBe('failed');

    loadRemote.mockReset();
    loadRemote.mockRejectedValue(new Error('mount exploded'));
    await expect(loader.loadApp('mfe-tour')).rejects.toThrow('mount exploded');
    expect(loadRemote).toHaveBeenCalledTimes(1);
  });

  test('a remote missing from the manifest fails without a network call', async () => {
    const store = createStore();
    const loader = createRemoteLoader(store, Promise.resolve([]));
    await expect(loader.loadApp('mfe-comms')).rejects.toThrow('mfe-comms is not in /mfe-manifest.json');
    expect(loadRemote).not.toHaveBeenCalled();
  });
});
