/**
 * The front end's calls are operations of the API description (issue 30: the client checked against the OpenAPI
 * document, so the two cannot drift). The answers' and bodies' shapes are checked call by call in
 * openapi-client-shapes.test.ts (a call may validate with a struct other than the route's, or send a body typed by
 * hand). This checks where the client sends them: every API path named in the browser code (host, shared, widgets, the
 * microfrontends; tests and fixtures aside) must be a path of /api-docs/openapi.json, and one called with
 * `api.get(…)` / `api.post(…)` an operation of that method.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createTestDb, get, testServer, type TestDb } from './helpers';
import { browserSources } from './openapi-shapes';

const ROOT = path.resolve(__dirname, '../..');
/** A path of the API in a string or template literal, with the call that sends it when it is a literal argument. */
const CALL = /(?:\.(get|post|postForm|upload)\(\s*)?['`](\/(?:spa|crm\/api|node-api)\/[A-Za-z0-9_\-/.${}]*)/g;

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb({ seed: false });
});
afterAll(() => t.cleanup());

test('every API path the browser code names is an operation of the OpenAPI document, with its method', async () => {
  const app = testServer(t.db);
  const doc = (await get(app, '/api-docs/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
  await app.close();
  const operations = Object.entries(doc.paths).flatMap(([p, methods]) =>
    Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path: new RegExp(`^${p.replace(/\{\w+\}/g, '[^/]+')}$`) })));
  const unknown: string[] = [];
  let named = 0;
  for (const file of browserSources(ROOT)) {
    for (const [, call, literal] of readFileSync(file, 'utf8').matchAll(CALL)) {
      named += 1;
      const url = literal!.replace(/\$\{[^}]*\}/g, 'x').split('?')[0]!;
      const method = call === 'get' ? 'GET' : call ? 'POST' : null;
      if (!operations.some((o) => o.path.test(url) && (!method || o.method === method))) unknown.push(`${path.relative(ROOT, file)}: ${method ?? ''} ${literal}`);
    }
  }
  expect(named).toBeGreaterThan(100);
  expect(unknown).toEqual([]);
});
