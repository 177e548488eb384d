#!/usr/bin/env node
// Totals every suite's results into the closing line the CI reads: "N passed, N failed, N skipped".
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const tmp = path.join(path.dirname(fileURLToPath(import.meta.url)), '../.tmp');
let passed = 0;
let failed = 0;
let skipped = 0;
const lines = [];
const add = (name, p, f, s) => {
  passed += p;
  failed += f;
  skipped += s;
  lines.push(`${name.padEnd(28)} ${p} passed, ${f} failed, ${s} skipped`);
};

for (const file of existsSync(tmp) ? readdirSync(tmp).sort() : []) {
  const full = path.join(tmp, file);
  if (file.startsWith('results-check-')) {
    const r = JSON.parse(readFileSync(full, 'utf8'));
    add(`check: ${r.name}`, r.passed, r.failed, 0);
  } else if (file.startsWith('jest-') && file.endsWith('.json')) {
    const r = JSON.parse(readFileSync(full, 'utf8'));
    // A suite that failed to run counts as a failure even when it has no test results.
    const brokenSuites = r.testResults.filter((t) => t.status === 'failed' && t.assertionResults.length === 0).length;
    add(file.replace(/\.json$/, ''), r.numPassedTests, r.numFailedTests + brokenSuites, r.numPendingTests + r.numTodoTests);
  }
}
const e2e = path.join(tmp, 'e2e-report.json');
if (existsSync(e2e)) {
  const r = JSON.parse(readFileSync(e2e, 'utf8'));
  const s = r.stats ?? {};
  const setupFailed = (r.errors ?? []).length > 0 && (s.expected ?? 0) === 0 ? 1 : 0;
  add('e2e (playwright)', (s.expected ?? 0) + (s.flaky ?? 0), (s.unexpected ?? 0) + setupFailed, s.skipped ?? 0);
} else {
  add('e2e (playwright): no report', 0, 1, 0);
}
console.log(lines.join('\n'));
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
