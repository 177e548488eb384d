import { createStore } from 'jotai';
import { remotesAtom } from './remotes-state';
import { createRemoteLoader } from './loader';
import type { Containers } from './containers';

const remote = { name: 'mfe-tour' as const, url: 'http://r/mf-manifest.json', entry: 'http://r/mf-manifest.json', version: '1.2.3', overridden: false };
const lifecycles = { bootstrap: jest.fn(), mount: jest.fn(), unmount: jest.fn() };
const chunkError = () => Object.assign(new Error('Loading chunk 7 failed.'), { name: 'ChunkLoadError' });

/** Containers that answer from a list of outcomes (an error is thrown, anything else resolved), recording the calls. */
function fakeContainers(outcomes: unknown[]): Containers & { calls: unknown[][] } {
  const calls: unknown[][] = [];
  return {
    calls,
    async load<T>(...args: unknown[]): Promise<T> {
      calls.push(args);
      const next = outcomes.length ? outcomes.shift() : lifecycles;
      if (next instanceof Error) throw next;
      return next as T;
    },
  };
}

describe('remote loader', () => {
  test("loads the remote's container from its manifest entry and goes idle → loading → mounted", async () => {
    const store = createStore();
    const containers = fakeContainers([lifecycles]);
    const loader = createRemoteLoader(store, Promise.resolve([remote]), undefined, containers);
    const lc = await loader.loadApp('mfe-tour');
    expect(containers.calls).toEqual([['mfe_tour', 'http://r/mf-manifest.json', './app']]);
    expect(store.get(remotesAtom)['mfe-tour']?.state).toBe('loading');
    for (const fn of lc.mount as Array<(p: unknown) => Promise<unknown>>) await fn({});
    expect(store.get(remotesAtom)['mfe-tour']).toMatchObject({ state: 'mounted', version: '1.2.3', url: 'http://r/mf-manifest.json' });
  });

  test('an entry or chunk that did not arrive is loaded once more; a second failure marks the slot failed', async () => {
    const once = fakeContainers([chunkError(), lifecycles]);
    await expect(createRemoteLoader(createStore(), Promise.resolve([remote]), undefined, once).loadApp('mfe-tour')).resolves.toBeTruthy();
    expect(once.calls).toHaveLength(2);

    const store = createStore();
    const twice = fakeContainers([chunkError(), new TypeError('Failed to fetch')]);
    await expect(createRemoteLoader(store, Promise.resolve([remote]), undefined, twice).loadApp('mfe-tour')).rejects.toThrow('Failed to fetch');
    expect(store.get(remotesAtom)['mfe-tour']?.state).toBe('failed');
  });

  test('other errors are not retried', async () => {
    const containers = fakeContainers([new Error('mount exploded')]);
    await expect(createRemoteLoader(createStore(), Promise.resolve([remote]), undefined, containers).loadApp('mfe-tour')).rejects.toThrow('mount exploded');
    expect(containers.calls).toHaveLength(1);
  });

  test("a remote's own texts are merged before its module resolves", async () => {
    const order: string[] = [];
    const containers: Containers = { load: async <T,>() => (order.push('module'), lifecycles as T) };
    const loader = createRemoteLoader(createStore(), Promise.resolve([remote]), { ensure: async (name) => void order.push(`texts ${name}`) }, containers);
    await loader.loadModule('mfe-tour', './modal/variants');
    expect(order.sort()).toEqual(['module', 'texts mfe-tour']);
  });

  test('a remote missing from the manifest fails without a network call', async () => {
    const containers = fakeContainers([]);
    const loader = createRemoteLoader(createStore(), Promise.resolve([]), undefined, containers);
    await expect(loader.loadApp('mfe-comms')).rejects.toThrow('mfe-comms is not in /mfe-manifest.json');
    expect(containers.calls).toEqual([]);
  });
});
