#!/usr/bin/env node
/* global process, console */
// Builds the partner widgets with esbuild (installed with tsx) into widgets/dist:
//   loader.js                 the loader (IIFE, no hash: served short-lived), build manifest baked in; the
//                             server writes the site and API origins into it (__TW_SITE__, __TW_API__)
//   search.<hash>.js/.css     the search box bundle (one ES module with Preact via preact/compat) and its stylesheet
//   request.<hash>.js/.css    the request form bundle and its stylesheet
//   chunk.<hash>.js           lazy chunks: the phone chunk (libphonenumber-js + metadata, imported when the phone
//                             field is first used) and the request form's captcha chunk (ALTCHA with its stylesheet
//                             as text and the page-thread proof of work, imported when a captcha is shown) with
//                             ALTCHA's texts of de, ru and cn
//   <locale>.<hash>.js        the forms.* and widgets.* texts of one locale (from shared/src/i18n/messages)
//   manifest.json             file names, for the server and the benchmark
// Usage: node widgets/build.mjs [--quiet]
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
const ALIAS = { react: 'preact/compat', 'react-dom': 'preact/compat' };
/**
 * The widgets import shared's files by path (`@tours/shared/src/ui/Button`), without an extension. shared/package.json
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

/** The lazy chunks of the request form's captcha (ALTCHA and its texts), told apart from the phone chunk by their inputs. */
const isCaptchaChunk = (meta) => Object.keys(meta.inputs).some((input) => /node_modules\/altcha\/|widgets\/src\/request\/(altcha|pow)\.ts$/.test(input));

export async function buildWidgets({ quiet = false } = {}) {
  const started = Date.now();
  rmSync(DIST, { recursive: true, force: true });
  mkdirSync(DIST, { recursive: true });

  // Texts: one tiny module per locale.
  const messages = {};
  const fallback = {};
  for (const locale of LOCALES) {
    const m = widgetMessages(locale);
    const source = `export default ${JSON.stringify(m)};\n`;
    const file = `${locale}.${hash8(source)}.js`;
    writeFileSync(path.join(DIST, file), source);
    messages[locale] = file;
    // The loader's fallback text, split around the link: [before, site name, after].
    const [before, after] = m['widgets.fallback'].split(/<link>\{site\}<\/link>/);
    fallback[locale] = [before, m['widgets.siteName'], after];
  }

  // Bundles: one esbuild build per widget, so each is one ES module with its own Preact (no request waterfall
  // through a shared chunk); splitting only moves the lazy chunks out: the phone chunk (libphonenumber-js) and the
  // request form's captcha (ALTCHA), each fetched on first use.
  const bundles = {};
  const lazy = new Set();
  const captcha = new Set();
  const rel = (p) => path.relative(path.relative(ROOT, DIST), p);
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
      outdir: DIST,
      entryNames: '[name].[hash]',
      chunkNames: 'chunk.[hash]',
      assetNames: 'asset.[hash]',
      jsx: 'automatic',
      alias: ALIAS,
      plugins: [SHARED_FILES, CSS_TEXT],
      define: { 'process.env.NODE_ENV': '"production"' },
      legalComments: 'none',
      metafile: true,
      logLevel: 'warning',
    });
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
    for (const [out, meta] of Object.entries(outputs)) {
      if (meta.entryPoint?.endsWith(`src/${kind}/index.tsx`) && out.endsWith('.js')) bundles[kind] = { js: rel(out), css: meta.cssBundle ? rel(meta.cssBundle) : null, imports: [...staticClosure(out)].map(rel) };
      for (const imp of meta.imports ?? []) {
        if (imp.kind !== 'dynamic-import' || imp.external) continue;
        // A lazy chunk with the chunks it imports statically (code it shares with another lazy chunk).
        for (const file of [imp.path, ...staticClosure(imp.path)]) {
          if (outputs[file] && !staticClosure(out).has(file) && file !== out) (isCaptchaChunk(outputs[imp.path]) ? captcha : lazy).add(rel(file));
        }
      }
    }
  }
  for (const file of captcha) lazy.delete(file);
  for (const kind of KINDS) if (!bundles[kind]?.css) throw new Error(`widgets: no stylesheet for ${kind}`);

  const manifestBody = { bundles, messages, lazy: [...lazy].sort(), captcha: [...captcha].sort() };
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
    outfile: path.join(DIST, 'loader.js'),
    charset: 'utf8',
    define: {
      __TW_MANIFEST__: JSON.stringify({ version, bundles: Object.fromEntries(KINDS.map((k) => [k, { js: bundles[k].js, css: bundles[k].css }])), messages }),
      __TW_FALLBACK__: JSON.stringify(fallback),
      // The widget server writes the main site's and the API's origins here (serve.mjs, templateLoader).
      __TW_ENV__: JSON.stringify({ site: SITE_MARK, api: API_MARK }),
    },
    legalComments: 'none',
    logLevel: 'warning',
  });
  writeFileSync(path.join(DIST, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);

  const sizes = widgetSizes(manifest);
  if (!quiet) {
    const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
    console.log(`widgets built in ${Date.now() - started} ms (version ${version})`);
    console.log(`  loader.js          ${kb(sizes.loader.raw)} raw, ${kb(sizes.loader.gzip)} gzip`);
    for (const kind of KINDS) console.log(`  ${kind.padEnd(8)} bundle    ${kb(sizes[kind].raw)} raw, ${kb(sizes[kind].gzip)} gzip (${1 + bundles[kind].imports.length} files, css ${kb(sizes[kind].cssGzip)} gzip)`);
    console.log(`  lazy phone chunk   ${kb(sizes.lazy.gzip)} gzip`);
    console.log(`  lazy captcha chunk ${kb(sizes.captcha.gzip)} gzip (ALTCHA with its stylesheet; its de, ru or cn texts ≤ ${kb(sizes.captchaTexts.gzip)} more)`);
  }
  return { manifest, sizes };
}

/** Raw and gzip bytes: the loader, each bundle with the chunks it imports statically, the lazy chunks (phone, captcha). */
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
  const out = {
    loader: size(['loader.js']),
    lazy: size(manifest.lazy),
    captcha: captchaFiles[0] ? size([captchaFiles[0].f]) : { raw: 0, gzip: 0 },
    captchaTexts: captchaFiles[1] ?? { raw: 0, gzip: 0 },
  };
  for (const [kind, b] of Object.entries(manifest.bundles)) {
    out[kind] = { ...size([b.js, ...b.imports]), cssGzip: size([b.css]).gzip, messagesGzip: size([manifest.messages.en]).gzip };
  }
  return out;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildWidgets({ quiet: process.argv.includes('--quiet') });
}
