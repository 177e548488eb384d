import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import webpack from 'webpack';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { SlimConsumesPlugin, slimHelpers } = require('./slim-consumes-plugin.js') as { SlimConsumesPlugin: new () => webpack.WebpackPluginInstance; slimHelpers: () => string };

type Entry = { get: () => unknown; from: string; loaded?: number };
type Scope = Record<string, Record<string, Entry>>;
type Load = (scopeName: string, key: string, eager: boolean, range: number[], fallback?: () => unknown) => unknown;

/** The helpers as the runtime runs them, over a share scope that `initializeSharing` may settle later. */
function helpers(scope: Scope, initialized: unknown = 1) {
  const warnings: string[] = [];
  const wr = { I: () => initialized, S: { default: scope }, o: (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k) };
  const context = vm.createContext({ __webpack_require__: wr, console: { warn: (m: string) => warnings.push(m) } });
  vm.runInContext(`${slimHelpers()}\nthis.out = { loadSingletonVersion, loadStrictVersion, satisfy };`, context);
  const out = context.out as { loadSingletonVersion: Load; loadStrictVersion: Load; satisfy: (r: number[], v: string) => boolean };
  return { ...out, warnings };
}

const entry = (value: string, from: string, loaded = false): Entry => ({ get: () => () => value, from, ...(loaded ? { loaded: 1 } : {}) });

describe('the slim consumes runtime', () => {
  it.each([
    [[1, 18, 0, 0], '18.0.0', true],
    [[1, 18, 0, 0], '18.3.1', true],
    [[1, 18, 0, 0], '19.0.0', false],
    [[1, 18, 0, 0], '17.9.9', false],
    [[2, 0, 4, 0], '0.4.0', true],
    [[2, 0, 4, 0], '0.4.12', true],
    [[2, 0, 4, 0], '0.5.0', false],
    [[2, 0, 4, 0], '0.3.9', false],
    [[2, 0, 4, 2], '0.4.1', false],
    [[3, 0, 0, 3], '0.0.3', true],
    [[3, 0, 0, 3], '0.0.4', false],
  ])('caret %j holds for %s: %s', (range, version, holds) => {
    expect(helpers({}).satisfy(range, version)).toBe(holds);
  });

  it('a singleton is the version already loaded, even when a higher one is registered', () => {
    const h = helpers({ react: { '18.2.0': entry('host', 'host', true), '18.3.1': entry('remote', 'mfe_tour') } });
    expect((h.loadSingletonVersion('default', 'react', false, [1, 18, 0, 0]) as () => string)()).toBe('host');
    expect(h.warnings).toEqual([]);
  });

  it('a singleton nobody has loaded yet is the highest registered version', () => {
    const h = helpers({ jotai: { '2.1.0': entry('a', 'host'), '2.10.0': entry('b', 'mfe_tour'), '2.9.0': entry('c', 'mfe_search') } });
    expect((h.loadSingletonVersion('default', 'jotai', false, [1, 2, 0, 0]) as () => string)()).toBe('b');
  });

  it('a singleton outside the range is still used, with the warning that names both versions', () => {
    const h = helpers({ '@tours/shared/core': { '0.5.0': entry('host', 'host', true) } });
    expect((h.loadSingletonVersion('default', '@tours/shared/core', false, [2, 0, 4, 0]) as () => string)()).toBe('host');
    expect(h.warnings).toEqual(['Unsatisfied version 0.5.0 from host of shared singleton module @tours/shared/core (required ^0.4.0)']);
  });

  it('a non-singleton is the highest version in range, else the bundle’s own copy, else an error', () => {
    const scope = { superstruct: { '1.9.0': entry('old', 'host'), '2.0.1': entry('two-0', 'host'), '2.3.0': entry('two-3', 'mfe_tour') } };
    const own = () => () => 'own';
    expect((helpers(scope).loadStrictVersion('default', 'superstruct', false, [1, 2, 0, 0], own) as () => string)()).toBe('two-3');
    expect((helpers(scope).loadStrictVersion('default', 'superstruct', false, [1, 3, 0, 0], own) as () => string)()).toBe('own');
    expect(() => helpers(scope).loadStrictVersion('default', 'superstruct', false, [1, 3, 0, 0])).toThrow('No satisfying version (^3.0.0) of shared module superstruct found in shared scope default. Available versions: 1.9.0, 2.0.1, 2.3.0');
  });

  it('a module missing from the scope loads the bundle’s own copy, or fails by name', () => {
    const h = helpers({});
    expect((h.loadSingletonVersion('default', 'react', false, [1, 18, 0, 0], () => () => 'own') as () => string)()).toBe('own');
    expect(() => h.loadSingletonVersion('default', 'react', false, [1, 18, 0, 0])).toThrow("Shared module react doesn't exist in shared scope default");
  });

  it('waits for the share scope to be initialised before choosing', async () => {
    const scope: Scope = {};
    let settle: () => void = () => undefined;
    const h = helpers(scope, new Promise<void>((resolve) => (settle = resolve)));
    const chosen = h.loadSingletonVersion('default', 'react', false, [1, 18, 0, 0]) as Promise<() => string>;
    scope.react = { '18.3.1': entry('registered late', 'mfe_tour') };
    settle();
    expect((await chosen)()).toBe('registered late');
  });
});

describe('a federation container built with the plugin', () => {
  let dir: string;
  const root = path.resolve(__dirname, '../..');
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'slim-consumes-'));
    writeFileSync(path.join(dir, 'exposed.js'), "import { version } from 'superstruct-like';\nexport const seen = version;\n");
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'c', version: '1.0.0', dependencies: { 'superstruct-like': '^2.0.0' } }));
    const pkg = path.join(dir, 'node_modules/superstruct-like');
    mkdirSync(pkg, { recursive: true });
    writeFileSync(path.join(pkg, 'package.json'), JSON.stringify({ name: 'superstruct-like', version: '2.1.0', main: 'index.js' }));
    writeFileSync(path.join(pkg, 'index.js'), "exports.version = 'own 2.1.0';\n");
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const build = (shared: Record<string, object>, out: string) =>
    new Promise<webpack.Stats>((resolve, reject) => {
      webpack(
        {
          mode: 'production',
          target: 'node',
          context: dir,
          entry: {},
          output: { path: path.join(dir, out), library: { type: 'commonjs2' } },
          resolveLoader: { modules: [path.join(root, 'node_modules')] },
          optimization: { minimize: false },
          plugins: [
            new webpack.container.ModuleFederationPlugin({ name: 'c', filename: 'remoteEntry.js', library: { type: 'commonjs2' }, exposes: { './x': './exposed.js' }, shared }),
            new SlimConsumesPlugin(),
          ],
        },
        (error, result) => (error || !result ? reject(error) : resolve(result)),
      );
    });

  it('replaces webpack’s semver runtime and takes the host’s copy from the share scope', async () => {
    const stats = await build({ 'superstruct-like': { singleton: true, requiredVersion: '^2.0.0' } }, 'ok');
    expect(stats.toJson({ all: false, errors: true }).errors?.map((e) => e.message)).toEqual([]);
    const file = path.join(dir, 'ok/remoteEntry.js');
    expect(readFileSync(file, 'utf8')).not.toContain('rangeToString');
    const container = createRequire(file)(file) as { init: (s: Scope) => Promise<void>; get: (m: string) => Promise<() => { seen: string }> };
    await container.init({ 'superstruct-like': { '2.4.0': { get: () => () => ({ version: 'host 2.4.0' }), from: 'host', loaded: 1 } } });
    expect((await container.get('./x'))().seen).toBe('host 2.4.0');
  }, 60_000);

  it('fails the build for a range the slim runtime cannot check', async () => {
    const stats = await build({ 'superstruct-like': { singleton: true, requiredVersion: '>=2.0.0' } }, 'bad');
    expect(stats.toJson({ all: false, errors: true }).errors?.map((e) => e.message).join('\n')).toContain('the slim runtime knows non-eager caret ranges only');
  }, 60_000);
});
