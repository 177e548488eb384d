/**
 * excursionsEnabled of the app configuration (public-site §3.8, issue 32): false leaves excursions out of the search
 * (results, totals, type=2); true (the test default) lists them as before. The
 * setting is read from APP_CONFIG_FILE at start (readConfig), over the preset's false. SQLite and PostgreSQL.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ToursAnswer, type ToursAnswer as ToursAnswerT } from '@tours/shared/src/api/schemas/search';
import { readConfig } from '../src/config';
import { createTestDb, expectShape, get, testServer, type TestDb } from './helpers';

let t: TestDb;
let on: FastifyInstance;
let off: FastifyInstance;

beforeAll(async () => {
  t = await createTestDb();
  on = testServer(t.db);
  off = testServer(t.db, { excursionsEnabled: false });
});
afterAll(async () => {
  await on.close();
  await off.close();
  await t.cleanup();
});

async function tours(app: FastifyInstance, query: string): Promise<ToursAnswerT> {
  const res = await get(app, `/spa/tours?${query}`);
  if (res.status !== 200) throw new Error(`${res.status} ${res.raw}`);
  return expectShape(res.body, ToursAnswer);
}
const types = (a: ToursAnswerT) => new Set(a.result.groups.flatMap((g) => g.items.map((i) => i.type)));
const published = (type: 1 | 2) => t.db.kysely.selectFrom('tours').select('id').where('is_published', '=', 1).where('is_cruise', '=', 0).where('type', '=', type).execute();

test('off: the search lists no excursion and counts none; on: it lists them', async () => {
  const tourCount = (await published(1)).length;
  expect((await published(2)).length).toBeGreaterThan(0);
  const excursionCount = (await published(2)).length;
  expect((await tours(on, 'slug=tours')).result.pagination.itemsCount).toBe(tourCount + excursionCount);
  const onlyExcursions = await tours(on, 'slug=tours&type=2');
  expect(onlyExcursions.result.pagination.itemsCount).toBe(excursionCount);
  expect(types(onlyExcursions)).toEqual(new Set(['EXCURSION']));

  const without = await tours(off, 'slug=tours');
  expect(without.result.pagination.itemsCount).toBe(tourCount);
  expect(types(without)).toEqual(new Set(['TOUR']));
  // Asking for excursions only finds none.
  expect((await tours(off, 'slug=tours&type=2')).result.pagination.itemsCount).toBe(0);
});

test('readConfig takes excursionsEnabled from APP_CONFIG_FILE, over the preset (false)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'api-app-config-'));
  try {
    const file = path.join(dir, 'site.json');
    writeFileSync(file, JSON.stringify({ excursionsEnabled: true }));
    expect(readConfig({}).excursionsEnabled).toBe(false);
    expect(readConfig({ APP_CONFIG_FILE: file }).excursionsEnabled).toBe(true);
    writeFileSync(file, JSON.stringify({ excursionsEnabled: 'yes' }));
    expect(() => readConfig({ APP_CONFIG_FILE: file })).toThrow(/excursionsEnabled/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('off: an order for an excursion is refused as an unknown tour; on: it gets past the tour', async () => {
  const [excursion] = await published(2);
  const order = (app: FastifyInstance, key: string) => app.inject({
    method: 'POST', url: '/spa/submit-order', headers: { 'content-type': 'application/json', 'idempotency-key': key },
    // A date id no tour has: with excursions on, the order is refused on its date, not its tour.
    payload: JSON.stringify({ data: { tour_id: excursion!.id, dates: '999999999', adults: 1, children: 0, name: 'Anna Petrova', phone: '+7 916 123-45-67', email: 'anna@example.com', agree: true, timezone: 0 } }),
  });
  const refused = await order(off, 'excursions-off-1');
  expect(refused.statusCode).toBe(422);
  expect(refused.json()).toMatchObject({ errors: { tour_id: 'Incorrect value' } });
  const past = await order(on, 'excursions-on-1');
  expect(past.statusCode).toBe(422);
  expect(past.json()).toMatchObject({ errors: { dates: 'Incorrect value' } });
  expect((past.json() as { errors: Record<string, unknown> }).errors.tour_id).toBeUndefined();
});
