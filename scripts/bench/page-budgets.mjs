// Issue 33's page budgets (scripts/perf-budgets.json), for the benchmark's areas; the e2e gate reads the same file.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const PAGE_BUDGETS = JSON.parse(readFileSync(path.join(ROOT, 'scripts/perf-budgets.json'), 'utf8'));
