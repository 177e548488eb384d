/**
 * Issue 30: each header the API reads has one definition (shared/src/api/headers.ts, captcha.ts for the captcha
 * headers); the front ends, the widgets, the API and host/server use the constants, never the name again (the API, the
 * host's server and the widgets import the file by path). Other services' headers (content-type, retry-after, cookie…)
 * are not ours and stay written.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
// A quoted name is code; a name in backticks or prose is documentation.
const NAME = /['"](idempotency-key|x-authorization|x-language|x-localization|x-currency|x-user-role|x-captcha-token|x-invisible-captcha-token)['"]/gi;
const DEFINITIONS = new Set(['shared/src/api/headers.ts', 'shared/src/api/captcha.ts']);

function headerLiterals(source: string): string[] {
  return [...source.matchAll(NAME)].map((m) => m[1]!);
}

const frontEnds = ['host/src', 'shared/src', ...readdirSync(ROOT).filter((d) => d.startsWith('mfe-')).map((d) => `${d}/src`)];
// The API, the host's server and the widgets read and send the same headers (node hands them over in lower case:
// they compare `NAME.toLowerCase()`).
const servers = ['api/src', 'host/server', 'widgets/src'];

test.each([...frontEnds, ...servers])('%s names no header but through the constants', (dir) => {
  const found = (readdirSync(path.join(ROOT, dir), { recursive: true }) as string[])
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => `${dir}/${f}`)
    .filter((f) => !DEFINITIONS.has(f))
    .flatMap((f) => headerLiterals(readFileSync(path.join(ROOT, f), 'utf8')).map((name) => `${f}: ${name}`));
  expect(found).toEqual([]);
});

test.each([
  ["headers: { 'Idempotency-Key': key }", ['Idempotency-Key']],
  ['request.headers["x-authorization"]', ['x-authorization']],
  ['headers: { [IDEMPOTENCY_HEADER]: key }', []],
  ['// the `Idempotency-Key` header, in a comment', []],
  ['X-Authorization in prose', []],
])('the check finds %s', (source, expected) => {
  expect(headerLiterals(source)).toEqual(expected);
});
