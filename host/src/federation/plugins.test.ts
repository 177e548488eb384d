import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { overridesPlugin, retryOncePlugin } from './plugins';

type ErrorArgs = Parameters<NonNullable<ModuleFederationRuntimePlugin['errorLoadRemote']>>[0];

/** The part of the federation runtime the retry plugin uses, loading through the plugin as the runtime does. */
function fakeRuntime(failures: unknown[]) {
  const plugin = retryOncePlugin();
  const registered: Array<{ remotes: unknown; force?: boolean }> = [];
  const origin = {
    options: { remotes: [{ name: 'mfe_tour', entry: 'http://r/mf-manifest.json' }] },
    registerRemotes: (remotes: unknown, opts?: { force?: boolean }) => void registered.push({ remotes, force: opts?.force }),
    async loadRemote(id: string): Promise<unknown> {
      const failure = failures.shift();
      if (!failure) return { id };
      const recovered = await plugin.errorLoadRemote!({ id, error: failure, lifecycle: 'onLoad', from: 'runtime', origin } as unknown as ErrorArgs);
      if (!recovered) throw failure;
      return recovered;
    },
  };
  return { origin, registered };
}

const chunkError = Object.assign(new Error('Loading chunk 7 failed.'), { name: 'ChunkLoadError' });

describe('retryOncePlugin', () => {
  test('a chunk that did not arrive: the remote is registered again (forgetting the failed entry) and loaded once more', async () => {
    const rt = fakeRuntime([chunkError]);
    await expect(rt.origin.loadRemote('mfe_tour/app')).resolves.toEqual({ id: 'mfe_tour/app' });
    expect(rt.registered).toEqual([{ remotes: [{ name: 'mfe_tour', entry: 'http://r/mf-manifest.json' }], force: true }]);
  });

  test('a second failure is passed on; other errors are not retried', async () => {
    const twice = fakeRuntime([chunkError, new TypeError('Failed to fetch')]);
    await expect(twice.origin.loadRemote('mfe_tour/app')).rejects.toThrow('Failed to fetch');
    const other = fakeRuntime([new Error('mount exploded')]);
    await expect(other.origin.loadRemote('mfe_tour/app')).rejects.toThrow('mount exploded');
    expect(other.registered).toEqual([]);
  });
});

describe('overridesPlugin', () => {
  test("registers an overridden remote under the override's URL, the others as they are", () => {
    const plugin = overridesPlugin({ 'mfe-tour': 'http://localhost:9000/mf-manifest.json' });
    const hook = plugin.beforeRegisterRemote as (args: { remote: { name: string; entry: string }; origin: unknown }) => { remote: { entry: string } };
    expect(hook({ remote: { name: 'mfe_tour', entry: 'http://b/mf-manifest.json' }, origin: {} }).remote.entry).toBe('http://localhost:9000/mf-manifest.json');
    expect(hook({ remote: { name: 'mfe_search', entry: 'http://a/mf-manifest.json' }, origin: {} }).remote.entry).toBe('http://a/mf-manifest.json');
  });
});
