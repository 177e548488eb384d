#!/usr/bin/env node
// The duplicates check of the test command (issue 30): jscpd with .jscpd.json counts the pairs of places that share
// six or more lines (at least 25 tokens, so six lines of braces alone do not count) over the source, tests
// included; migrations, seed data (api/src/db/migrations, api/src/db/seed: data and history, not code to share)
// and built or generated files are left out (.jscpd.json `ignore`). Fails when there are more pairs than MAX_PAIRS,
// and prints the largest pairs. MAX_PAIRS only ever goes down: the target is fewer than 100.
//   node scripts/check-duplicates.mjs [--most 15]
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const MAX_PAIRS = 87; // 84 measured on 2026-11-28, second session (issue 30: see docs/decisions.md 'Issue 30: duplicates (session 2026-11-28)'); lower it as duplicates are removed

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const most = Number(process.argv[process.argv.indexOf('--most') + 1]) || 15;
const config = JSON.parse(readFileSync(path.join(ROOT, '.jscpd.json'), 'utf8'));
execFileSync(process.execPath, [path.join(ROOT, 'node_modules/jscpd/bin/jscpd'), '.', '--silent'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
const report = JSON.parse(readFileSync(path.join(ROOT, config.output, 'jscpd-report.json'), 'utf8'));
const pairs = report.duplicates;
const where = (f) => `${f.name}:${f.start}-${f.end}`;
console.log(`duplicates: ${pairs.length} pairs of places sharing ${config.minLines}+ lines (${report.statistics.total.sources} files; at most ${MAX_PAIRS})`);
for (const d of [...pairs].sort((a, b) => b.lines - a.lines).slice(0, most)) console.log(`  ${String(d.lines).padStart(4)} lines  ${where(d.firstFile)} ~ ${where(d.secondFile)}`);
if (pairs.length > MAX_PAIRS) {
  console.error(`duplicates: ${pairs.length} pairs, more than ${MAX_PAIRS}: share the repeated code (the list above, all of it in ${config.output}/jscpd-report.json)`);
  process.exit(1);
}
