/**
 * 'Today' of the catalogue calls is the service's clock (s.now()), never the machine's: a server whose clock is
 * past every seeded departure shows none of them as coming (the same data, another day), so a deployment or a test
 * with its own clock gives the same answers on any calendar day.
 */
import type { FastifyInstance } from 'fastify';
import { readConfig } from '../src/config';
import { serviceClock, wallClock } from '../src/lib/clock';
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

describe('CLOCK_START: the product on a moved clock (lib/clock.ts)', () => {
  test('the clock starts at the instant given and ticks on in real time; unset, it is real time', () => {
    let real = 1_000_000;
    const clock = serviceClock(Date.parse('2026-11-24T09:00:00Z'), () => real);
    expect(new Date(clock()).toISOString()).toBe('2026-11-24T09:00:00.000Z');
    real += 90_000;
    expect(new Date(clock()).toISOString()).toBe('2026-11-24T09:01:30.000Z');
    expect(serviceClock(null, () => real)()).toBe(real);
  });

  test.each([
    ['2026-11-24', Date.parse('2026-11-24T00:00:00Z')],
    ['2026-11-24T09:00:00Z', Date.parse('2026-11-24T09:00:00Z')],
    ['2026-11-24T12:00:00+03:00', Date.parse('2026-11-24T09:00:00Z')],
    ['2026-11-24T09:00Z', Date.parse('2026-11-24T09:00:00Z')],
    ['', null],
  ])('CLOCK_START=%s reads as %s', (value, expected) => {
    expect(readConfig({ CLOCK_START: value }).clockStart).toBe(expected);
  });

  test.each(['yesterday', '24.11.2026', '2026-13-40', '2026-11-24 09:00', '1732438800000'])('CLOCK_START=%s stops the start with a clear message', (value) => {
    expect(() => readConfig({ CLOCK_START: value })).toThrow(/^CLOCK_START: expected an ISO 8601 instant/);
  });

  test("a server configured with CLOCK_START (no clock of its own) takes 'today' from it", async () => {
    const start = Date.parse(`${TODAY}T09:00:00Z`) + 400 * DAY;
    const moved = testServer(t.db, { clockStart: start, rateLimitPerMin: 0 });
    try {
      type Answer = { result: { groups: { items: { nearestVariant: unknown }[] }[] } };
      const answer = (await json(moved, '/spa/tours?slug=tours')) as Answer;
      expect(answer.result.groups.flatMap((g) => g.items).filter((x) => x.nearestVariant)).toEqual([]);
    } finally {
      await moved.close();
    }
  });

  test("SIP credentials expire on the machine's real clock, whatever CLOCK_START says (kamailio checks them on it)", () => {
    // jest's Date runs on a fixed calendar (scripts/jest/fixed-clock.ts); the wall clock does not follow it.
    const real = performance.timeOrigin + performance.now();
    expect(Math.abs(wallClock() - real)).toBeLessThan(1000);
    expect(Math.abs(wallClock() - Date.now())).toBeGreaterThan(DAY);
  });
});
