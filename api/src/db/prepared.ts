/**
 * Prepared queries for the hot paths (a sign-in, a submit): written with the Kysely builder as usual, built and
 * compiled once per dialect, then run with new values. Building and compiling a query costs about as much as
 * running a small one on SQLite (7–10 µs of 15–35 µs, measured), and a submit or a sign-in runs about ten.
 *
 * `arg('name')` stands for a value given at each run; the compiled query keeps a slot where Kysely put it, and a run
 * fills the slots from its arguments. A slot is one value: a list (`in (…)`) changes the SQL, so it stays a builder
 * query. Everything else in the query is fixed when it is first compiled, so a builder function must not branch on
 * anything outside its slots (another shape is another prepared query; `preparedShapes` keeps one per shape).
 */
import type { Compilable, CompiledQuery, QueryResult } from 'kysely';

/**
 * The SQL of the prepared queries, each with a statement name: on PostgreSQL they run as named statements (db/index.ts),
 * parsed and planned once per connection instead of on every run (issue 31: planning was about half of PostgreSQL's
 * time on a sign-in's and a submit's statements). Only these: their texts are a fixed, small set (a query's shapes at
 * most MAX_SHAPES), so what every connection keeps prepared stays bounded; a builder query's text may vary without end.
 */
const statementNames = new Map<string, string>();

/** The statement name of a prepared query's SQL, or undefined for any other SQL. */
export const statementName = (sqlText: string): string | undefined => statementNames.get(sqlText);

function named<O>(query: CompiledQuery<O>): CompiledQuery<O> {
  if (!statementNames.has(query.sql)) statementNames.set(query.sql, `tours_${statementNames.size + 1}`);
  return query;
}

/** A Kysely instance (or transaction) of any schema: what a prepared query needs of it. */
interface Runner {
  getExecutor(): { readonly adapter: object };
  executeQuery<R>(query: CompiledQuery<R>): Promise<QueryResult<R>>;
}

/** Where a value of the run goes. */
class Slot {
  constructor(readonly name: string) {}
}

export type Arg<A> = <N extends keyof A & string>(name: N) => A[N];

export interface PreparedQuery<K, A, O> {
  /** The rows (a select, or an insert / update with `returning`). */
  execute(on: K, args: A): Promise<O[]>;
  executeTakeFirst(on: K, args: A): Promise<O | undefined>;
  /** The driver's result: affected rows and insert id as well. */
  run(on: K, args: A): Promise<QueryResult<O>>;
}

const slot = ((name: string) => new Slot(name)) as unknown as Arg<never>;

function fill(query: CompiledQuery, args: object): CompiledQuery {
  const parameters = query.parameters.map((p) => {
    if (!(p instanceof Slot)) return p;
    const value = (args as Record<string, unknown>)[p.name];
    if (value === undefined) throw new Error(`prepared query: no value for '${p.name}'`);
    if (Array.isArray(value)) throw new Error(`prepared query: '${p.name}' is a list (a list changes the SQL: use the builder)`);
    return value;
  });
  return { ...query, parameters };
}

function preparedWith<K extends Runner, A extends object, O>(compile: (on: K, args: A) => CompiledQuery<O>): PreparedQuery<K, A, O> {
  const run = (on: K, args: A): Promise<QueryResult<O>> => on.executeQuery<O>(fill(compile(on, args), args) as CompiledQuery<O>);
  return {
    run,
    execute: async (on, args) => (await run(on, args)).rows,
    executeTakeFirst: async (on, args) => (await run(on, args)).rows[0],
  };
}

/**
 * A query built by `build` once per dialect (on the database's Kysely or on a transaction of it: both compile
 * alike). `A` names the run's values; `arg(name)` places one.
 */
export function prepared<K extends Runner, A extends object, O>(build: (k: K, arg: Arg<A>) => Compilable<O>): PreparedQuery<K, A, O> {
  // Per dialect adapter: a process may hold a SQLite and a PostgreSQL database (the tests do).
  const compiled = new WeakMap<object, CompiledQuery<O>>();
  return preparedWith<K, A, O>((on) => {
    const adapter = on.getExecutor().adapter;
    let query = compiled.get(adapter);
    if (!query) {
      query = named(build(on, slot as Arg<A>).compile());
      compiled.set(adapter, query);
    }
    return query;
  });
}

/** Shapes one preparedShapes query keeps (they come from the code's call sites, a handful each). */
const MAX_SHAPES = 32;

/**
 * A query whose SQL follows the columns given (an insert of the columns a call site sets): `build` gets an object
 * with a slot for each key the run's values define, and a compiled query is kept per dialect and set of keys.
 */
export function preparedShapes<K extends Runner, V extends object, O>(build: (k: K, values: V) => Compilable<O>): PreparedQuery<K, V, O> {
  const compiled = new WeakMap<object, Map<string, CompiledQuery<O>>>();
  return preparedWith<K, V, O>((on, values) => {
    const adapter = on.getExecutor().adapter;
    let shapes = compiled.get(adapter);
    if (!shapes) compiled.set(adapter, (shapes = new Map()));
    const keys = Object.keys(values).filter((key) => (values as Record<string, unknown>)[key] !== undefined);
    const shape = keys.join(',');
    let query = shapes.get(shape);
    if (!query) {
      query = named(build(on, Object.fromEntries(keys.map((key) => [key, new Slot(key)])) as V).compile());
      if (shapes.size >= MAX_SHAPES) shapes.delete(shapes.keys().next().value!);
      shapes.set(shape, query);
    }
    return query;
  });
}
