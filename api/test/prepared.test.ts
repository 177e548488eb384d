/** Prepared queries (db/prepared.ts): the same SQL and rows as the builder, on SQLite and PostgreSQL, in and out of transactions. */
import { sql, type Kysely } from 'kysely';
import { prepared, preparedShapes, type Arg } from '../src/db/prepared';
import type { Schema } from '../src/db/schema';
import { usingPostgres, withTestDb } from './helpers';

const t = withTestDb();

type K = Kysely<Schema>;
const toursByPrice = prepared((k: K, arg: Arg<{ min: number; max: number; limit: number }>) => k.selectFrom('tours').select(['id', 'price'])
  .where('price', '>=', arg('min')).where('price', '<=', arg('max')).orderBy('price').orderBy('id').limit(arg('limit')));

test('a prepared select answers what the builder answers, run after run with new values', async () => {
  const k = t.db.kysely;
  const prices = (await k.selectFrom('tours').select('price').orderBy('price').execute()).map((r) => Number(r.price));
  const cases = [
    { min: prices[0]!, max: prices[10]!, limit: 5 },
    { min: prices[20]!, max: prices[40]!, limit: 3 },
    { min: prices.at(-1)! + 1, max: prices.at(-1)! + 2, limit: 5 },
  ];
  for (const args of cases) {
    const built = await k.selectFrom('tours').select(['id', 'price']).where('price', '>=', args.min).where('price', '<=', args.max).orderBy('price').orderBy('id').limit(args.limit).execute();
    expect(await toursByPrice.execute(k, args)).toEqual(built);
  }
  expect((await toursByPrice.execute(k, cases[0]!)).length).toBe(5);
  expect(await toursByPrice.executeTakeFirst(k, cases[2]!)).toBeUndefined();
});

const insertMeta = preparedShapes((k: K, row: { key: string; value: string }) => k.insertInto('meta').values(row));
const metaValue = prepared((k: K, arg: Arg<{ key: string }>) => k.selectFrom('meta').select('value').where('key', '=', arg('key')));

test('prepared writes run in a transaction and roll back with it; preparedShapes follows the columns given', async () => {
  const k = t.db.kysely;
  await k.transaction().execute(async (trx) => {
    const result = await insertMeta.run(trx, { key: 'prepared-test-1', value: 'one' });
    expect(Number(result.numAffectedRows ?? 1)).toBe(1);
  });
  expect(await metaValue.executeTakeFirst(k, { key: 'prepared-test-1' })).toEqual({ value: 'one' });
  await expect(k.transaction().execute(async (trx) => {
    await insertMeta.run(trx, { key: 'prepared-test-2', value: 'two' });
    throw new Error('rolled back');
  })).rejects.toThrow('rolled back');
  expect(await metaValue.executeTakeFirst(k, { key: 'prepared-test-2' })).toBeUndefined();
  await k.deleteFrom('meta').where('key', 'like', 'prepared-test-%').execute();
});

test('a missing value or a list is refused before the database sees the query', async () => {
  const k = t.db.kysely;
  await expect(toursByPrice.execute(k, { min: 1, max: 2 } as never)).rejects.toThrow("no value for 'limit'");
  await expect(metaValue.execute(k, { key: ['a', 'b'] } as never)).rejects.toThrow("'key' is a list");
});

// Issue 31: on PostgreSQL a prepared query is parsed and planned once per connection (a named statement), not per run.
(usingPostgres ? test : test.skip)('on PostgreSQL a prepared query is a statement the connection keeps prepared', async () => {
  const k = t.db.kysely;
  const kept = await k.transaction().execute(async (trx) => {
    await toursByPrice.execute(trx, { min: 0, max: 1, limit: 1 });
    await toursByPrice.execute(trx, { min: 1, max: 2, limit: 1 });
    const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(trx);
    return rows.map((r) => r.statement);
  });
  const text = k.selectFrom('tours').select(['id', 'price']).where('price', '>=', 0).where('price', '<=', 1).orderBy('price').orderBy('id').limit(1).compile().sql;
  expect(kept).toContain(text);
});
