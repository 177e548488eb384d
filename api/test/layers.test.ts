/**
 * The API's layers (issue 30; api/.dependency-cruiser.cjs): dependency-cruiser finds no import against them in
 * api/src, and it does find each kind of violating import in a small sample tree, so this test can fail. The lint rule
 * that keeps queries out of the routes (eslint.config.mjs) is checked on a sample route the same way.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const CONFIG = path.join(ROOT, 'api/.dependency-cruiser.cjs');
const CLI = path.join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

/** The violations dependency-cruiser reports for `api/src` under `cwd` (the rules' paths start at api/src/). */
function violationsIn(cwd: string): Violation[] {
  const run = spawnSync(process.execPath, [CLI, 'api/src', '--config', CONFIG, '--output-type', 'json'], { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (!run.stdout) throw new Error(`dependency-cruiser printed nothing: ${run.stderr}`);
  const result = JSON.parse(run.stdout) as { summary: { violations: Violation[] } };
  return result.summary.violations;
}

const describeViolation = (v: Violation) => `${v.rule.name}: ${v.from} → ${v.to}`;

test('the API has no import against its layers', () => {
  expect(violationsIn(ROOT).map(describeViolation)).toEqual([]);
});

describe('a violating import is caught', () => {
  let dir: string;
  let sample: Violation[];

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-layers-'));
    const files: Record<string, string> = {
      'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler', strict: true } }),
      'api/src/services.ts': 'export const services = 1;\n',
      'api/src/server.ts': "import { a } from './routes/a';\nexport const server = a;\n",
      // The registrar is shared by every route file: allowed.
      'api/src/routes/router.ts': 'export const router = 1;\n',
      'api/src/routes/a.ts': "import { b } from './b';\nimport { router } from './router';\nexport const a = b + router;\n",
      'api/src/routes/b.ts': "import { useCase } from '../use-cases/u';\nexport const b = useCase;\n",
      'api/src/use-cases/u.ts': "import type { services } from '../services';\nexport const useCase = 1 as typeof services;\n",
      'api/src/lib/helper.ts': "import { b } from '../routes/b';\nimport { services } from '../services';\nimport { useCase } from '../use-cases/u';\nexport const helper = b + services + useCase;\n",
      'api/src/lib/ping.ts': "import { pong } from './pong';\nexport const ping = () => pong();\n",
      'api/src/lib/pong.ts': "import { ping } from './ping';\nexport const pong = () => ping;\n",
      // A module and the types it describes may import each other (a type-only cycle changes nothing at run time).
      'api/src/lib/doc.ts': "import { docRules } from './doc-rules';\nexport interface Doc { id: number }\nexport const doc = docRules;\n",
      'api/src/lib/doc-rules.ts': "import type { Doc } from './doc';\nexport const docRules: Doc[] = [];\n",
      'api/src/lib/old-row.ts': "import type { Row } from '../db/migrations/0001-tables';\nexport type OldRow = Row;\n",
      'api/src/domain/rule.ts': "import fs from 'node:fs';\nimport { query } from '../db/query';\nexport const rule = () => fs.existsSync(query);\n",
      'api/src/db/query.ts': "import { helper } from '../lib/helper';\nexport const query = String(helper);\n",
      'api/src/db/migrations/0001-tables.ts': 'export interface Row { id: number }\n',
      // The one schema module reads the migrations' table types: allowed.
      'api/src/db/schema.ts': "export type { Row } from './migrations/0001-tables';\n",
    };
    for (const [name, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      fs.writeFileSync(path.join(dir, name), text);
    }
    sample = violationsIn(dir);
  });

  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('each rule names its import, and the allowed ones pass', () => {
    const found = sample.filter((v) => v.rule.name !== 'no-circular').map(describeViolation).sort();
    expect(found).toEqual([
      'db-is-the-bottom: api/src/db/query.ts → api/src/lib/helper.ts',
      'domain-is-pure: api/src/domain/rule.ts → api/src/db/query.ts',
      'domain-is-pure: api/src/domain/rule.ts → fs',
      'lib-below-services: api/src/lib/helper.ts → api/src/services.ts',
      'migrations-belong-to-the-migrator: api/src/lib/old-row.ts → api/src/db/migrations/0001-tables.ts',
      'no-route-to-route: api/src/routes/a.ts → api/src/routes/b.ts',
      'routes-are-the-top: api/src/lib/helper.ts → api/src/routes/b.ts',
      'use-cases-below-routes-only: api/src/lib/helper.ts → api/src/use-cases/u.ts',
    ]);
  });

  test('a cycle of value imports is caught, a type-only one is not', () => {
    const cycles = sample.filter((v) => v.rule.name === 'no-circular').map((v) => [v.from, v.to].sort().join(' ⇄ '));
    expect(cycles).toEqual(['api/src/lib/ping.ts ⇄ api/src/lib/pong.ts']);
  });
});

/** The rule ids and messages eslint reports for `text` as the file `file` (its config: eslint.config.mjs). */
function lint(file: string, text: string): { ruleId: string | null; message: string }[] {
  const run = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/eslint/bin/eslint.js'), '--stdin', '--stdin-filename', file, '--format', 'json'], {
    cwd: ROOT, input: text, encoding: 'utf8',
  });
  const [result] = JSON.parse(run.stdout) as { messages: { ruleId: string | null; message: string }[] }[];
  return result!.messages;
}

test('a query written in a route, a use case or lib is refused by the lint rules; a use case may open a transaction', () => {
  const query = "import type { Services } from '../services';\n"
    + "export const tours = (s: Services) => s.db.kysely.selectFrom('tours').selectAll().execute();\n";
  const transaction = "import type { Services } from '../services';\n"
    + 'export const inOne = (s: Services) => s.db.kysely.transaction().execute(async () => 1);\n';
  const inRoute = lint('api/src/routes/sample.ts', query);
  expect(inRoute.map((m) => m.ruleId)).toEqual(['no-restricted-syntax']);
  expect(inRoute[0]!.message).toMatch(/^Routes parse, authorise and answer/);
  expect(lint('api/src/routes/sample.ts', transaction).map((m) => m.ruleId)).toEqual(['no-restricted-syntax']);
  const inUseCase = lint('api/src/use-cases/sample.ts', query);
  expect(inUseCase.map((m) => m.ruleId)).toEqual(['no-restricted-syntax']);
  expect(inUseCase[0]!.message).toMatch(/^Use cases and lib run over queries/);
  expect(lint('api/src/use-cases/sample.ts', transaction)).toEqual([]);
  const inLib = lint('api/src/lib/sample.ts', "import type { Db } from '../db';\n"
    + "export const tours = (db: Db) => db.kysely.updateTable('tours').set({ rating: 5 }).execute();\n");
  expect(inLib.map((m) => m.ruleId)).toEqual(['no-restricted-syntax']);
  expect(inLib[0]!.message).toMatch(/^Use cases and lib run over queries/);
  expect(lint('api/src/db/queries/sample.ts', query)).toEqual([]);
});
