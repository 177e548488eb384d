#!/usr/bin/env node
// Bumps the contract's version (issue 30) in one step, after a change of shared/api-report.md:
//   node scripts/bump-shared.mjs minor|patch|<x.y.z> [--unreleased]
// sets shared/package.json's version, the exact "@tours/shared" pins of every package (package.json and the
// workspace entries of package-lock.json, written as npm writes it; node_modules is not touched) and records the
// report's hash under the new version in shared/api-report.version.json (checked by shared/src/api-version.test.ts).
// 0.x: `minor` when a name is removed or a signature changes (the publish check then refuses remotes built against
// the older contract), `patch` when names are only added. The version must be newer than the current one, unless
// `--unreleased` says the current version was never published (no remote built against it was deployed): then the
// report may be recorded again under it, so the changes of one release share one bump.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const readJson = (file) => JSON.parse(readFileSync(path.join(ROOT, file), 'utf8'));
const writeJson = (file, value) => writeFileSync(path.join(ROOT, file), `${JSON.stringify(value, null, 2)}\n`);

const shared = readJson('shared/package.json');
const old = shared.version;
const [major, minor, patch] = old.split('.').map(Number);
const arg = process.argv[2];
const next = arg === 'minor' ? `${major}.${minor + 1}.0` : arg === 'patch' ? `${major}.${minor}.${patch + 1}` : arg;
if (!next || !/^\d+\.\d+\.\d+$/.test(next)) {
  console.error('Usage: node scripts/bump-shared.mjs minor|patch|<x.y.z> [--unreleased]');
  process.exit(2);
}
const order = next.split('.').map(Number).reduce((acc, n, i) => acc || n - [major, minor, patch][i], 0);
if (order < 0 || (order === 0 && !process.argv.includes('--unreleased'))) {
  console.error(`${next} is not newer than ${old}: a changed contract needs a new version (or --unreleased, if ${old} was never published)`);
  process.exit(2);
}

shared.version = next;
writeJson('shared/package.json', shared);
const pinned = [];
for (const dir of readdirSync(ROOT)) {
  const file = `${dir}/package.json`;
  if (dir === 'shared' || dir === 'node_modules' || !existsSync(path.join(ROOT, file))) continue;
  const pkg = readJson(file);
  for (const field of ['dependencies', 'devDependencies']) {
    if (pkg[field]?.['@tours/shared']) {
      pkg[field]['@tours/shared'] = next;
      pinned.push(dir);
    }
  }
  if (pinned.at(-1) === dir) writeJson(file, pkg);
}
const lock = readJson('package-lock.json');
for (const [where, entry] of Object.entries(lock.packages)) {
  if (where === 'shared') entry.version = next;
  for (const field of ['dependencies', 'devDependencies']) if (entry[field]?.['@tours/shared']) entry[field]['@tours/shared'] = next;
}
writeJson('package-lock.json', lock);
const reportSha256 = createHash('sha256').update(readFileSync(path.join(ROOT, 'shared/api-report.md'))).digest('hex');
writeJson('shared/api-report.version.json', { version: next, reportSha256 });
console.log(`@tours/shared ${old} → ${next}; pinned in ${pinned.join(', ')} and package-lock.json; report recorded`);
