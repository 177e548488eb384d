/**
 * The front end's calls set against the OpenAPI document, shape by shape (issue 30: a client checked against the
 * document, so the schemas cannot drift). Used by openapi-client-shapes.test.ts.
 *
 * - `clientCalls` finds every call of the shared `ApiClient` (`api.get` / `api.post`) and of the widgets' caller
 *   (`callApi` / `callWithCaptcha`) in the browser code with the TypeScript compiler: its path (a literal, a template,
 *   or a constant whose type is a literal or a union of literals), the exported superstruct struct it validates the
 *   answer with (the widgets: the answer's type), and the types of the body and the query it sends.
 * - `drifts` compares what one side writes with what the other reads, both as JSON Schema: the API writes answers
 *   the client reads; the client writes bodies and queries the API reads. A client struct is described by the same
 *   walker the document is built with (api/src/lib/openapi.ts), a TypeScript type by `shapeOfType`.
 */
import path from 'node:path';
import ts from 'typescript';
import { sourceFiles } from '../../scripts/source-files';

/** The part of JSON Schema (OpenAPI 3.0) the document uses. */
export interface Shape {
  type?: string;
  enum?: unknown[];
  nullable?: boolean;
  properties?: Record<string, Shape>;
  required?: string[];
  additionalProperties?: unknown;
  items?: Shape;
  oneOf?: Shape[];
  /** A FormData body (sent as multipart/form-data). */
  multipart?: boolean;
}

export type Side = 'API' | 'client';
/** Who writes the value and who reads it; a query's values travel as text. */
export interface Direction { writer: Side; reader: Side; query?: boolean }
export const ANSWER: Direction = { writer: 'API', reader: 'client' };
export const BODY: Direction = { writer: 'client', reader: 'API' };
export const QUERY: Direction = { writer: 'client', reader: 'API', query: true };

export interface Drift { at: string; problem: string; api: string; client: string }

const isAny = (s: Shape) => !s.type && !s.enum && !s.oneOf;
const jsonType = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? 'integer' : typeof v);

/** A short name of a shape for the failure message: `string | null`, `"a"|"b"`, `array of integer`. */
export function typeText(s: Shape | undefined): string {
  if (!s) return 'absent';
  let t: string;
  if (s.oneOf) t = s.oneOf.map(typeText).join(' or ');
  else if (s.enum) t = s.enum.map((v) => JSON.stringify(v)).join('|');
  else if (s.type === 'array') t = `array of ${typeText(s.items ?? {})}`;
  else t = s.type ?? 'any';
  return s.nullable ? `${t} | null` : t;
}

const SCALARS = ['string', 'number', 'integer', 'boolean'];

/**
 * Whether a value of the writer's scalar type is one the reader accepts. An integer is a number; a body's number may
 * be an integer the API wants, since TypeScript cannot say integer. In a query every value goes as text: any scalar
 * is a string, a number is a boolean (1/0, public-site §5.4), and one value or a comma-separated string is a list
 * (the API's list parameters, queryIdList and queryList, take a list repeated or comma-separated).
 */
function fits(type: string | undefined, reader: Shape, dir: Direction): boolean {
  if (type === reader.type || (type === 'integer' && reader.type === 'number') || (dir.writer === 'client' && type === 'number' && reader.type === 'integer')) return true;
  if (!dir.query || !SCALARS.includes(type ?? '')) return false;
  return reader.type === 'string' || reader.type === 'array' || (reader.type === 'boolean' && (type === 'number' || type === 'integer'));
}

/**
 * Where the reader would refuse, or never get, what the writer sends. A property only the reader requires, a null
 * or a value only the writer allows, a type of another kind are drifts; a property the writer adds and the reader
 * ignores is one only when the reader is the API (the client's answer structs are `type()`, which ignore extras);
 * a property the writer always sends and the reader may miss is not.
 */
export function drifts(writer: Shape, reader: Shape, dir: Direction, at: string): Drift[] {
  const out: Drift[] = [];
  const side = (w: Shape | undefined, r: Shape | undefined, wNote = '', rNote = '') => {
    const text = { [dir.writer]: typeText(w) + wNote, [dir.reader]: typeText(r) + rNote };
    return { api: text.API!, client: text.client! };
  };
  const report = (problem: string) => out.push({ at, problem, ...side(writer, reader) });
  // An undescribed side (a union without its members, `unknown`) cannot be checked.
  if (isAny(reader) || isAny(writer)) return out;
  if (writer.nullable && !reader.nullable) report(`the ${dir.writer} may send null, the ${dir.reader} does not accept it`);
  if (writer.oneOf) {
    for (const member of writer.oneOf) out.push(...drifts(member, reader, dir, at));
    return out;
  }
  if (reader.oneOf) {
    if (!reader.oneOf.some((m) => drifts({ ...writer, nullable: false }, m, dir, at).length === 0)) report(`the ${dir.reader} accepts none of the ${dir.writer}'s forms`);
    return out;
  }
  if (writer.enum) {
    const refused = writer.enum.filter((v) => v !== null && (reader.enum ? !reader.enum.some((r) => r === v || (dir.query && String(r) === String(v))) : !fits(jsonType(v), reader, dir)));
    if (refused.length) report(`the ${dir.reader} does not accept ${refused.map((v) => JSON.stringify(v)).join(', ')}`);
    return out;
  }
  // A body's plain `string` against the API's listed values is not one: TypeScript types what a user typed or a
  // helper widened as string, so only literal types can be held to the list (the help request types the screens send
  // are checked by value in scripts/help-request-types.test.ts).
  if (reader.enum && !(dir.writer === 'client' && writer.type === 'string')) {
    report(`the ${dir.writer} may send any ${writer.type ?? 'value'}, the ${dir.reader} accepts only its listed values`);
    return out;
  }
  if (!reader.enum && !fits(writer.type, reader, dir)) {
    report('the types differ');
    return out;
  }
  if (writer.type === 'array') out.push(...drifts(writer.items ?? {}, reader.items ?? {}, dir, `${at}[]`));
  if (writer.type === 'object') {
    const wp = writer.properties ?? {};
    const rp = reader.properties ?? {};
    for (const name of new Set([...Object.keys(rp), ...Object.keys(wp)])) {
      const w = wp[name];
      const r = rp[name];
      const where = `${at}.${name}`;
      const wRequired = !!writer.required?.includes(name);
      const rRequired = !!reader.required?.includes(name);
      const note = (required: boolean) => (required ? ' (required)' : ' (optional)');
      if (!w) {
        if (rRequired && !writer.additionalProperties) out.push({ at: where, problem: `the ${dir.reader} requires it, the ${dir.writer} ${dir.writer === 'client' ? 'does not send it' : 'does not describe it'}`, ...side(w, r, '', note(true)) });
      } else if (!r) {
        if (dir.reader === 'API' && !reader.additionalProperties) out.push({ at: where, problem: 'the client sends it, the API does not describe it', ...side(w, r, note(wRequired)) });
      } else {
        if (rRequired && !wRequired) out.push({ at: where, problem: `the ${dir.reader} requires it, the ${dir.writer} may leave it out`, ...side(w, r, note(false), note(true)) });
        out.push(...drifts(w, r, dir, where));
      }
    }
  }
  return out;
}

/** The JSON Schema of a TypeScript type (a body the client sends). */
export function shapeOfType(checker: ts.TypeChecker, type: ts.Type, depth = 0): Shape {
  const F = ts.TypeFlags;
  if (depth > 12 || type.flags & (F.Any | F.Unknown)) return {};
  // A generic helper's value is what its constraint allows.
  if (type.flags & F.TypeParameter) {
    const constraint = checker.getBaseConstraintOfType(type);
    return constraint && constraint !== type ? shapeOfType(checker, constraint, depth + 1) : {};
  }
  if (type.isUnion()) {
    const nullable = type.types.some((t) => t.flags & F.Null);
    const shapes = type.types.filter((t) => !(t.flags & (F.Undefined | F.Void | F.Null))).map((t) => shapeOfType(checker, t, depth + 1));
    let s: Shape;
    if (shapes.length === 1) s = shapes[0]!;
    else if (shapes.every((m) => m.enum)) {
      const values = shapes.flatMap((m) => m.enum!);
      const types = new Set(shapes.map((m) => m.type));
      s = types.size === 1 && shapes[0]!.type === 'boolean' && values.length === 2 ? { type: 'boolean' } : { ...(types.size === 1 ? { type: shapes[0]!.type } : {}), enum: values };
    } else s = { oneOf: shapes };
    return nullable ? { ...s, nullable: true } : s;
  }
  if (type.isStringLiteral()) return { type: 'string', enum: [type.value] };
  if (type.isNumberLiteral()) return { type: Number.isInteger(type.value) ? 'integer' : 'number', enum: [type.value] };
  if (type.flags & F.BooleanLiteral) return { type: 'boolean', enum: [checker.typeToString(type) === 'true'] };
  if (type.flags & (F.String | F.TemplateLiteral | F.StringMapping)) return { type: 'string' };
  if (type.flags & (F.Number | F.BigInt)) return { type: 'number' };
  if (type.flags & F.Boolean) return { type: 'boolean' };
  if (checker.isArrayType(type) || checker.isTupleType(type)) {
    const items = checker.getTypeArguments(type as ts.TypeReference).map((t) => shapeOfType(checker, t, depth + 1));
    return { type: 'array', items: items.length === 1 ? items[0]! : { oneOf: items } };
  }
  if (type.symbol?.name === 'FormData') return { multipart: true };
  if (type.flags & (F.Object | F.Intersection)) {
    const properties: Record<string, Shape> = {};
    const required: string[] = [];
    for (const prop of checker.getPropertiesOfType(type)) {
      const propType = checker.getTypeOfSymbol(prop);
      properties[prop.name] = shapeOfType(checker, propType, depth + 1);
      const mayBeMissing = prop.flags & ts.SymbolFlags.Optional || (propType.isUnion() && propType.types.some((t) => t.flags & F.Undefined));
      if (!mayBeMissing) required.push(prop.name);
    }
    const open = checker.getIndexInfosOfType(type).length > 0;
    return { type: 'object', properties, ...(required.length ? { required } : {}), ...(open ? { additionalProperties: {} } : {}) };
  }
  return {};
}

/** One call of the shared ApiClient in the browser code. */
export interface ClientCall {
  /** file:line, relative to the root. */
  where: string;
  method: 'GET' | 'POST';
  /** The paths it may send to, `{}` for a part filled in at run time; empty when its type is only `string`. */
  paths: string[];
  /**
   * The module and export name of the struct that validates the answer, or the answer's TypeScript type (the
   * widgets' calls, which check no schema), or why neither can be named.
   */
  schema: { file: string; name: string } | { type: Shape } | { problem: string };
  /** The body's shape (POST). */
  body?: Shape;
  /** The query's shape (no query: an empty one; a path with its own query string: one open to any parameter). */
  query: Shape;
}

/** The browser code: host, shared, the widgets and the microfrontends. */
export const BROWSER_DIRS = ['host/src', 'host/server', 'shared/src', 'widgets/src', 'mfe-search/src', 'mfe-tour/src', 'mfe-booking/src', 'mfe-account/src', 'mfe-comms/src'];

/** The TypeScript files of the browser code, tests, test utilities and fixtures aside. */
export function browserSources(root: string, dirs: readonly string[] = BROWSER_DIRS): string[] {
  return dirs.flatMap((d) => sourceFiles(path.join(root, d), (name) => /\.tsx?$/.test(name)))
    .filter((file) => !/\.test\.|test-utils|fixtures|[\\/]testing[\\/]/.test(file));
}

function pathsOf(checker: ts.TypeChecker, arg: ts.Expression): string[] {
  if (ts.isStringLiteralLike(arg)) return [arg.text];
  if (ts.isTemplateExpression(arg)) return [arg.head.text + arg.templateSpans.map((s) => `{}${s.literal.text}`).join('')];
  const type = checker.getTypeAtLocation(arg);
  const members = type.isUnion() ? type.types : [type];
  return members.every((t) => t.isStringLiteral()) ? members.map((t) => (t as ts.StringLiteralType).value) : [];
}

/** The value of an option of the call (`schema`, `query`), when the options are an object literal. */
function option(options: ts.Expression | undefined, name: string): ts.Expression | undefined {
  const prop = options && ts.isObjectLiteralExpression(options)
    ? options.properties.find((p) => p.name && ts.isIdentifier(p.name) && p.name.text === name)
    : undefined;
  return prop && (ts.isPropertyAssignment(prop) ? prop.initializer : ts.isShorthandPropertyAssignment(prop) ? prop.name : undefined);
}

/** A query as sent: null and undefined values are left out (toQueryString), so either makes a parameter optional. */
function queryShape(shape: Shape | undefined, paths: readonly string[]): Shape {
  if (!shape) return { type: 'object', properties: {}, ...(paths.some((p) => p.includes('?')) ? { additionalProperties: {} } : {}) };
  const properties = Object.fromEntries(Object.entries(shape.properties ?? {}).map(([name, s]) => [name, { ...s, nullable: false }]));
  return { ...shape, properties, required: shape.required?.filter((name) => !shape.properties?.[name]?.nullable) };
}

function schemaOf(checker: ts.TypeChecker, options: ts.Expression | undefined): ClientCall['schema'] {
  const value = option(options, 'schema');
  if (!value || !ts.isIdentifier(value)) return { problem: 'its schema is not a named struct' };
  let symbol = checker.getSymbolAtLocation(value);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  const decl = symbol?.valueDeclaration;
  if (!decl || !ts.isVariableDeclaration(decl) || !ts.isIdentifier(decl.name)) return { problem: `its schema ${value.text} is not a module's const` };
  const exported = ts.getCombinedModifierFlags(decl) & ts.ModifierFlags.Export;
  if (!exported) return { problem: `its schema ${value.text} is not exported` };
  return { file: decl.getSourceFile().fileName, name: decl.name.text };
}

/**
 * A call of the widgets' own caller (widgets/src/runtime/api.ts: `callApi<T>(env, config, method, path, options)`,
 * `callWithCaptcha`), which checks no schema: the answer is typed by T. Calls inside the caller, which pass its own
 * `path` on, are not calls of the API.
 */
function widgetCall(checker: ts.TypeChecker, node: ts.CallExpression): Omit<ClientCall, 'where'> | undefined {
  if (!ts.isIdentifier(node.expression)) return undefined;
  let symbol = checker.getSymbolAtLocation(node.expression);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  const decl = symbol?.valueDeclaration;
  if (!decl || !ts.isFunctionDeclaration(decl) || !/[\\/]widgets[\\/]src[\\/]runtime[\\/]/.test(decl.getSourceFile().fileName)) return undefined;
  const names = decl.parameters.map((p) => p.name.getText());
  const [methodArg, pathArg, options] = ['method', 'path', 'options'].map((n) => (names.includes(n) ? node.arguments[names.indexOf(n)] : undefined));
  if (!methodArg || !pathArg || !ts.isStringLiteralLike(methodArg) || !ts.isStringLiteralLike(pathArg)) return undefined;
  const answer = checker.getAwaitedType(checker.getResolvedSignature(node)!.getReturnType());
  const body = option(options, 'body');
  const query = option(options, 'query');
  return {
    method: methodArg.text === 'GET' ? 'GET' : 'POST',
    paths: [pathArg.text.split('?')[0]!],
    schema: answer ? { type: shapeOfType(checker, answer) } : { problem: 'its answer has no type' },
    ...(body ? { body: shapeOfType(checker, checker.getTypeAtLocation(body)) } : {}),
    query: queryShape(query && shapeOfType(checker, checker.getTypeAtLocation(query)), [pathArg.text]),
  };
}

/** Every call of the shared ApiClient and of the widgets' caller in the browser code (tests and fixtures aside). */
export function clientCalls(root: string): ClientCall[] {
  const files = browserSources(root);
  const config = ts.readConfigFile(path.join(root, 'tsconfig.base.json'), ts.sys.readFile).config as { compilerOptions: object };
  const { options } = ts.convertCompilerOptionsFromJson(config.compilerOptions, root);
  const program = ts.createProgram(files, { ...options, noEmit: true });
  const checker = program.getTypeChecker();
  const calls: ClientCall[] = [];
  for (const file of files) {
    const source = program.getSourceFile(file)!;
    const where = (node: ts.Node) => `${path.relative(root, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    const visit = (node: ts.Node): void => {
      const helper = ts.isCallExpression(node) ? widgetCall(checker, node) : undefined;
      if (helper) calls.push({ where: where(node), ...helper });
      else if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && ['get', 'post'].includes(node.expression.name.text)) {
        const member = checker.getSymbolAtLocation(node.expression.name)?.declarations?.[0];
        const owner = member?.parent;
        if (owner && ts.isInterfaceDeclaration(owner) && owner.name.text === 'ApiClient' && node.arguments[0]) {
          const method = node.expression.name.text === 'get' ? 'GET' : 'POST';
          const body = method === 'POST' ? node.arguments[1] : undefined;
          const options = node.arguments[method === 'GET' ? 1 : 2];
          const query = option(options, 'query');
          const paths = pathsOf(checker, node.arguments[0]);
          calls.push({
            where: where(node),
            method,
            paths: paths.map((p) => p.split('?')[0]!),
            schema: schemaOf(checker, options),
            ...(body ? { body: shapeOfType(checker, checker.getTypeAtLocation(body)) } : {}),
            query: queryShape(query && shapeOfType(checker, checker.getTypeAtLocation(query)), paths),
          });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return calls;
}
