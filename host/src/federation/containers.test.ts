import { createContainers, remoteEntryUrl, type Container, type ContainerDeps } from './containers';

/** A page where loading a URL's script defines a container (or fails), as remoteEntry.js does. */
function fakePage(scripts: Record<string, 'ok' | 'fail' | 'empty'>) {
  const globals: Record<string, unknown> = {};
  const loaded: string[] = [];
  const inits: unknown[] = [];
  const shareScope = { react: {} };
  let sharingInits = 0;
  const deps: ContainerDeps = {
    globals,
    shareScope: () => shareScope,
    initSharing: async () => void sharingInits++,
    async loadScript(url) {
      loaded.push(url);
      const outcome = scripts[url];
      if (outcome === 'fail' || !outcome) throw new Error('404');
      if (outcome === 'ok') {
        const container: Container = {
          init: (scope) => void inits.push(scope),
          get: async <T,>(module: string) => () => ({ module, from: url }) as T,
        };
        globals.mfe_tour = container;
      }
    },
  };
  return { deps, loaded, inits, shareScope, sharingInits: () => sharingInits };
}

describe('containers (webpack 5 container runtime)', () => {
  test.each([
    ['http://cdn/mfe-tour/1.2/mf-manifest.json', 'http://cdn/mfe-tour/1.2/remoteEntry.js'],
    ['http://localhost:9000/mf-manifest.json', 'http://localhost:9000/remoteEntry.js'],
    ['http://cdn/x/remoteEntry.js', 'http://cdn/x/remoteEntry.js'],
  ])('the entry script of %s is %s', (url, entry) => {
    expect(remoteEntryUrl(url)).toBe(entry);
  });

  test("a container is started once: its entry loaded, given the page's share scope, then asked for each module", async () => {
    const page = fakePage({ 'http://r/remoteEntry.js': 'ok' });
    const containers = createContainers(page.deps);
    await expect(containers.load('mfe_tour', 'http://r/mf-manifest.json', './app')).resolves.toEqual({ module: './app', from: 'http://r/remoteEntry.js' });
    await expect(containers.load('mfe_tour', 'http://r/mf-manifest.json', './modal/variants')).resolves.toEqual({ module: './modal/variants', from: 'http://r/remoteEntry.js' });
    expect(page.loaded).toEqual(['http://r/remoteEntry.js']);
    expect(page.inits).toEqual([page.shareScope]);
    expect(page.sharingInits()).toBe(1);
  });

  test('an entry that did not arrive fails as a load error worth a retry, and the next load fetches it again', async () => {
    const scripts: Record<string, 'ok' | 'fail' | 'empty'> = { 'http://r/remoteEntry.js': 'fail' };
    const page = fakePage(scripts);
    const containers = createContainers(page.deps);
    await expect(containers.load('mfe_tour', 'http://r/mf-manifest.json', './app')).rejects.toMatchObject({ name: 'ScriptExternalLoadError' });
    scripts['http://r/remoteEntry.js'] = 'ok';
    await expect(containers.load('mfe_tour', 'http://r/mf-manifest.json', './app')).resolves.toMatchObject({ module: './app' });
    expect(page.loaded).toEqual(['http://r/remoteEntry.js', 'http://r/remoteEntry.js']);
  });

  test('a script that defines no container is refused', async () => {
    const page = fakePage({ 'http://r/remoteEntry.js': 'empty' });
    await expect(createContainers(page.deps).load('mfe_tour', 'http://r/mf-manifest.json', './app')).rejects.toThrow('did not define the container mfe_tour');
  });

  test('a new release (another URL) starts its own container', async () => {
    const page = fakePage({ 'http://a/remoteEntry.js': 'ok', 'http://b/remoteEntry.js': 'ok' });
    const containers = createContainers(page.deps);
    await containers.load('mfe_tour', 'http://a/mf-manifest.json', './app');
    await expect(containers.load('mfe_tour', 'http://b/mf-manifest.json', './app')).resolves.toMatchObject({ from: 'http://b/remoteEntry.js' });
  });
});
