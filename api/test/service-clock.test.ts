/**
 * 'Today' of the catalogue calls is the service's clock (s.now()), never the machine's: a server whose clock is
 * past every seeded departure shows none of them as coming (the same data, another day), so a deployment or a test
 * with its own clock gives the same answers on any calendar day.
 */
import type { FastifyInstance } from 'fastify';
import { createTestDb, testServer, TODAY, type TestDb } from './helpers';

const DAY = 86_400_000;
let t: TestDb;
let today: FastifyInstance;
let later: FastifyInstance;

beforeAll(async () => {
  t = await createTestDb({ size: 120 });
  today = testServer(t.db);
  // Past the seed's horizon (departures are at most 366 days after the day it was made).
  later = testServer(t.db, {}, { now: () => Date.parse(`${TODAY}T12:00:00Z`) + 400 * DAY });
}, 60_000);
afterAll(async () => {
  await today.close();
  await later.close();
  await t.cleanup();
});

const json = async (app: FastifyInstance, url: string) => (await app.inject({ method: 'GET', url, headers: { 'x-language': 'en' } })).json();

test("the search's cards show their nearest departure from the service's today", async () => {
  type Answer = { result: { groups: { items: { id: number; nearestVariant: { start: string } | null }[] }[] } };
  const items = async (app: FastifyInstance) => ((await json(app, '/spa/tours?slug=tours')) as Answer).result.groups.flatMap((g) => g.items);
  const [now, then] = [await items(today), await items(later)];
  const dated = now.filter((x) => x.nearestVariant);
  expect(dated.length).toBeGreaterThan(0);
  expect(dated.every((x) => x.nearestVariant!.start >= TODAY)).toBe(true);
  // 400 days on, every seeded departure is past: the same tours, none with a nearest date.
  expect(then.map((x) => x.id).sort()).toEqual(now.map((x) => x.id).sort());
  expect(then.filter((x) => x.nearestVariant)).toEqual([]);
});
