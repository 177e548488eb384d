/**
 * A compact table notation shared by the migrations and the Kysely row types, so both always agree.
 *
 * Column specs: 'pk' integer primary key (ids are given by the seed, not generated); 'int' / 'int!' integer
 * (nullable / not null); 'real' / 'real!' double precision; 'text' / 'text!'; 'bool' integer 0/1 not null
 * default 0 (the same on SQLite and PostgreSQL, so queries compare with 0/1 everywhere).
 */
import type { Kysely } from 'kysely';

export type ColSpec = 'pk' | 'int' | 'int!' | 'real' | 'real!' | 'text' | 'text!' | 'bool';

export interface TableDef {
  readonly columns: Readonly<Record<string, ColSpec>>;
  /** Composite primary key, when no column is 'pk'. */
  readonly primaryKey?: readonly string[];
  /** Secondary indexes, each a list of columns. */
  readonly indexes?: readonly (readonly string[])[];
}

type ColType<S extends ColSpec> = S extends 'pk' | 'int!' | 'real!' | 'bool'
  ? number
  : S extends 'text!'
    ? string
    : S extends 'int' | 'real'
      ? number | null
      : string | null;

export type RowOf<T extends TableDef> = { [C in keyof T['columns']]: ColType<T['columns'][C]> };
export type SchemaOf<T extends Record<string, TableDef>> = { [N in keyof T]: RowOf<T[N]> };

const SQL_TYPE: Record<ColSpec, 'integer' | 'double precision' | 'text'> = {
  pk: 'integer',
  int: 'integer',
  'int!': 'integer',
  real: 'double precision',
  'real!': 'double precision',
  text: 'text',
  'text!': 'text',
  bool: 'integer',
};

/** Creates the tables and their indexes (portable: SQLite and PostgreSQL). */
// The migration runs before any typed schema exists: Kysely<unknown> is how Kysely spells "untyped".
export async function createTables(db: Kysely<unknown>, tables: Readonly<Record<string, TableDef>>): Promise<void> {
  for (const [name, def] of Object.entries(tables)) {
    let builder = db.schema.createTable(name).ifNotExists();
    for (const [col, spec] of Object.entries(def.columns)) {
      builder = builder.addColumn(col, SQL_TYPE[spec], (c) => {
        if (spec === 'pk') return c.primaryKey();
        if (spec === 'bool') return c.notNull().defaultTo(0);
        return spec.endsWith('!') ? c.notNull() : c;
      });
    }
    if (def.primaryKey) builder = builder.addPrimaryKeyConstraint(`${name}_pkey`, [...def.primaryKey] as never);
    await builder.execute();
    for (const cols of def.indexes ?? []) {
      await db.schema
        .createIndex(`${name}_${cols.join('_')}_idx`)
        .ifNotExists()
        .on(name)
        .columns([...cols])
        .execute();
    }
  }
}
