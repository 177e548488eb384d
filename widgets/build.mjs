#!/usr/bin/env node
/* global process, console, Buffer */
// Builds the partner widgets with esbuild (installed with tsx) into widgets/dist:
//   loader.js                 the loader (IIFE, no hash: served short-lived), build manifest baked in; the
//                             server writes the site and API origins into it (__TW_SITE__, __TW_API__)
//   search.<hash>.js/.css     the search box bundle (one ES module with Preact: runtime/react.ts gives the
//                             components React's API on it) and its stylesheet
//   request.<hash>.js/.css    the request form bundle and its stylesheet
//   chunk.<hash>.js           chunks: the request form's Preact and API error class (imported statically by it and
//                             by its lazy chunk; the loader fetches it with the bundle); lazy, the phone chunk
//                             (libphonenumber-js + metadata, imported when the phone field is first used), the
//                             request form's sending code and captcha step (imported when the form is first
//                             focused, at the latest on submit) and the captcha chunks (ALTCHA with its stylesheet
//                             as text and the page-thread proof of work; ALTCHA's texts of de, ru and cn), imported
//                             only when a captcha is shown
//   <locale>.<hash>.js        the forms.* and widgets.* texts of one locale (from shared/src/i18n/messages),
//                             compiled to their parts (runtime/compile-messages.ts)
//   manifest.json             file names, for the server and the benchmark
// The gzip budgets of the loader and of each bundle with what it imports statically are widgets/budgets.json: the
// build prints OK/OVER against them, widgets/src/budgets.test.ts (in the test command) fails over them, and the
// benchmark (scripts/bench/widgets.mjs) prints OK/OVER against the same numbers.
// Usage: node widgets/build.mjs [--quiet] [--out <dir>] [--json] [--analyze]
//   --json prints only the sizes and the budgets; --analyze prints which modules each output file holds, by size
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const require = createRequire(import.meta.url);
const esbuild = require('esbuild');

export const WIDGETS_DIR = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(WIDGETS_DIR, '..');
export const DIST = path.join(WIDGETS_DIR, 'dist');
const MESSAGES = path.join(ROOT, 'shared/src/i18n/messages');
const LOCALES = ['en', 'cn', 'de', 'ru'];
const KINDS = ['search', 'request'];

export const SITE_MARK = '__TW_SITE__';
export const API_MARK = '__TW_API__';
const hash8 = (text) => createHash('sha256').update(text).digest('hex').slice(0, 8);
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/** forms.* and widgets.* texts of a locale (the configurator's widgets.agencies.* stay out), en filling gaps. */
export function widgetMessages(locale) {
  const pick = (loc) => {
    const out = {};
    for (const ns of ['forms', 'widgets']) Object.assign(out, readJson(path.join(MESSAGES, loc, `${ns}.json`)));
    for (const key of Object.keys(out)) if (key.startsWith('widgets.agencies.')) delete out[key];
    return out;
  };
  return locale === 'en' ? pick('en') : { ...pick('en'), ...pick(locale) };
}

/** Evergreen browsers from 2022 on: optional chaining, class fields, ??= and adoptedStyleSheets stay as written. */
const BROWSERS = ['chrome100', 'edge100', 'firefox101', 'safari16.4'];
/**
 * React's API for the shared components is runtime/react.ts on Preact (not preact/compat: see there). Of
 * `@tours/shared/core` (the site's federation singleton: state atoms, host context, the API error class) the widgets
 * use the error class only: its file is taken directly, so the site's jotai and React context stay out of the build.
 */
const REACT_ON_PREACT = {
  name: 'react-on-preact',
  setup(build) {
    const react = path.join(WIDGETS_DIR, 'src/runtime/react.ts');
    build.onResolve({ filter: /^(react|react-dom|react-dom\/client)$/ }, () => ({ path: react }));
    build.onResolve({ filter: /^react(-dom)?\// }, (args) => ({ errors: [{ text: `widgets: ${args.path} is not available on Preact (runtime/react.ts)` }] }));
    build.onResolve({ filter: /^@tours\/shared\/core$/ }, () => ({ path: path.join(ROOT, 'shared/src/api/errors.ts') }));
  },
};
/**
 * WIDGET_ENTRY's imports name shared's files by path (`@tours/shared/src/ui/Button`), without an extension. shared/package.json
 * `exports` lists `./src/*` with the extensions to try as fallbacks, which TypeScript, webpack and jest follow but
 * esbuild does not (Node's rule: a fallback only for an invalid target), so such a path is resolved as a file here.
 */
const SHARED_FILES = {
  name: 'shared-files',
  setup(build) {
    build.onResolve({ filter: /^@tours\/shared\/src\// }, (args) =>
      build.resolve(path.join(ROOT, 'shared', args.path.slice('@tours/shared/'.length)), { kind: args.kind, resolveDir: args.resolveDir }));
  },
};

/** Each value name of `@tours/shared/widgets` → the shared file it comes from, read from the entry's `export { … } from`. */
function widgetEntryFiles() {
  const entry = path.join(ROOT, 'shared/src/entries/widgets.ts');
  const files = new Map();
  for (const [, typeOnly, list, from] of readFileSync(entry, 'utf8').matchAll(/^export\s+(type\s+)?\{([^}]*)\}\s+from\s+'([^']+)';/gm)) {
    if (typeOnly) continue;
    const file = `@tours/shared/${path.relative(path.join(ROOT, 'shared'), path.resolve(path.dirname(entry), from)).split(path.sep).join('/')}`;
    for (const name of list.split(',').map((s) => s.trim()).filter((s) => s && !s.startsWith('type '))) files.set(name, file);
  }
  return files;
}

/**
 * The widgets import shared through its entries (`@tours/shared/widgets`, and `@tours/shared/core` for the API error
 * class), and esbuild gets each name from its own file, as if imported by path: through one re-exporting module,
 * esbuild would put a module that only a lazy chunk uses into the chunk the first paint loads (the entry is reached
 * from both), and every stylesheet the entry's modules import into each bundle's CSS (esbuild issue #2933). The
 * same rewrite as Next.js's optimizePackageImports. A file's shared imports become one import per shared file, in
 * path order where the first of them stood (the order esbuild lays the modules out in, as when the widgets imported
 * files by path), so the bundles do not change. Type-only names go: esbuild does not check types.
 */
const WIDGET_ENTRY = {
  name: 'widget-entry',
  setup(build) {
    const files = widgetEntryFiles();
    const coreFile = '@tours/shared/src/api/errors'; // as REACT_ON_PREACT resolves @tours/shared/core
    build.onLoad({ filter: /[\\/]widgets[\\/]src[\\/].*\.tsx?$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (!/from '@tours\/shared\/(widgets|core)'/.test(source)) return undefined;
      const byFile = new Map();
      const missing = [];
      const MARK = '\u0000shared-imports\u0000';
      let marked = false;
      const rest = source.replace(/^import\s+(type\s+)?\{([^}]*)\}\s+from\s+'@tours\/shared\/(widgets|core)';\n/gm, (_, typeOnly, list, entry) => {
        for (const spec of typeOnly ? [] : list.split(',').map((s) => s.trim()).filter((s) => s && !s.startsWith('type '))) {
          const file = entry === 'core' ? coreFile : files.get(spec.split(/\s+as\s+/)[0]);
          if (file) byFile.set(file, [...(byFile.get(file) ?? []), spec]);
          else missing.push(spec);
        }
        if (marked) return '';
        marked = true;
        return MARK;
      });
      if (missing.length > 0) return { errors: [{ text: `widgets: ${missing.join(', ')} not exported by @tours/shared/widgets (${path.relative(ROOT, args.path)})` }] };
      const imports = [...byFile.keys()].sort().map((file) => `import { ${byFile.get(file).join(', ')} } from '${file}';\n`).join('');
      return { contents: rest.replace(MARK, imports), loader: args.path.endsWith('x') ? 'tsx' : 'ts', resolveDir: path.dirname(args.path) };
    });
  },
};

/**
 * `import text from 'x.css?text'`: the stylesheet minified, as a string (the captcha chunk adopts ALTCHA's into the
 * shadow root as a constructed sheet; the bundles' own stylesheets are files the loader fetches).
 */
const CSS_TEXT = {
  name: 'css-text',
  setup(build) {
    build.onResolve({ filter: /\.css\?text$/ }, async (args) => {
      const found = await build.resolve(args.path.slice(0, -'?text'.length), { kind: args.kind, resolveDir: args.resolveDir });
      return found.errors.length ? { errors: found.errors } : { path: found.path, namespace: 'css-text' };
    });
    build.onLoad({ filter: /.*/, namespace: 'css-text' }, async (args) => {
      const { code } = await esbuild.transform(readFileSync(args.path, 'utf8'), { loader: 'css', minify: true, legalComments: 'none' });
      return { contents: code.trim(), loader: 'text', watchFiles: [args.path] };
    });
  },
};

/**
 * A `*.build-time.ts` module is evaluated while building: the bundle gets its exported values as literals, not its
 * code and what that imports (the request form's legal paths: not the site's route table). Its exports must be JSON.
 */
const BUILD_TIME = {
  name: 'build-time',
  setup(build) {
    build.onLoad({ filter: /\.build-time\.ts$/ }, async (args) => {
      const values = await importTs(args.path);
      return { contents: Object.entries(values).map(([name, value]) => `export const ${name} = ${JSON.stringify(value)};`).join('\n'), loader: 'js' };
    });
  },
};

/** A TypeScript module of the widgets run here (bundled for Node): the build-time modules, the message compiler. */
async function importTs(file) {
  const result = await esbuild.build({ absWorkingDir: ROOT, entryPoints: [file], bundle: true, format: 'esm', platform: 'node', write: false, plugins: [SHARED_FILES, WIDGET_ENTRY], logLevel: 'warning' });
  return import(`data:text/javascript;base64,${Buffer.from(result.outputFiles[0].contents).toString('base64')}`);
}

/** What a lazy chunk is for, by the module it was imported for: the captcha (its step, ALTCHA and its texts), the phone. */
const onDemandGroup = (entryPoint) =>
  /node_modules\/altcha\/|widgets\/src\/request\/(CaptchaStep\.tsx|altcha\.ts)$/.test(entryPoint) ? 'captcha' : /node_modules\/libphonenumber-js\//.test(entryPoint) ? 'phone' : 'onUse';

/** The gzip budgets in KB (1,024 bytes): the loader, and each bundle with the chunks it imports statically. */
export const WIDGET_BUDGETS_KB = readJson(path.join(WIDGETS_DIR, 'budgets.json'));

/** Each budget with its figure: `{ name, gzip, budget, ok }` (bytes). */
export function budgetCheck(sizes) {
  return Object.entries(WIDGET_BUDGETS_KB).map(([name, kb]) => ({ name, gzip: sizes[name].gzip, budget: kb * 1024, ok: sizes[name].gzip <= kb * 1024 }));
}

/** `analyze`: prints each bundle's files and, per file, the modules in it by size (esbuild's metafile analysis). */
export async function buildWidgets({ quiet = false, outDir = DIST, analyze = false } = {}) {
  const started = Date.now();
  const dist = path.resolve(outDir);
  rmSync(dist, { recursive: true, force: true });
  mkdirSync(dist, { recursive: true });

  // Texts: one tiny module per locale, compiled (runtime/compile-messages.ts: the bundles parse nothing).
  const { compileMessages } = await importTs(path.join(WIDGETS_DIR, 'src/runtime/compile-messages.ts'));
  const messages = {};
  const fallback = {};
  for (const locale of LOCALES) {
    const m = widgetMessages(locale);
    const source = `export default ${JSON.stringify(compileMessages(m))};\n`;
    const file = `${locale}.${hash8(source)}.js`;
    writeFileSync(path.join(dist, file), source);
    messages[locale] = file;
    // The loader's fallback text, split around the link: [before, site name, after].
    const [before, after] = m['widgets.fallback'].split(/<link>\{site\}<\/link>/);
    fallback[locale] = [before, m['widgets.siteName'], after];
  }

  // Bundles: one esbuild build per widget, so each is one ES module with its own Preact (no request waterfall
  // through a shared chunk); splitting only moves the lazy chunks out (each fetched on first use).
  const bundles = {};
  /** Lazy file → the groups of the dynamic imports that reach it ('captcha', 'phone', 'onUse'). */
  const groupsOf = new Map();
  const rel = (p) => path.relative(path.relative(ROOT, dist), p);
  for (const kind of KINDS) {
    const result = await esbuild.build({
      absWorkingDir: ROOT,
      entryPoints: { [kind]: `widgets/src/${kind}/index.tsx` },
      bundle: true,
      splitting: true,
      format: 'esm',
      target: BROWSERS,
      charset: 'utf8',
      minify: true,
      outdir: dist,
      entryNames: '[name].[hash]',
      chunkNames: 'chunk.[hash]',
      assetNames: 'asset.[hash]',
      jsx: 'automatic',
      jsxImportSource: 'preact',
      // BUILD_TIME before WIDGET_ENTRY: a build-time module is evaluated (importTs), not loaded as source.
      plugins: [REACT_ON_PREACT, SHARED_FILES, CSS_TEXT, BUILD_TIME, WIDGET_ENTRY],
      define: { 'process.env.NODE_ENV': '"production"' },
      legalComments: 'none',
      metafile: true,
      logLevel: 'warning',
    });
    if (analyze) console.log(await esbuild.analyzeMetafile(result.metafile, { verbose: false }));
    const outputs = result.metafile.outputs;
    const staticClosure = (file, seen = new Set()) => {
      for (const imp of outputs[file]?.imports ?? []) {
        if (imp.kind === 'import-statement' && !imp.external && !seen.has(imp.path)) {
          seen.add(imp.path);
          staticClosure(imp.path, seen);
        }
      }
      return seen;
    };
    const entry = Object.keys(outputs).find((out) => outputs[out].entryPoint?.endsWith(`src/${kind}/index.tsx`) && out.endsWith('.js'));
    const first = staticClosure(entry);
    bundles[kind] = { js: rel(entry), css: outputs[entry].cssBundle ? rel(outputs[entry].cssBundle) : null, imports: [...first].map(rel) };
    // The bundle's stylesheet has every rule its modules import; a shared chunk's own copy would never be fetched.
    for (const out of Object.keys(outputs)) if (out.endsWith('.css') && out !== outputs[entry].cssBundle) rmSync(path.resolve(ROOT, out));
    for (const meta of Object.values(outputs)) {
      for (const imp of meta.imports ?? []) {
        if (imp.kind !== 'dynamic-import' || imp.external) continue;
        // A lazy chunk with the chunks it imports statically (code it shares with another lazy chunk).
        const group = onDemandGroup(outputs[imp.path].entryPoint ?? '');
        for (const file of [imp.path, ...staticClosure(imp.path)]) {
          if (outputs[file] && !first.has(file) && file !== entry) groupsOf.set(rel(file), new Set([...(groupsOf.get(rel(file)) ?? []), group]));
        }
      }
    }
  }
  for (const kind of KINDS) if (!bundles[kind]?.css) throw new Error(`widgets: no stylesheet for ${kind}`);
  // Captcha files are fetched only when a captcha is shown; a file other imports reach too is fetched with those.
  const only = (group) => [...groupsOf].filter(([, groups]) => groups.size === 1 && groups.has(group)).map(([file]) => file).sort();
  const captcha = only('captcha');
  const lazy = [...groupsOf.keys()].filter((file) => !captcha.includes(file)).sort();

  const manifestBody = { bundles, messages, lazy, phone: only('phone'), captcha };
  const version = hash8(JSON.stringify(manifestBody));
  const manifest = { version, ...manifestBody };

  // The loader: a classic script with the manifest inside.
  await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: ['widgets/src/loader.ts'],
    bundle: true,
    format: 'iife',
    target: BROWSERS,
    minify: true,
    outfile: path.join(dist, 'loader.js'),
    charset: 'utf8',
    define: {
      // runtime/protocol.ts LoaderManifest: per bundle [js, css, ...imports].
      __TW_MANIFEST__: JSON.stringify({
        version,
        bundles: Object.fromEntries(KINDS.map((k) => [k, [bundles[k].js, bundles[k].css, ...bundles[k].imports]])),
        messages,
      }),
      __TW_FALLBACK__: JSON.stringify(fallback),
      // The widget server writes the main site's and the API's origins here (serve.mjs, templateLoader).
      __TW_ENV__: JSON.stringify({ site: SITE_MARK, api: API_MARK }),
    },
    legalComments: 'none',
    logLevel: 'warning',
  });
  writeFileSync(path.join(dist, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);

  const sizes = widgetSizes(manifest, dist);
  if (!quiet) {
    const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
    const budget = Object.fromEntries(budgetCheck(sizes).map((b) => [b.name, ` (budget ${WIDGET_BUDGETS_KB[b.name]} KB: ${b.ok ? 'OK' : 'OVER'})`]));
    console.log(`widgets built in ${Date.now() - started} ms (version ${version})`);
    console.log(`  loader.js          ${kb(sizes.loader.raw)} raw, ${kb(sizes.loader.gzip)} gzip${budget.loader}`);
    for (const kind of KINDS) console.log(`  ${kind.padEnd(8)} bundle    ${kb(sizes[kind].raw)} raw, ${kb(sizes[kind].gzip)} gzip${budget[kind]} (${1 + bundles[kind].imports.length} files, css ${kb(sizes[kind].cssGzip)} gzip)`);
    console.log(`  lazy phone chunk   ${kb(sizes.phone.gzip)} gzip`);
    console.log(`  lazy on first use  ${kb(sizes.onUse.gzip)} gzip (the request form's sending code and captcha step)`);
    console.log(`  lazy captcha       ${kb(sizes.captcha.gzip)} gzip (ALTCHA with its stylesheet; its de, ru or cn texts ≤ ${kb(sizes.captchaTexts.gzip)} more)`);
  }
  return { manifest, sizes };
}

/** Where the README's snippet has the widgets' main site (and its API, called through it). */
const EXAMPLE_SITE = 'https://www.example.com';

/** The loader as the widget server sends it: with the main site's and the API's origins written in (serve.mjs). */
function loaderSize(dir) {
  const served = Buffer.from(readFileSync(path.join(dir, 'loader.js'), 'utf8').replaceAll(SITE_MARK, EXAMPLE_SITE).replaceAll(API_MARK, EXAMPLE_SITE));
  return { raw: served.length, gzip: gzipSync(served, { level: 9 }).length };
}

/** Raw and gzip bytes: the loader (served), each bundle with the chunks it imports statically, the lazy chunks (phone, captcha). */
export function widgetSizes(manifest = readJson(path.join(DIST, 'manifest.json')), dir = DIST) {
  const size = (files) => {
    let raw = 0;
    let gzip = 0;
    for (const f of files) {
      const buf = readFileSync(path.join(dir, f));
      raw += buf.length;
      gzip += gzipSync(buf, { level: 9 }).length;
    }
    return { raw, gzip };
  };
  // The captcha: ALTCHA's chunk (the largest of its files: all an English page fetches) and one locale's texts more.
  const captchaFiles = (manifest.captcha ?? []).map((f) => ({ f, ...size([f]) })).sort((a, b) => b.gzip - a.gzip);
  const none = { raw: 0, gzip: 0 };
  const phone = manifest.phone ?? manifest.lazy;
  const out = {
    loader: loaderSize(dir),
    lazy: size(manifest.lazy),
    phone: size(phone),
    onUse: size(manifest.lazy.filter((f) => !phone.includes(f))),
    captcha: captchaFiles[0] ? size([captchaFiles[0].f]) : none,
    captchaTexts: captchaFiles[1] ?? none,
  };
  for (const [kind, b] of Object.entries(manifest.bundles)) {
    out[kind] = { ...size([b.js, ...b.imports]), cssGzip: size([b.css]).gzip, messagesGzip: size([manifest.messages.en]).gzip };
  }
  return out;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const json = args.includes('--json');
  const out = args.includes('--out') ? args[args.indexOf('--out') + 1] : DIST;
  const { sizes } = await buildWidgets({ quiet: json || args.includes('--quiet'), outDir: out, analyze: args.includes('--analyze') });
  if (json) console.log(JSON.stringify({ sizes, budgets: budgetCheck(sizes) }));
}
