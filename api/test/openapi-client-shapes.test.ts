/**
 * The front end's calls agree with the OpenAPI document in shape (issue 30: the client checked against the document,
 * so the schemas cannot drift). openapi-client-paths.test.ts checks that every path the browser code names is an
 * operation; this checks, for every call of the shared ApiClient (and of the widgets' own caller), that the struct it
 * validates the answer with (the widgets: the answer's type) accepts what the document says the operation answers,
 * and that the body and the query it sends are ones the document says the operation takes. Each drift is one line:
 * where the call is, the method and path, the property, the problem and the two types.
 */
import path from 'node:path';
import type { AnyStruct } from '@tours/shared/src/api/schemas/common';
import { toJsonSchema } from '../src/lib/openapi';
import { ANSWER, BODY, QUERY, clientCalls, drifts, type ClientCall, type Drift, type Shape } from './openapi-shapes';
import { get, testServer, withTestDb } from './helpers';

const ROOT = path.resolve(__dirname, '../..');

interface Operation {
  parameters?: { name?: string; in?: string; required?: boolean; schema?: Shape }[];
  requestBody?: { content: Record<string, { schema: Shape }> };
  responses: Record<string, { content?: Record<string, { schema: Shape }> }>;
}

const t = withTestDb({ seed: false });

describe('drifts (what one side writes against what the other reads)', () => {
  const obj = (properties: Record<string, Shape>, required: string[] = Object.keys(properties)): Shape => ({ type: 'object', properties, required });
  const cases: [string, Shape, Shape, typeof ANSWER, string[]][] = [
    ['same shape', obj({ id: { type: 'integer' } }), obj({ id: { type: 'integer' } }), ANSWER, []],
    ['an integer is a number', obj({ n: { type: 'integer' } }), obj({ n: { type: 'number' } }), ANSWER, []],
    ['a number is not an integer in an answer', obj({ n: { type: 'number' } }), obj({ n: { type: 'integer' } }), ANSWER, ['.n: the types differ (API number, client integer)']],
    ['a body number may be the integer the API wants', obj({ n: { type: 'number' } }), obj({ n: { type: 'integer' } }), BODY, []],
    ['extra answer fields are ignored', obj({ a: { type: 'string' }, b: { type: 'string' } }), obj({ a: { type: 'string' } }), ANSWER, []],
    ['the client requires what the API does not describe', obj({}), obj({ a: { type: 'string' } }), ANSWER, ['.a: the client requires it, the API does not describe it (API absent, client string (required))']],
    ['the API may leave out what the client requires', obj({ a: { type: 'string' } }, []), obj({ a: { type: 'string' } }), ANSWER, ['.a: the client requires it, the API may leave it out (API string (optional), client string (required))']],
    ['the API always sends what the client may miss', obj({ a: { type: 'string' } }), obj({ a: { type: 'string' } }, []), ANSWER, []],
    ['null the client refuses', obj({ a: { type: 'string', nullable: true } }), obj({ a: { type: 'string' } }), ANSWER, ['.a: the API may send null, the client does not accept it (API string | null, client string)']],
    ['an enum value the client refuses', { type: 'string', enum: ['a', 'b'] }, { type: 'string', enum: ['a'] }, ANSWER, [': the client does not accept "b" (API "a"|"b", client "a")']],
    ['any string where the client lists values', { type: 'string' }, { type: 'string', enum: ['a'] }, ANSWER, [': the API may send any string, the client accepts only its listed values (API string, client "a")']],
    ['a body literal outside the listed values', { type: 'string', enum: ['b'] }, { type: 'string', enum: ['a'] }, BODY, [': the API does not accept "b" (API "a", client "b")']],
    ['a body string where the API lists values (TypeScript cannot tell)', { type: 'string' }, { type: 'string', enum: ['a'] }, BODY, []],
    ['a body property the API does not take', obj({ a: { type: 'string' } }), obj({}), BODY, ['.a: the client sends it, the API does not describe it (API absent, client string (required))']],
    ['a body property the API requires and the client may leave out', obj({ a: { type: 'string' } }, []), obj({ a: { type: 'string' } }), BODY, ['.a: the API requires it, the client may leave it out (API string (required), client string (optional))']],
    ['array items', { type: 'array', items: { type: 'string' } }, { type: 'array', items: { type: 'integer' } }, ANSWER, ['[]: the types differ (API string, client integer)']],
    ['a union member the client accepts', { oneOf: [{ type: 'string' }, { type: 'integer' }] }, { oneOf: [{ type: 'integer' }, { type: 'string' }] }, ANSWER, []],
    ['an undescribed side is not checked', {}, { type: 'string' }, ANSWER, []],
    ['a query value is text', obj({ id: { type: 'number' }, all: { type: 'number' }, ids: { type: 'string' } }), obj({ id: { type: 'string' }, all: { type: 'boolean' }, ids: { type: 'array', items: { type: 'integer' } } }), QUERY, []],
    ['a query string is not a number', obj({ page: { type: 'string' } }), obj({ page: { type: 'integer' } }), QUERY, ['.page: the types differ (API integer, client string)']],
    ['a query parameter the API does not take', obj({ pgae: { type: 'number' } }), obj({ page: { type: 'integer' } }, []), QUERY, ['.pgae: the client sends it, the API does not describe it (API absent, client number (required))']],
  ];
  test.each(cases)('%s', (_, writer, reader, dir, expected) => {
    expect(drifts(writer, reader, dir, '').map((d) => `${d.at}: ${d.problem} (API ${d.api}, client ${d.client})`)).toEqual(expected);
  });
});

test('every call of the shared API client validates the answer its operation gives and sends the body it takes', async () => {
  const app = testServer(t.db);
  const doc = (await get(app, '/api-docs/openapi.json')).body as { paths: Record<string, Record<string, Operation>> };
  await app.close();
  const operations = Object.entries(doc.paths).flatMap(([p, methods]) => Object.entries(methods).map(([method, op]) => ({
    name: `${method.toUpperCase()} ${p}`, method: method.toUpperCase(), path: new RegExp(`^${p.replace(/\{\w+\}/g, '[^/]+')}$`), op,
  })));

  const calls = clientCalls(ROOT);
  const problems: string[] = [];
  const line = (call: ClientCall, op: string, d: Drift) => `${call.where} ${op} ${d.at}: ${d.problem} — API: ${d.api}; client: ${d.client}`;
  let answers = 0;
  let bodies = 0;
  let queries = 0;
  for (const call of calls) {
    if (!call.paths.length) problems.push(`${call.where} ${call.method}: its path is not a literal (or a constant of literal type), so it cannot be checked`);
    if ('problem' in call.schema) problems.push(`${call.where} ${call.method}: ${call.schema.problem}`);
    for (const url of call.paths) {
      const matching = operations.filter((o) => o.method === call.method && o.path.test(url.replace(/\{\}/g, 'x')));
      if (matching.length !== 1) {
        problems.push(`${call.where} ${call.method} ${url}: ${matching.length ? `matches ${matching.map((o) => o.name).join(', ')}` : 'is no operation of the document'}`);
        continue;
      }
      const { name, op } = matching[0]!;
      const answer = op.responses['200']?.content?.['application/json']?.schema;
      let read: Shape | undefined;
      if ('type' in call.schema) read = call.schema.type;
      else if ('file' in call.schema) {
        const struct = ((await import(call.schema.file)) as Record<string, AnyStruct | undefined>)[call.schema.name];
        if (struct?.validator) read = toJsonSchema(struct) as Shape;
        else problems.push(`${call.where} ${name}: ${call.schema.name} of ${path.relative(ROOT, call.schema.file)} is not a struct`);
      }
      if (read) {
        if (!answer || !Object.keys(answer).length) problems.push(`${call.where} ${name}: the document does not describe the answer`);
        else {
          answers += 1;
          problems.push(...drifts(answer, read, ANSWER, 'answer').map((d) => line(call, name, d)));
        }
      }
      const params = (op.parameters ?? []).filter((p) => p.in === 'query');
      const taken: Shape = { type: 'object', properties: Object.fromEntries(params.map((p) => [p.name!, p.schema ?? {}])), required: params.filter((p) => p.required).map((p) => p.name!) };
      queries += Object.keys(call.query.properties ?? {}).length ? 1 : 0;
      problems.push(...drifts(call.query, taken, QUERY, 'query').map((d) => line(call, name, d)));
      if (call.body) {
        const content = op.requestBody?.content ?? {};
        const taken = content[call.body.multipart ? 'multipart/form-data' : 'application/json']?.schema;
        bodies += 1;
        if (taken) problems.push(...drifts(call.body, taken, BODY, 'body').map((d) => line(call, name, d)));
        // An empty object is what a call without a body sends.
        else if (call.body.multipart || Object.keys(call.body.properties ?? {}).length) problems.push(`${call.where} ${name} body: the operation takes no ${call.body.multipart ? 'multipart' : 'JSON'} body`);
      }
    }
  }
  expect(problems).toEqual([]);
  expect(calls.length).toBeGreaterThan(120);
  expect(answers).toBeGreaterThan(120);
  expect(bodies).toBeGreaterThan(50);
  expect(queries).toBeGreaterThan(50);
}, 120_000);
