// What a microfrontend's build ships besides its code, for publishing (scripts/lib/publish.mjs):
//   i18n/<locale>.<hash>.json  its own texts (src/i18n/<locale>.json, en underneath), ICU precompiled as the host
//                              server does for shared's, so browsers need no parser; content-hashed, immutable
//   mfe.json                   { name, version, contract, react, routes, i18n } — the contract version (shared's)
//                              and React it was built with, the routes it declares itself (src/routes.json)
//   mf-manifest.json           the container's description in Module Federation's manifest format (the parts the
//                              publish check and tools read: its global name, remoteEntry.js, what it shares and
//                              exposes); the runtime manifest names a release by this file's URL
// The build is refused when the React it would run with is not the one of the shared singleton (a nested copy).
const { createHash } = require('node:crypto');
const { existsSync, readFileSync } = require('node:fs');
const path = require('node:path');
const { parse } = require('@formatjs/icu-messageformat-parser');

const LOCALES = ['cn', 'en', 'de', 'ru'];
const root = path.resolve(__dirname, '../..');

function readJson(file, fallback) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : fallback;
}

/** The remote's catalogues, compiled; throws on a message that is not valid ICU (the build fails). */
function compileCatalogues(dir) {
  const en = readJson(path.join(dir, 'src/i18n/en.json'), {});
  const out = {};
  for (const locale of LOCALES) {
    const messages = { ...en, ...readJson(path.join(dir, `src/i18n/${locale}.json`), {}) };
    const compiled = {};
    for (const [id, text] of Object.entries(messages)) {
      try {
        compiled[id] = parse(text);
      } catch (error) {
        throw new Error(`${path.relative(root, dir)}: message ${id} (${locale}) is not valid ICU: ${error.message}`);
      }
    }
    out[locale] = JSON.stringify(compiled);
  }
  return out;
}

/** The React a remote's code would import, resolved from its folder: it must be the root's (the singleton's). */
function checkReactSingleton(dir) {
  const own = require.resolve('react/package.json', { paths: [dir] });
  const rootReact = path.join(root, 'node_modules/react/package.json');
  if (path.resolve(own) !== rootReact) {
    throw new Error(`${path.relative(root, dir)} resolves react to ${own}, not the shared singleton's ${rootReact}: remove its own react dependency (npm dedupe) — two Reacts break hooks and context across the page`);
  }
  return require(rootReact).version;
}

class RemoteMetaPlugin {
  /** @param {{ dir: string, name: string, version: string, container?: string, shared?: Record<string, object>, exposes?: Record<string, string> }} o */
  constructor({ dir, name, version, container, shared = {}, exposes = {} }) {
    this.dir = dir;
    this.name = name;
    this.version = version;
    this.container = container ?? name;
    this.shared = shared;
    this.exposes = exposes;
  }

  /** Module Federation's manifest shape, with the versions this build resolved. */
  federationManifest() {
    const versionOf = (request, config) => {
      if (config.version) return config.version;
      const pkg = request.startsWith('@') ? request.split('/').slice(0, 2).join('/') : request.split('/')[0];
      // The root's copy, as the publish check reads it (a nested copy of a singleton fails the build above).
      return readJson(path.join(root, 'node_modules', pkg, 'package.json'), {}).version;
    };
    return {
      id: this.container,
      name: this.container,
      metaData: {
        name: this.container,
        type: 'app',
        buildInfo: { buildVersion: this.version, buildName: `@tours/${this.name}` },
        remoteEntry: { name: 'remoteEntry.js', path: '', type: 'var' },
        globalName: this.container,
        publicPath: 'auto',
      },
      shared: Object.entries(this.shared).map(([request, config]) => ({
        id: `${this.container}:${request}`,
        name: request,
        version: versionOf(request, config),
        singleton: Boolean(config.singleton),
        requiredVersion: config.requiredVersion,
      })),
      exposes: Object.keys(this.exposes).map((key) => ({ id: `${this.container}:${key.replace(/^\.\//, '')}`, name: key.replace(/^\.\//, ''), path: key })),
      remotes: [],
    };
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('RemoteMetaPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'RemoteMetaPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        try {
          const react = checkReactSingleton(this.dir);
          const i18n = {};
          for (const [locale, json] of Object.entries(compileCatalogues(this.dir))) {
            const file = `i18n/${locale}.${createHash('sha256').update(json).digest('hex').slice(0, 8)}.json`;
            compilation.emitAsset(file, new sources.RawSource(json));
            i18n[locale] = file;
          }
          const routes = readJson(path.join(this.dir, 'src/routes.json'), []);
          const contract = require(path.join(root, 'shared/package.json')).version;
          const meta = { name: this.name, version: this.version, contract, react, routes, i18n };
          compilation.emitAsset('mfe.json', new sources.RawSource(`${JSON.stringify(meta, null, 2)}\n`));
          compilation.emitAsset('mf-manifest.json', new sources.RawSource(`${JSON.stringify(this.federationManifest(), null, 2)}\n`));
        } catch (error) {
          compilation.errors.push(new compiler.webpack.WebpackError(error.message));
        }
        for (const f of [...LOCALES.map((l) => `src/i18n/${l}.json`), 'src/routes.json']) compilation.fileDependencies.add(path.join(this.dir, f));
      });
    });
  }
}

module.exports = { RemoteMetaPlugin, compileCatalogues, checkReactSingleton };
