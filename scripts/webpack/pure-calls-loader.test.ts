import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import webpack from 'webpack';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { annotatePureCalls } = require('./pure-calls-loader.js') as { annotatePureCalls: (source: string) => string };

const P = '/*#__PURE__*/ ';

describe('annotatePureCalls', () => {
  it.each([
    ['a top-level struct and its nested calls', 'export const A = type({ a: string(), b: opt(number()) });', `export const A = ${P}type({ a: ${P}string(), b: ${P}opt(${P}number()) });`],
    ['a plain const', 'const B = withMeta(string(), { x: 1 });', `const B = ${P}withMeta(${P}string(), { x: 1 });`],
    ['calls inside a function stay unmarked (they run later)', 'export const C = refine(x(), "c", (v) => check(v));', `export const C = ${P}refine(${P}x(), "c", (v) => check(v));`],
    ['function declarations stay unmarked', 'export function f() { return type({}); }', 'export function f() { return type({}); }'],
    ['let and var stay unmarked (may be reassigned)', 'let d = type({}); var e = type({});', 'let d = type({}); var e = type({});'],
    ['top-level statements stay unmarked', 'register(type({}));', 'register(type({}));'],
    ['TypeScript syntax survives', 'export const G = enums([1, 2] as const) satisfies Struct<1 | 2>;', `export const G = ${P}enums([1, 2] as const) satisfies Struct<1 | 2>;`],
  ])('%s', (_name, source, expected) => {
    expect(annotatePureCalls(source)).toBe(expected);
  });
});

describe('the schemas in a production bundle', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'pure-calls-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keep only the structs a bundle uses, not their neighbours', async () => {
    const root = path.resolve(__dirname, '../..');
    // One struct of organizers.ts; OrganizerInfoAnswer (legal_form) and the reviews query live next to it.
    writeFileSync(path.join(dir, 'entry.ts'), "import { Photo } from '@tours/shared/src/api/schemas/organizers';\nconsole.log(Photo);\n");
    const stats = await new Promise<webpack.Stats>((resolve, reject) => {
      webpack(
        {
          mode: 'production',
          context: dir,
          entry: './entry.ts',
          output: { path: dir, filename: 'out.js' },
          resolve: { extensions: ['.ts', '.js', '.mjs'], modules: [path.join(root, 'node_modules')] },
          resolveLoader: { modules: [path.join(root, 'node_modules')] },
          externals: { superstruct: 'superstruct' },
          externalsType: 'global',
          module: {
            rules: [
              { test: /\.ts$/, use: { loader: 'swc-loader', options: { jsc: { parser: { syntax: 'typescript' }, target: 'es2020' } } } },
              { test: /[\\/]shared[\\/]src[\\/]api[\\/]schemas[\\/][^\\/]+\.ts$/, use: path.join(__dirname, 'pure-calls-loader.js') },
            ],
          },
          optimization: { minimize: true },
        },
        (error, result) => (error || !result ? reject(error) : resolve(result)),
      );
    });
    expect(stats.toJson({ all: false, errors: true }).errors?.map((e) => e.message)).toEqual([]);
    const out = readFileSync(path.join(dir, 'out.js'), 'utf8');
    expect(out).toContain('url'); // Photo: a URL string or { url }
    expect(out).not.toContain('legal_form');
    expect(out).not.toContain('verified');
  }, 60_000);
});
