/**
 * @jest-environment node
 */
/**
 * The contract's version moves with its surface (issue 30). shared/api-report.md is the public surface of shared
 * (api-report.test.ts keeps it true); shared/api-report.version.json records which version of shared that report
 * belongs to: { version, reportSha256 }. A change of the report without a new version in shared/package.json fails
 * here, so the version the publish check compares (scripts/lib/publish.mjs, each remote's mfe.json `contract`)
 * changes whenever the contract does. After bumping the version (0.x: a new minor when a name is removed or a
 * signature changes, a new patch when names are only added) with its pins and the record in one step:
 *
 *   node scripts/bump-shared.mjs minor|patch
 *
 * or, after bumping by hand: UPDATE_API_VERSION=1 npx jest shared/src/api-version --selectProjects shared
 *
 * The record is written only with that variable, and only for a version newer than the recorded one.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const SHARED = path.resolve(__dirname, '..');
const REPORT = path.join(SHARED, 'api-report.md');
const RECORD = path.join(SHARED, 'api-report.version.json');
const UPDATE_COMMAND = 'UPDATE_API_VERSION=1 npx jest shared/src/api-version --selectProjects shared';
const BUMP_COMMAND = 'node scripts/bump-shared.mjs minor   (or: patch)';

interface VersionRecord { version: string; reportSha256: string }

/** -1, 0 or 1 as `a` is older than, the same as or newer than `b` (x.y.z). */
export function compareVersions(a: string, b: string): number {
  const parts = (v: string) => v.split(/[.+-]/).slice(0, 3).map(Number);
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < 3; i += 1) {
    const [p, q] = [x[i] ?? 0, y[i] ?? 0];
    if (p !== q) return p < q ? -1 : 1;
  }
  return 0;
}

/**
 * What is wrong with the record, in words for the developer; null when the report and the version agree. Pure, so
 * the rule is tested by the table below as well as on the repository's files.
 */
export function versionProblem(record: VersionRecord, current: VersionRecord): string | null {
  if (!/^\d+\.\d+\.\d+$/.test(current.version)) return `shared/package.json's version must be x.y.z, not ${current.version}`;
  const order = compareVersions(current.version, record.version);
  if (order < 0) return `shared/package.json says ${current.version}, older than the recorded ${record.version}`;
  if (record.reportSha256 === current.reportSha256) {
    return order === 0 ? null : `shared is now ${current.version} but the record still says ${record.version}: run ${UPDATE_COMMAND}`;
  }
  if (order === 0) {
    return [
      `shared/api-report.md changed but shared/package.json's version is still ${record.version}.`,
      'The contract changed, so its version must. Bump it, the packages\' exact "@tours/shared" pins and the record',
      'in one step (0.x: minor when a name is removed or a signature changes, patch when names are only added):',
      `  ${BUMP_COMMAND}`,
      `(if ${record.version} was never published, the changes may share its bump: node scripts/bump-shared.mjs ${record.version} --unreleased)`,
    ].join('\n');
  }
  return `shared is now ${current.version} with a changed report; record it: ${UPDATE_COMMAND}`;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('the contract version (shared/package.json) moves with shared/api-report.md', () => {
  it.each<[string, VersionRecord, VersionRecord, RegExp | null]>([
    ['same report, same version', { version: '0.3.0', reportSha256: 'a' }, { version: '0.3.0', reportSha256: 'a' }, null],
    ['report changed, version not', { version: '0.3.0', reportSha256: 'a' }, { version: '0.3.0', reportSha256: 'b' }, /changed but shared\/package.json's version is still 0\.3\.0/],
    ['report changed, version bumped but not recorded', { version: '0.3.0', reportSha256: 'a' }, { version: '0.3.1', reportSha256: 'b' }, /record it: UPDATE_API_VERSION=1/],
    ['version bumped alone, not recorded', { version: '0.3.0', reportSha256: 'a' }, { version: '0.4.0', reportSha256: 'a' }, /the record still says 0\.3\.0/],
    ['version moved back', { version: '0.3.0', reportSha256: 'a' }, { version: '0.2.9', reportSha256: 'a' }, /older than the recorded 0\.3\.0/],
    ['not x.y.z', { version: '0.3.0', reportSha256: 'a' }, { version: 'next', reportSha256: 'a' }, /must be x\.y\.z/],
  ])('%s', (_case, record, current, expected) => {
    const problem = versionProblem(record, current);
    if (expected === null) expect(problem).toBeNull();
    else expect(problem).toMatch(expected);
  });

  it('shared/api-report.version.json records the current report under the current version', () => {
    const current: VersionRecord = {
      version: (JSON.parse(readFileSync(path.join(SHARED, 'package.json'), 'utf8')) as { version: string }).version,
      reportSha256: sha256(readFileSync(REPORT, 'utf8')),
    };
    const record = JSON.parse(readFileSync(RECORD, 'utf8')) as VersionRecord;
    const problem = versionProblem(record, current);
    if (process.env.UPDATE_API_VERSION === '1' && problem) {
      // Refuses to record a changed report under the version it already had: that is the point of the check.
      if (compareVersions(current.version, record.version) <= 0 && record.reportSha256 !== current.reportSha256) throw new Error(problem);
      writeFileSync(RECORD, `${JSON.stringify(current, null, 2)}\n`);
      return;
    }
    if (problem) throw new Error(problem);
  });
});
