import { createStore } from 'jotai';
import { remotesAtom } from './remotes-state';

const loadRemote = jest.fn();
const registerRemotes = jest.fn();
jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: (...args: unknown[]) => loadRemote(...args),
  registerRemotes: (...args: unknown[]) => registerRemotes(...args),
}));

// Imported after the mock so the loader uses it.
import { createRemoteLoader } from './loader';

const remote = { name: 'mfe-tour' as const, url: 'http://r/mf-manifest.json', entry: 'http://r/mf-manifest.json', version: '1.2.3', overridden: false };
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

  test('a failure marks the slot failed and registers the entry again, so Retry fetches it anew', async () => {
    const store = createStore();
    const loader = createRemoteLoader(store, Promise.resolve([remote]));
    loadRemote.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(loader.loadApp('mfe-tour')).rejects.toThrow('Failed to fetch');
    expect(store.get(remotesAtom)['mfe-tour']?.state).toBe('failed');
    expect(registerRemotes).toHaveBeenLastCalledWith([{ name: 'mfe_tour', entry: 'http://r/mf-manifest.json' }], { force: true });
  });

  test("a remote's own texts are merged before its module resolves", async () => {
    const store = createStore();
    const order: string[] = [];
    const loader = createRemoteLoader(store, Promise.resolve([remote]), { ensure: async (name) => void order.push(`texts ${name}`) });
    loadRemote.mockImplementation(async () => (order.push('module'), lifecycles));
    await loader.loadModule('mfe-tour', './modal/variants');
    expect(order.sort()).toEqual(['module', 'texts mfe-tour']);
  });

  test('a remote missing from the manifest fails without a network call', async () => {
    const store = createStore();
    const loader = createRemoteLoader(store, Promise.resolve([]));
    await expect(loader.loadApp('mfe-comms')).rejects.toThrow('mfe-comms is not in /mfe-manifest.json');
    expect(loadRemote).not.toHaveBeenCalled();
  });
});
