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
// Each failure by name, printed just above the totals: CI keeps only the tail of the output.
const failures = [];
const firstLine = (text) =>
  String(text ?? '')
    .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '')
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l.length > 0) ?? '';
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
    for (const suite of r.testResults) {
      const where = path.relative(path.join(tmp, '..'), suite.name);
      if (suite.status === 'failed' && suite.assertionResults.length === 0) {
        failures.push(`${where}: suite failed to run: ${firstLine(suite.message)}`);
      }
      for (const t of suite.assertionResults.filter((a) => a.status === 'failed')) {
        failures.push(`${where} › ${t.fullName}: ${firstLine((t.failureMessages ?? [])[0])}`);
      }
    }
  }
}
const e2e = path.join(tmp, 'e2e-report.json');
if (existsSync(e2e)) {
  const r = JSON.parse(readFileSync(e2e, 'utf8'));
  const s = r.stats ?? {};
  const setupFailed = (r.errors ?? []).length > 0 && (s.expected ?? 0) === 0 ? 1 : 0;
  add('e2e (playwright)', (s.expected ?? 0) + (s.flaky ?? 0), (s.unexpected ?? 0) + setupFailed, s.skipped ?? 0);
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const error = (test.results ?? []).map((x) => x.error?.message).find(Boolean);
        failures.push(`e2e ${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}: ${firstLine(error)}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title].filter(Boolean));
  };
  for (const suite of r.suites ?? []) walk(suite, []);
  for (const error of r.errors ?? []) failures.push(`e2e: ${firstLine(error.message)}`);
} else {
  add('e2e (playwright): no report', 0, 1, 0);
}
if (failures.length > 0) {
  console.log(`failed (${failures.length}):`);
  for (const f of failures) console.log(`  ✕ ${f.length > 400 ? `${f.slice(0, 400)}…` : f}`);
}
console.log(lines.join('\n'));
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
