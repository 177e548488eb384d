/**
 * The rules of issue 28's limits, table-tested: what work costs and how a visitor's budget is spent and refilled
 * (lib/work-budget.ts), the bounded visitor table that never drops a live entry (lib/visitor-table.ts), the overflow
 * buckets' prefixes (lib/rate-limit.ts) and the global work gate (lib/work-limits.ts).
 */
import { addressPrefix, overflowKeysOf } from '../src/lib/rate-limit';
import { VisitorTable } from '../src/lib/visitor-table';
import { chargeBudget, costBudgetOf, fullBudget, retryAfterSeconds, unitsAt, WORK_COSTS, type Budget } from '../src/lib/work-budget';
import { WorkGate } from '../src/lib/work-limits';
import { HttpError } from '../src/lib/errors';

test('a PDF costs most, then an upload, then a search computed or a message sent', () => {
  expect(WORK_COSTS).toEqual({ pdf: 150, upload: 30, search: 20, mail: 20 });
});

test.each([
  // [budget, cost, perMinute, now, ok, tokens after, retryAfterMs]
  [{ tokens: 600, since: 0 }, 150, 600, 0, true, 450, 0],
  [{ tokens: 150, since: 0 }, 150, 600, 0, true, 0, 0],
  [{ tokens: 0, since: 0 }, 150, 600, 0, false, 0, 15_000],
  // Refilled at 600 a minute = 10 a second: 5 s bring 50.
  [{ tokens: 100, since: 0 }, 150, 600, 5_000, true, 0, 0],
  [{ tokens: 100, since: 0 }, 150, 600, 4_000, false, 140, 1_000],
  // Never above the budget.
  [{ tokens: 0, since: 0 }, 20, 600, 3_600_000, true, 580, 0],
  // Work dearer than the whole budget runs with a full one and leaves a debt.
  [{ tokens: 100, since: 0 }, 150, 100, 0, true, -50, 0],
  [{ tokens: -50, since: 0 }, 150, 100, 0, false, -50, 90_000],
] as [Budget, number, number, number, boolean, number, number][])('chargeBudget(%j, %i, %i, at %i) → ok %s, %i left, retry after %i ms', (budget, cost, perMinute, now, ok, tokens, retryAfterMs) => {
  const charge = chargeBudget(budget, cost, perMinute, now);
  expect(charge.ok).toBe(ok);
  expect(charge.budget.tokens).toBeCloseTo(tokens, 6);
  expect(charge.budget.since).toBe(now);
  expect(charge.retryAfterMs).toBe(retryAfterMs);
});

test('four PDFs a minute from a full default budget, the fifth after 15 s', () => {
  let budget = fullBudget(600, 0);
  const results: boolean[] = [];
  for (let i = 0; i < 5; i++) {
    const c = chargeBudget(budget, WORK_COSTS.pdf, 600, 0);
    results.push(c.ok);
    budget = c.budget;
  }
  expect(results).toEqual([true, true, true, true, false]);
  expect(unitsAt(budget, 600, 15_000)).toBe(150);
  expect(chargeBudget(budget, WORK_COSTS.pdf, 600, 15_000).ok).toBe(true);
});

test.each([
  [0, 1], [1, 1], [999, 1], [1_000, 1], [1_001, 2], [15_000, 15],
])('retryAfterSeconds(%i) = %i', (ms, seconds) => expect(retryAfterSeconds(ms)).toBe(seconds));

test.each([
  [{ rateLimitPerMin: 600, rateLimitCostPerMin: null }, 600],
  [{ rateLimitPerMin: 100_000, rateLimitCostPerMin: null }, 100_000],
  [{ rateLimitPerMin: 600, rateLimitCostPerMin: 3_000 }, 3_000],
  [{ rateLimitPerMin: 600, rateLimitCostPerMin: 0 }, 0],
  [{ rateLimitPerMin: 0, rateLimitCostPerMin: 3_000 }, 0],
])('costBudgetOf(%j) = %i', (config, units) => expect(costBudgetOf(config)).toBe(units));

test.each([
  ['198.51.100.7', '198.51.100.0/24'],
  ['2001:db8:1:2::/64', '2001:db8:1::/48'],
  ['0:0:0:0::/64', '0:0:0::/48'],
  ['not an address', '*'],
])('addressPrefix(%s) = %s', (address, prefix) => expect(addressPrefix(address)).toBe(prefix));

test.each([
  ['reads|198.51.100.7', ['reads|~198.51.100.0/24', 'reads|~*']],
  ['198.51.100.7', ['~198.51.100.0/24', '~*']],
  ['writes|2001:db8:1:2::/64', ['writes|~2001:db8:1::/48', 'writes|~*']],
])('overflowKeysOf(%s) = %j', (key, keys) => expect(overflowKeysOf(key)).toEqual(keys));

describe('VisitorTable', () => {
  interface Count { n: number; since: number }
  const table = () => new VisitorTable<Count>(3, 2, 60_000, overflowKeysOf);
  const add = (tb: VisitorTable<Count>, key: string, now: number) => {
    const slot = tb.slot(key, now, () => ({ n: 0, since: now }));
    slot.value.n++;
    return slot;
  };

  test('keeps live entries; newcomers beyond the table share their /24, then one global bucket', () => {
    const tb = table();
    for (const ip of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) expect(add(tb, ip, 0)).toMatchObject({ key: ip, shared: false });
    expect(add(tb, '10.0.1.1', 1)).toMatchObject({ key: '~10.0.1.0/24', shared: true });
    expect(add(tb, '10.0.1.2', 1)).toMatchObject({ key: '~10.0.1.0/24', shared: true, value: { n: 2 } });
    expect(add(tb, '10.0.2.1', 1)).toMatchObject({ key: '~10.0.2.0/24', shared: true });
    // The prefix buckets are full: every other newcomer shares the global one.
    expect(add(tb, '10.0.3.1', 1)).toMatchObject({ key: '~*', shared: true });
    expect(add(tb, '10.0.4.1', 1)).toMatchObject({ key: '~*', shared: true, value: { n: 2 } });
    // The first three were never dropped.
    expect(add(tb, '10.0.0.1', 2)).toMatchObject({ key: '10.0.0.1', shared: false, value: { n: 2 } });
    expect([tb.size, tb.sharedSize]).toEqual([3, 3]);
    expect(tb.peek('10.0.1.9', 2)).toMatchObject({ key: '~10.0.1.0/24', value: { n: 2 } });
    expect(tb.peek('10.0.0.3', 2)).toMatchObject({ key: '10.0.0.3', shared: false });
  });

  test('an entry goes once its time has passed, the oldest first; a renewed one stays', () => {
    const tb = table();
    add(tb, 'a', 0);
    add(tb, 'b', 10_000);
    add(tb, 'c', 20_000);
    tb.renew(tb.slot('a', 30_000, () => ({ n: 0, since: 30_000 })), 30_000);
    // At 65 s 'b' (10 s) has passed; 'a' was renewed at 30 s; a newcomer gets b's place.
    expect(add(tb, 'd', 70_000)).toMatchObject({ key: 'd', shared: false });
    expect(tb.peek('b', 70_000)).toBeUndefined();
    expect(tb.peek('a', 70_000)).toMatchObject({ key: 'a' });
    expect(tb.size).toBe(3);
    // A minute after everything, nothing is kept.
    expect(add(tb, 'e', 200_000)).toMatchObject({ key: 'e', shared: false });
    expect(tb.size).toBe(1);
  });
});

describe('WorkGate', () => {
  test('so many at once, so many waiting in order, the rest refused at once with the captcha 429 and Retry-After', async () => {
    const gate = new WorkGate(2, 1, 3);
    const order: number[] = [];
    const releases: (() => void)[] = [];
    const job = (i: number) => gate.run(() => new Promise<number>((resolve) => {
      order.push(i);
      releases.push(() => resolve(i));
    }));
    const running = [job(1), job(2), job(3)];
    await Promise.resolve();
    expect(gate.stats()).toEqual({ running: 2, queued: 1 });
    const refused = await job(4).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).body()).toEqual({ message: expect.any(String), data: { type: 'captcha' } });
    expect([(refused as HttpError).status, (refused as HttpError).headers]).toEqual([429, { 'retry-after': '3' }]);
    releases[0]!();
    await running[0];
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual([1, 2, 3]);
    releases[1]!();
    releases[2]!();
    expect(await Promise.all(running)).toEqual([1, 2, 3]);
    expect(gate.stats()).toEqual({ running: 0, queued: 0 });
    // A failed piece of work frees its place too.
    await expect(gate.run(() => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(gate.stats()).toEqual({ running: 0, queued: 0 });
  });
});
