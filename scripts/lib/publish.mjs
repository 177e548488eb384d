// Publishing a microfrontend = writing its entry into the runtime manifest the host reads on every request
// (shared/src/contract/runtime-manifest.ts has the format). Checked here, at deploy time, not in a traveller's
// browser: a remote built against a contract the deployed host does not support, or not sharing one of the host's
// singletons (React, jotai, react-intl, @tours/shared/core …) in a version the host provides, is refused with the reason. The entry it replaces is kept as `previous` (rollbackRemote).
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { contractMismatch, satisfiesRange } from './contract-version.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);
const REACT_FAMILY = /^react(-dom)?(\/|$)/;

export class PublishRefused extends Error {}

const packageVersion = (pkg) => JSON.parse(readFileSync(path.join(ROOT, 'node_modules', pkg, 'package.json'), 'utf8')).version;

/**
 * Every singleton the host shares through Module Federation (scripts/webpack/make-config.js `sharedModules`, the
 * one list the host and every remote build with: react, react-dom, jotai, react-intl, @tours/shared/core …) with the
 * version the host provides. Issue 30: all of them are compared at publish, not React alone.
 */
export function hostSingletons() {
  const { sharedModules } = require('../webpack/make-config.js');
  const out = {};
  for (const [name, config] of Object.entries(sharedModules())) {
    if (!config.singleton) continue;
    const pkg = name.startsWith('@') ? name.split('/').slice(0, 2).join('/') : name.split('/')[0];
    out[name] = config.version ?? packageVersion(pkg);
  }
  return out;
}

/** What the host of this checkout supports: its contract (shared's version), React and every shared singleton. */
export function hostRecord() {
  return {
    contract: JSON.parse(readFileSync(path.join(ROOT, 'shared/package.json'), 'utf8')).version,
    react: packageVersion('react'),
    singletons: hostSingletons(),
  };
}

export function readRuntimeManifest(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return {};
  }
}

/** Written whole, then renamed over the old file: the host never reads half a manifest. */
export function writeRuntimeManifest(file, manifest) {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(manifest, null, 2)}\n`);
  renameSync(tmp, file);
}

/** Records the deployed host's contract, React and singletons in the manifest (the host's deploy does this). */
export function publishHost(file, record = hostRecord()) {
  const manifest = readRuntimeManifest(file);
  writeRuntimeManifest(file, { host: record, ...Object.fromEntries(Object.entries(manifest).filter(([k]) => k !== 'host')) });
}

/**
 * Reasons the remote's shared modules (its mf-manifest.json `shared`) cannot run with the host's singletons: each
 * singleton of the host must be shared by the remote as a singleton, with a required version the host's satisfies
 * (else the remote would load a second copy: two Reacts break hooks, two jotai stores or react-intl contexts split
 * the page's state and texts); a singleton the host does not share would be loaded by each remote for itself.
 * A host recorded before issue 30 ({ contract, react } only) is compared on React's modules alone.
 */
export function singletonProblems(shared, host) {
  const singletons = host.singletons ?? Object.fromEntries(['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client'].map((m) => [m, host.react]));
  const problems = [];
  for (const [name, version] of Object.entries(singletons)) {
    const declared = shared.find((s) => s.name === name);
    const copy = REACT_FAMILY.test(name) ? 'React' : `copy of ${name}`;
    if (!declared || !declared.singleton) problems.push(`${name} is not shared as a singleton in its mf-manifest.json: it would load a second ${copy}`);
    else if (declared.requiredVersion && !satisfiesRange(version, declared.requiredVersion)) problems.push(`${name} requires ${declared.requiredVersion}, the host provides ${version}`);
  }
  for (const s of host.singletons ? shared : []) {
    if (s.singleton && !(s.name in singletons)) problems.push(`${s.name} is shared as a singleton by the remote but not by the host: each remote would load its own`);
  }
  return problems;
}

/** Reasons a build cannot run on `host` ({ contract, react, singletons }); empty when it can. */
export function releaseProblems(name, dir, host) {
  const problems = [];
  const metaFile = path.join(dir, 'mfe.json');
  const mfFile = path.join(dir, 'mf-manifest.json');
  if (!existsSync(metaFile) || !existsSync(mfFile)) return [`${dir} is not a build of ${name} (no mfe.json / mf-manifest.json): run its build first`];
  const meta = JSON.parse(readFileSync(metaFile, 'utf8'));
  const mf = JSON.parse(readFileSync(mfFile, 'utf8'));
  if (meta.name !== name) problems.push(`${dir} is a build of ${meta.name}, not ${name}`);
  const mismatch = contractMismatch(host.contract, String(meta.contract ?? ''));
  if (mismatch) problems.push(mismatch);
  const major = (v) => /(\d+)\./.exec(String(v ?? ''))?.[1];
  if (major(meta.react) !== major(host.react)) problems.push(`built with React ${meta.react}, the host runs React ${host.react}: one React per page`);
  problems.push(...singletonProblems(mf.shared ?? [], host));
  return problems;
}

/**
 * Publishes the build in `dir` (default `<name>/dist`), served at `baseUrl`, as `name`'s current release; the
 * release it replaces becomes `previous`. Throws PublishRefused with every reason when the build cannot run.
 */
export async function publishRemote({ manifestFile, name, baseUrl, dir = path.join(ROOT, name, 'dist') }) {
  const manifest = readRuntimeManifest(manifestFile);
  const host = manifest.host ?? hostRecord();
  const problems = releaseProblems(name, dir, host);
  if (problems.length) throw new PublishRefused(`Refused to publish ${name} from ${dir}:\n  - ${problems.join('\n  - ')}`);
  const meta = JSON.parse(readFileSync(path.join(dir, 'mfe.json'), 'utf8'));
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  const release = {
    url: `${base}mf-manifest.json`,
    version: meta.version,
    contract: meta.contract,
    routes: meta.routes ?? [],
    i18n: Object.fromEntries(Object.entries(meta.i18n ?? {}).map(([locale, file]) => [locale, `${base}${file}`])),
  };
  const current = manifest[name];
  const { previous: older, ...currentRelease } = current ?? {};
  const same = current && current.url === release.url && current.version === release.version;
  const entry = { ...release, ...(same ? (older ? { previous: older } : {}) : current ? { previous: currentRelease } : {}) };
  writeRuntimeManifest(manifestFile, { ...manifest, host, [name]: entry });
  return entry;
}

/** Puts `name`'s previous release back (and keeps the one it replaces as previous, to undo the rollback). */
export function rollbackRemote({ manifestFile, name }) {
  const manifest = readRuntimeManifest(manifestFile);
  const current = manifest[name];
  if (!current?.previous) throw new PublishRefused(`${name} has no previous release in ${manifestFile}`);
  const { previous, ...currentRelease } = current;
  writeRuntimeManifest(manifestFile, { ...manifest, [name]: { ...previous, previous: currentRelease } });
  return manifest[name];
}
