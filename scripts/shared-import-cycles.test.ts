/**
 * No import cycle inside shared/src other than type-only ones (issue 12). A cycle between modules that run
 * code makes the evaluation order depend on which file a bundle happens to reach first: one side sees the
 * other's exports as undefined (or in the TDZ) while it initialises. Type-only imports and exports
 * (`import type`, `export type`, `import { type X }` where every specifier is a type) are erased by the
 * compiler and never make such a cycle, so they are left out of the graph.
 *
 * The graph is built with the TypeScript parser from every non-test .ts/.tsx file of shared/src (not
 * .d.ts). Relative specifiers, the entry points of shared/package.json `exports` ('@tours/shared/core' →
 * src/entries/core.ts, …) and '@tours/shared/src/…' are followed; other packages are not part of the graph. A dynamic import() is an
 * edge too (marked in the chain): the two modules still depend on each other.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const REPO = path.resolve(__dirname, '..');
const SHARED_SRC = path.join(REPO, 'shared', 'src');
const SHARED_EXPORTS = (JSON.parse(readFileSync(path.join(REPO, 'shared', 'package.json'), 'utf8')) as { exports: Record<string, string | string[]> }).exports;
const PACKAGE_ENTRIES: Record<string, string> = Object.fromEntries(
  Object.entries(SHARED_EXPORTS)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && /\.tsx?$/.test(entry[1]))
    .map(([key, target]) => [`@tours/shared${key.slice(1)}`, path.join(REPO, 'shared', target)]),
);
const ASSET = /\.(css|json|svg|png|jpe?g|webp|woff2?)$/;

export interface Edge {
  to: string;
  specifier: string;
  dynamic: boolean;
}

/** The specifiers of a module that load code at run time (type-only imports and exports are left out). */
export function runtimeSpecifiers(fileName: string, source: string): { specifier: string; dynamic: boolean }[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: { specifier: string; dynamic: boolean }[] = [];
  const add = (node: ts.Expression | undefined, dynamic = false) => {
    if (node && ts.isStringLiteralLike(node)) found.push({ specifier: node.text, dynamic });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      if (!clause) add(node.moduleSpecifier); // import './side-effect'
      else if (!clause.isTypeOnly) {
        const named = clause.namedBindings;
        const valueNamed = named && (ts.isNamespaceImport(named) || named.elements.some((el) => !el.isTypeOnly));
        if (clause.name || valueNamed) add(node.moduleSpecifier);
      }
      return;
    }
    if (ts.isExportDeclaration(node)) {
      if (!node.moduleSpecifier || node.isTypeOnly) return;
      const clause = node.exportClause;
      if (!clause || ts.isNamespaceExport(clause) || clause.elements.some((el) => !el.isTypeOnly)) add(node.moduleSpecifier);
      return;
    }
    if (ts.isImportEqualsDeclaration(node)) {
      if (!node.isTypeOnly && ts.isExternalModuleReference(node.moduleReference)) add(node.moduleReference.expression);
      return;
    }
    if (ts.isCallExpression(node)) {
      if (node.expression.kind === ts.SyntaxKind.ImportKeyword) add(node.arguments[0], true);
      else if (ts.isIdentifier(node.expression) && node.expression.text === 'require') add(node.arguments[0]);
    }
    // Type positions (typeof import('x'), type aliases, interfaces) never load code.
    if (ts.isTypeNode(node) || ts.isTypeAliasDeclaration(node) || ts.isInterfaceDeclaration(node)) return;
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** The file a specifier names, if it is a module of shared/src; null for other packages and assets. */
export function resolveSpecifier(from: string, specifier: string, exists: (file: string) => boolean): string | null {
  let base: string;
  if (specifier in PACKAGE_ENTRIES) return PACKAGE_ENTRIES[specifier]!;
  if (specifier.startsWith('@tours/shared/src/')) base = path.join(SHARED_SRC, specifier.slice('@tours/shared/src/'.length));
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
  else return null;
  if (ASSET.test(base)) return null;
  const stem = base.replace(/\.(js|jsx|ts|tsx)$/, '');
  for (const candidate of [base, `${stem}.ts`, `${stem}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (/\.tsx?$/.test(candidate) && exists(candidate)) return candidate;
  }
  throw new Error(`${path.relative(REPO, from)}: cannot resolve '${specifier}'`);
}

/**
 * The cycles of a graph, each as its list of nodes (the first one repeated at the end). For every edge on
 * a cycle (an edge inside a strongly connected component), the shortest cycle through it is reported once,
 * so every import that takes part in a cycle appears in at least one chain without enumerating the
 * (possibly exponential) set of all elementary cycles.
 */
export function findCycles(graph: Map<string, Edge[]>): string[][] {
  // Tarjan's strongly connected components.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const component = new Map<string, number>();
  let counter = 0;
  let components = 0;
  const strongConnect = (v: string) => {
    index.set(v, counter);
    low.set(v, counter);
    counter += 1;
    stack.push(v);
    onStack.add(v);
    for (const { to } of graph.get(v) ?? []) {
      if (!index.has(to)) {
        strongConnect(to);
        low.set(v, Math.min(low.get(v)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(v, Math.min(low.get(v)!, index.get(to)!));
    }
    if (low.get(v) === index.get(v)) {
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.set(w, components);
      } while (w !== v);
      components += 1;
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) strongConnect(v);

  const shortestPath = (from: string, to: string, scc: number): string[] | null => {
    const previous = new Map<string, string>([[from, from]]);
    const queue = [from];
    while (queue.length) {
      const v = queue.shift()!;
      if (v === to) break;
      for (const { to: next } of graph.get(v) ?? []) {
        if (component.get(next) !== scc || previous.has(next)) continue;
        previous.set(next, v);
        queue.push(next);
      }
    }
    if (!previous.has(to)) return null;
    const route = [to];
    while (route[0] !== from) route.unshift(previous.get(route[0]!)!);
    return route;
  };

  const seen = new Set<string>();
  const cycles: string[][] = [];
  for (const u of [...graph.keys()].sort()) {
    for (const { to: v } of graph.get(u) ?? []) {
      if (component.get(u) !== component.get(v)) continue;
      const back = u === v ? [v] : shortestPath(v, u, component.get(u)!);
      if (!back) continue;
      const cycle = [u, ...back]; // u → v → … → u
      // One key per cycle whatever node it starts from.
      const ring = cycle.slice(0, -1);
      const start = ring.indexOf([...ring].sort()[0]!);
      const key = [...ring.slice(start), ...ring.slice(0, start)].join(' → ');
      if (seen.has(key)) continue;
      seen.add(key);
      cycles.push(cycle);
    }
  }
  return cycles;
}

export function describeCycle(cycle: string[], graph: Map<string, Edge[]>, root: string): string {
  let chain = path.relative(root, cycle[0]!);
  for (let i = 1; i < cycle.length; i += 1) {
    const edge = (graph.get(cycle[i - 1]!) ?? []).find((e) => e.to === cycle[i]);
    const arrow = edge?.dynamic ? ` —import('${edge.specifier}')→ ` : ` —'${edge?.specifier}'→ `;
    chain += arrow + path.relative(root, cycle[i]!);
  }
  return chain;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.d\.ts$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

function buildGraph(files: Map<string, string>): Map<string, Edge[]> {
  const graph = new Map<string, Edge[]>();
  for (const [file, source] of files) {
    const edges: Edge[] = [];
    for (const { specifier, dynamic } of runtimeSpecifiers(file, source)) {
      const to = resolveSpecifier(file, specifier, (candidate) => files.has(candidate));
      if (to && !edges.some((e) => e.to === to && e.dynamic === dynamic)) edges.push({ to, specifier, dynamic });
    }
    graph.set(file, edges);
  }
  return graph;
}

describe('the import graph of shared/src', () => {
  it('has no cycle other than type-only ones', () => {
    const files = new Map(sourceFiles(SHARED_SRC).map((file) => [file, readFileSync(file, 'utf8')]));
    expect(files.size).toBeGreaterThan(50);
    expect(Object.keys(PACKAGE_ENTRIES)).toContain('@tours/shared/core');
    for (const entry of Object.values(PACKAGE_ENTRIES)) expect(files.has(entry)).toBe(true);
    const graph = buildGraph(files);
    const cycles = findCycles(graph).map((cycle) => describeCycle(cycle, graph, REPO));
    expect(cycles).toEqual([]);
  });
});

describe('the cycle finder', () => {
  const at = (name: string) => path.join(SHARED_SRC, '__fixture__', name);
  const graphOf = (sources: Record<string, string>) => buildGraph(new Map(Object.entries(sources).map(([name, source]) => [at(name), source])));
  const chains = (sources: Record<string, string>) => {
    const graph = graphOf(sources);
    return findCycles(graph).map((cycle) => describeCycle(cycle, graph, path.join(SHARED_SRC, '__fixture__')));
  };

  it('ignores type-only imports, exports and specifiers', () => {
    expect(
      chains({
        'a.ts': "import type { B } from './b';\nimport { type C } from './c';\nexport type { D } from './d';\nexport { type E } from './e';\nexport const a = 1;",
        'b.ts': "import { a } from './a'; export type B = typeof a;",
        'c.ts': "import { a } from './a'; export type C = typeof a;",
        'd.ts': "export * from './a'; export type D = 1;",
        'e.ts': "import { a } from './a'; export type E = typeof a; type X = typeof import('./a');",
      }),
    ).toEqual([]);
  });

  it('reports value imports, re-exports, side-effect and dynamic imports as readable chains', () => {
    expect(
      chains({
        'index.ts': "export * from './ui';",
        'ui.tsx': "import { x, type Y } from '@tours/shared/src/__fixture__/util';\nimport './side';\nexport const ui = x;",
        'util.ts': "import { ui } from './ui';\nexport const x = 1;",
        'side.ts': "export const load = () => import('./index');",
        'alone.ts': "import './alone';",
      }),
    ).toEqual([
      "alone.ts —'./alone'→ alone.ts",
      "index.ts —'./ui'→ ui.tsx —'./side'→ side.ts —import('./index')→ index.ts",
      "ui.tsx —'@tours/shared/src/__fixture__/util'→ util.ts —'./ui'→ ui.tsx",
    ]);
  });

  it('maps the package entries to their files and fails on a specifier it cannot resolve', () => {
    const exists = (file: string) => file === PACKAGE_ENTRIES['@tours/shared/kit'] || file === at('x.tsx');
    expect(resolveSpecifier(at('a.ts'), '@tours/shared/kit', exists)).toBe(path.join(SHARED_SRC, 'entries', 'kit.ts'));
    expect(resolveSpecifier(at('a.ts'), '@tours/shared/core', exists)).toBe(path.join(SHARED_SRC, 'entries', 'core.ts'));
    expect(resolveSpecifier(at('a.ts'), './x', exists)).toBe(at('x.tsx'));
    expect(resolveSpecifier(at('a.ts'), './kit.css', exists)).toBeNull();
    expect(resolveSpecifier(at('a.ts'), 'react', exists)).toBeNull();
    expect(() => resolveSpecifier(at('a.ts'), './missing', exists)).toThrow("cannot resolve './missing'");
  });
});
