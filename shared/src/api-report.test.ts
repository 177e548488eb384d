/**
 * @jest-environment node
 */
/**
 * The public surface of shared (issue 12): for each entry point of shared/package.json `exports`, every exported
 * name with its kind and a one-line signature, compared with the committed report shared/api-report.md. A change
 * of the surface (a name added, removed or moved between entries, a signature changed) fails here until the report
 * is updated with it, so it is seen in review:
 *
 *   UPDATE_API_REPORT=1 npx jest shared/src/api-report
 *
 * The report is read only; it is written only with UPDATE_API_REPORT=1. Signatures come from the TypeScript checker
 * (the same version for everyone: package-lock.json). A signature longer than one line's worth is cut and ends with
 * a hash of the whole text, so a change anywhere in it still changes the report.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SHARED = path.resolve(__dirname, '..');
const REPO = path.resolve(SHARED, '..');
const REPORT = path.join(SHARED, 'api-report.md');
const UPDATE_COMMAND = 'UPDATE_API_REPORT=1 npx jest shared/src/api-report';
const MAX = 180;
/** The files of the singleton (src/entries/core.ts): no other entry may export a value of theirs (a private copy). */
const CORE_FILES = /^src\/(state\/|mfe\/HostProvider\.tsx$|api\/errors\.ts$)/;

interface Entry { name: string; file: string }

/** The entry points: the `exports` of shared/package.json that name one file (not the `./src/*` pattern). */
function entries(): Entry[] {
  const pkg = JSON.parse(readFileSync(path.join(SHARED, 'package.json'), 'utf8')) as { exports: Record<string, string | string[]> };
  return Object.entries(pkg.exports)
    .filter((e): e is [string, string] => typeof e[1] === 'string' && /\.tsx?$/.test(e[1]))
    .map(([key, target]) => ({ name: `@tours/shared${key.slice(1)}`, file: path.join(SHARED, target) }));
}

const oneLine = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').replace(/\s*;\s*}/g, ' }').trim();
  if (flat.length <= MAX) return flat;
  return `${flat.slice(0, MAX - 14)}… #${createHash('sha256').update(flat).digest('hex').slice(0, 8)}`;
};

interface Line { name: string; kind: string; text: string; declaredIn: string; value: boolean }

function surface(): Map<string, Line[]> {
  const list = entries();
  const config = ts.getParsedCommandLineOfConfigFile(path.join(REPO, 'tsconfig.base.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  const program = ts.createProgram({ rootNames: [...list.map((e) => e.file), path.join(SHARED, 'src/declarations.d.ts')], options: { ...config!.options, noEmit: true } });
  const checker = program.getTypeChecker();
  const printer = ts.createPrinter({ removeComments: true, newLine: ts.NewLineKind.LineFeed });
  const flags = ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.UseSingleQuotesForStringLiteralType;
  const typeText = (type: ts.Type, at: ts.Node) => checker.typeToString(type, at, flags);
  /** A declaration's text without bodies and initialisers (classes: their members' signatures). */
  const declText = (decl: ts.Declaration): string => {
    const sf = decl.getSourceFile();
    if (ts.isClassDeclaration(decl)) {
      const head = sf.text.slice(decl.getStart(sf), decl.members.pos).replace(/\{\s*$/, '').replace(/^export\s+(default\s+)?/, '');
      const members = decl.members
        .filter((m) => !(ts.getCombinedModifierFlags(m) & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) && !(m.name && ts.isPrivateIdentifier(m.name)))
        .map((m) => {
          const body = (m as { body?: ts.Node }).body;
          const init = (m as { initializer?: ts.Node }).initializer;
          const end = body ? body.getStart(sf) : init ? init.getStart(sf) : m.end;
          return sf.text.slice(m.getStart(sf), end).replace(/\s*=?\s*$/, '').replace(/;$/, '');
        });
      return `${head}{ ${members.join('; ')} }`;
    }
    return printer.printNode(ts.EmitHint.Unspecified, decl, sf).replace(/^export\s+(declare\s+)?/, '');
  };
  /** The text after the keyword that is the line's kind ('interface X { … }' → 'X { … }'). */
  const afterKeyword = (text: string) => text.replace(/^(declare\s+)?(abstract\s+)?(class|interface|type|enum|const enum)\s+/, '');
  const out = new Map<string, Line[]>();
  for (const entry of list) {
    const source = program.getSourceFile(entry.file);
    if (!source) throw new Error(`${entry.name}: ${entry.file} is not in the program`);
    const moduleSymbol = checker.getSymbolAtLocation(source)!;
    const lines: Line[] = [];
    for (const exported of checker.getExportsOfModule(moduleSymbol)) {
      const name = exported.getName();
      const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      for (const decl of symbol.declarations ?? []) {
        const declaredIn = path.relative(SHARED, decl.getSourceFile().fileName).replace(/\\/g, '/');
        const add = (kind: string, text: string, value: boolean) => lines.push({ name, kind, text: oneLine(text), declaredIn, value });
        if (ts.isFunctionDeclaration(decl)) {
          const signature = checker.getSignatureFromDeclaration(decl)!;
          add('function', `${name}${checker.signatureToString(signature, decl, flags)}`, true);
        } else if (ts.isVariableDeclaration(decl)) {
          const isConst = (ts.getCombinedNodeFlags(decl) & ts.NodeFlags.Const) !== 0;
          add(isConst ? 'const' : 'let', `${name}: ${typeText(checker.getTypeOfSymbolAtLocation(symbol, decl), decl)}`, true);
        } else if (ts.isClassDeclaration(decl)) add('class', afterKeyword(declText(decl)), true);
        else if (ts.isEnumDeclaration(decl)) add('enum', afterKeyword(declText(decl)), true);
        else if (ts.isInterfaceDeclaration(decl)) add('interface', afterKeyword(declText(decl)), false);
        else if (ts.isTypeAliasDeclaration(decl)) add('type', afterKeyword(declText(decl)).replace(/;$/, ''), false);
        else add(ts.SyntaxKind[decl.kind], declText(decl), !!(symbol.flags & ts.SymbolFlags.Value));
      }
    }
    // Overloads of one function share a name and a kind: their order is the source's, the rest is by name and kind.
    const order = new Map(lines.map((l, i) => [l, i]));
    lines.sort((a, b) => a.name.localeCompare(b.name, 'en') || a.kind.localeCompare(b.kind) || order.get(a)! - order.get(b)!);
    out.set(entry.name, lines);
  }
  return out;
}

function render(api: Map<string, Line[]>): string {
  const parts = [
    '# API report of @tours/shared',
    '',
    '<!-- Written by shared/src/api-report.test.ts; do not edit by hand. -->',
    `The public surface of each entry point of \`shared/package.json\` \`exports\`: every exported name, its kind and its`,
    'signature (one line; a longer one is cut and ends with a hash of the whole). `shared/src/api-report.test.ts` fails when',
    `the surface changes and this file does not; after a deliberate change run \`${UPDATE_COMMAND}\` and commit the result.`,
    '',
  ];
  for (const [name, lines] of api) {
    const names = new Set(lines.map((l) => l.name)).size;
    parts.push(`## ${name} (${names} names)`, '', '```ts');
    const width = Math.max(...lines.map((l) => l.kind.length));
    for (const l of lines) parts.push(`${l.kind.padEnd(width)} ${l.text}`);
    parts.push('```', '');
  }
  return parts.join('\n');
}

describe('the public surface of @tours/shared', () => {
  let api: Map<string, Line[]>;
  beforeAll(() => {
    api = surface();
  }, 120_000);

  it('matches shared/api-report.md', () => {
    const actual = render(api);
    if (process.env.UPDATE_API_REPORT === '1') {
      writeFileSync(REPORT, actual);
      return;
    }
    const expected = existsSync(REPORT) ? readFileSync(REPORT, 'utf8') : '';
    if (actual === expected) return;
    const before = new Set(expected.split('\n'));
    const after = new Set(actual.split('\n'));
    const removed = [...before].filter((l) => !after.has(l)).map((l) => `  - ${l}`);
    const added = [...after].filter((l) => !before.has(l)).map((l) => `  + ${l}`);
    throw new Error(
      [
        `The public surface of @tours/shared differs from ${path.relative(REPO, REPORT)}${expected ? '' : ' (missing)'}.`,
        'If the change is meant, update the report and commit it with the change:',
        `  ${UPDATE_COMMAND}`,
        'Otherwise, keep the entry points (shared/src/entries/*.ts) as they were. (- in the report, + in the code)',
        '',
        ...removed.slice(0, 40),
        ...added.slice(0, 40),
        removed.length + added.length > 80 ? `  … ${removed.length} lines removed, ${added.length} added in all` : '',
      ].join('\n'),
    );
  });

  it('lists every entry point by name (no export *)', () => {
    for (const { name, file } of entries()) {
      const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
      const stars = source.statements.filter((s) => ts.isExportDeclaration(s) && (!s.exportClause || ts.isNamespaceExport(s.exportClause)));
      expect({ entry: name, exportStar: stars.map((s) => s.getText(source)) }).toEqual({ entry: name, exportStar: [] });
    }
  });

  it('gives the singleton files only to @tours/shared/core', () => {
    // A value of the store, the host context or ApiError exported by another entry would be a second copy of it in
    // every bundle that imports that entry (only @tours/shared/core is shared by Module Federation).
    const misplaced = [...api]
      .filter(([name]) => name !== '@tours/shared/core')
      .flatMap(([name, lines]) => lines.filter((l) => l.value && CORE_FILES.test(l.declaredIn)).map((l) => `${name}: ${l.name} (${l.declaredIn})`));
    expect(misplaced).toEqual([]);
    expect(api.has('@tours/shared/core')).toBe(true);
  });
});
