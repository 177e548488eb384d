/**
 * The API description passes Redocly's recommended rules (issue 30): the document the server serves at
 * /api-docs/openapi.json, built from the registered calls, is linted with @redocly/cli (offline: the rules ship with
 * it; no telemetry, no update check) against redocly.yaml at the root, which extends `recommended`. Zero errors and
 * zero warnings; a new call without a summary, a path parameter not declared or an operation without its security
 * fails here with Redocly's message.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { OPTIONAL_SESSION } from '../src/lib/openapi-security';
import { get, testServer, withTestDb } from './helpers';

const ROOT = path.resolve(__dirname, '../..');
let dir: string;
const t = withTestDb({ seed: false });
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'openapi-lint-'));
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
});

interface Problem { ruleId: string; severity: 'error' | 'warn'; message: string; location: { pointer: string }[] }

test("the served OpenAPI document passes Redocly's recommended rules", async () => {
  const app = testServer(t.db);
  const doc = (await get(app, '/api-docs/openapi.json')).body;
  await app.close();
  const file = path.join(dir, 'openapi.json');
  writeFileSync(file, JSON.stringify(doc));
  if (process.env.DUMP_OPENAPI) writeFileSync(process.env.DUMP_OPENAPI, JSON.stringify(doc, null, 2));
  let out: string;
  try {
    out = execFileSync(process.execPath, [path.join(ROOT, 'node_modules/@redocly/cli/bin/cli.js'), 'lint', file, '--config', path.join(ROOT, 'redocly.yaml'), '--format', 'json', '--max-problems', '10000'], {
      cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    });
  } catch (error) {
    out = (error as { stdout: string }).stdout; // exit 1 on errors; the JSON report is still on stdout
  }
  const problems = (JSON.parse(out) as { problems: Problem[] }).problems
    .map((p) => `${p.severity} ${p.ruleId}: ${p.message} (${p.location[0]?.pointer ?? ''})`);
  expect(problems).toEqual([]);
}, 60_000);

test("every operation says who may call it: the bearer of a traveller or of staff, the staff tools' cookie, or anyone", async () => {
  const app = testServer(t.db);
  const doc = (await get(app, '/api-docs/openapi.json')).body as {
    servers: unknown[];
    components: { securitySchemes: Record<string, { type: string; in: string; name: string }> };
    paths: Record<string, Record<string, { security: Record<string, string[]>[] }>>;
  };
  await app.close();
  expect(doc.servers.length).toBeGreaterThan(0);
  expect(Object.values(doc.components.securitySchemes).map((s) => `${s.in} ${s.name}`).sort()).toEqual(['cookie admin_auth', 'header X-Authorization', 'header X-Authorization']);
  const op = (key: string) => {
    const [method, url] = key.split(' ');
    return doc.paths[url!.replace(/:(\w+)/g, '{$1}')]?.[method!.toLowerCase()];
  };
  // The list of calls that read a session when sent names registered calls only (a renamed call is seen here).
  expect(Object.keys(OPTIONAL_SESSION).filter((key) => !op(key))).toEqual([]);
  expect(op('GET /spa/tours')?.security).toEqual([]);
  expect(op('GET /crm/api/user/profile')?.security).toEqual([{ travellerToken: [] }]);
  expect(op('GET /crm/api/request/get')?.security).toEqual([{}, { travellerToken: [] }]);
  expect(op('GET /crm/api/agent/chats')?.security).toEqual([{ staffToken: [] }]);
  expect(op('GET /spa/tour-private-data')?.security).toEqual([{ staffToken: [] }, { adminCookie: [] }]);
  expect(op('POST /crm/api/organizer/update')?.security).toEqual([{ staffToken: [] }]);
});
