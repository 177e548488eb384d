// webpack's consume-shared runtime, cut to what the site's shared modules use (issue 33). webpack emits a semver
// parser, range printer and a loader for every sharing mode into the host's main.js and every remoteEntry.js
// (~3.8 KB raw each); the site shares only with caret ranges (`^18.0.0`, `^0.4.0`: make-config.js) and never eagerly,
// and publish refuses a remote whose shared versions the host cannot satisfy (scripts/lib/publish.mjs), so the
// runtime needs only: pick the loaded (else the highest) version, check the caret, warn when it does not hold.
// Anything else in a build fails it here rather than loading the wrong module at run time.
const webpack = require('webpack');
const ConsumeSharedRuntimeModule = require('webpack/lib/sharing/ConsumeSharedRuntimeModule');

const { RuntimeGlobals } = webpack;
const NAME = 'SlimConsumesPlugin';

/**
 * The helpers the handlers call (`loadSingletonVersion`, `loadStrictVersion`), with webpack's signatures and choices:
 * a singleton is the version already loaded, else the highest registered, with a warning when the range does not
 * hold; a non-singleton is the highest that satisfies the range, else the bundle's own copy. Versions are `major.minor.patch`; a range is webpack's
 * encoding of a caret, `[fixed parts, major, minor, patch]`.
 */
function slimHelpers() {
  const I = RuntimeGlobals.initializeSharing;
  const S = RuntimeGlobals.shareScopeMap;
  const has = RuntimeGlobals.hasOwnProperty;
  return `
var versionLt = (a, b) => { a = a.split('.'); b = b.split('.'); for (var i = 0; i < 3; i++) if (a[i] != b[i]) return +a[i] < +b[i]; return false; };
var satisfy = (range, version) => { var v = version.split('.').map(Number); for (var i = 0; i < 3; i++) if (v[i] !== range[i + 1]) return i >= range[0] && v[i] > range[i + 1]; return true; };
var pick = (versions, ok) => Object.keys(versions).reduce((a, b) => (ok(a, b) ? b : a), 0);
var get = (entry) => { entry.loaded = 1; return entry.get(); };
var warn = (msg) => { if (typeof console !== 'undefined' && console.warn) console.warn(msg); };
var init = (fn) => function (scopeName, key, eager, range, fallback) {
  var promise = ${I}(scopeName);
  if (promise && promise.then) return promise.then(() => fn(scopeName, ${S}[scopeName], key, range, fallback));
  return fn(scopeName, ${S}[scopeName], key, range, fallback);
};
var missing = (scopeName, scope, key, fallback) => {
  if (scope && ${has}(scope, key)) return false;
  if (fallback) return fallback;
  throw new Error('Shared module ' + key + " doesn't exist in shared scope " + scopeName);
};
var loadSingletonVersion = init((scopeName, scope, key, range, fallback) => {
  var none = missing(scopeName, scope, key, fallback);
  if (none) return none();
  var versions = scope[key];
  var version = pick(versions, (a, b) => !a || (!versions[a].loaded && versionLt(a, b)));
  if (!satisfy(range, version)) warn('Unsatisfied version ' + version + ' from ' + versions[version].from + ' of shared singleton module ' + key + ' (required ^' + range.slice(1).join('.') + ')');
  return get(versions[version]);
});
var loadStrictVersion = init((scopeName, scope, key, range, fallback) => {
  var none = missing(scopeName, scope, key, fallback);
  if (none) return none();
  var versions = scope[key];
  var version = pick(versions, (a, b) => satisfy(range, b) && (!a || versionLt(a, b)));
  if (version) return get(versions[version]);
  if (fallback) return fallback();
  throw new Error('No satisfying version (^' + range.slice(1).join('.') + ') of shared module ' + key + ' found in shared scope ' + scopeName + '. Available versions: ' + Object.keys(versions).join(', '));
});
`;
}

/** Each handler is `() => loadX("scope", "key", eager, [range], fallback)`; the slim helpers know two of them. */
const CALL = /\b(load\w*)\(("[^"]*"), ("[^"]*"), (\w+), (\[[^\]]*\])/g;

function checkCalls(code) {
  const calls = [...code.matchAll(CALL)];
  if (calls.length === 0) throw new Error(`${NAME}: found no shared-module handler to check`);
  for (const [, fn, , key, eager, range] of calls) {
    const r = JSON.parse(range);
    const caret = r.length === 4 && r[0] >= 1 && r[0] <= 3 && r.slice(1).every((n) => Number.isInteger(n) && n >= 0);
    if (!['loadSingletonVersion', 'loadStrictVersion'].includes(fn) || eager !== 'false' || !caret) {
      throw new Error(`${NAME}: ${key} is shared as ${fn}(eager ${eager}, range ${range}); the slim runtime knows non-eager caret ranges only (scripts/webpack/make-config.js)`);
    }
  }
}

class SlimConsumesPlugin {
  apply(compiler) {
    compiler.hooks.compilation.tap(NAME, (compilation) => {
      compilation.hooks.runtimeModule.tap(NAME, (module) => {
        if (!(module instanceof ConsumeSharedRuntimeModule)) return;
        const generate = module.generate.bind(module);
        module.generate = () => {
          const code = generate();
          if (code === null) return null;
          // webpack's helpers come first; from `installedModules` on are the handlers and the chunk hooks.
          const start = code.search(/^(var|const) installedModules = \{\};$/m);
          if (start < 0) throw new Error(`${NAME}: webpack's consumes runtime changed shape (no installedModules)`);
          const rest = code.slice(start);
          checkCalls(rest);
          return slimHelpers() + rest;
        };
      });
    });
  }
}

module.exports = { SlimConsumesPlugin, slimHelpers };
