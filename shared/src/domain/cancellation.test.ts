import { cancellationOutcome, daysBefore, penaltyTier, type PenaltyTier } from './cancellation';

/** A tour's terms as the seed draws them: free from 15 days on, 30% from 8 to 14, everything in the last week. */
const TIERS: PenaltyTier[] = [
  { days_from: 15, days_to: null, percent: 0 },
  { days_from: 8, days_to: 14, percent: 30 },
  { days_from: 0, days_to: 7, percent: 100 },
];

describe('daysBefore', () => {
  test.each([
    ['2025-06-10', '2025-06-01', 9],
    ['2025-06-01', '2025-06-01', 0],
    ['2025-05-31', '2025-06-01', -1],
    ['2025-03-31', '2025-03-29', 2], // across the DST change of European zones: whole days in UTC
  ])('%s from %s: %i', (start, today, days) => {
    expect(daysBefore(start, today)).toBe(days);
  });
});

describe('penaltyTier', () => {
  test.each([
    [40, 0],
    [15, 0],
    [14, 30],
    [8, 30],
    [7, 100],
    [0, 100],
    [-3, 100], // the start has passed: the nearest tier
  ])('%i days before: %i%%', (days, percent) => {
    expect(penaltyTier(TIERS, days)?.percent).toBe(percent);
  });

  test('tiers in any order; a day in a gap between tiers has none; no tiers, none', () => {
    expect(penaltyTier([...TIERS].reverse(), 10)?.percent).toBe(30);
    expect(penaltyTier([{ days_from: 30, days_to: null, percent: 0 }, { days_from: 0, days_to: 10, percent: 50 }], 20)).toBeNull();
    expect(penaltyTier([], 5)).toBeNull();
  });
});

describe('cancellationOutcome: the share of the amount paid retained, the rest refunded', () => {
  test.each([
    // paid, start, today → percent, retained, refund
    [0, '2025-06-20', '2025-06-01', 0, 0, 0],
    [9000, '2025-06-20', '2025-06-01', 0, 0, 9000],
    [9000, '2025-06-10', '2025-06-01', 30, 2700, 6300],
    [1001, '2025-06-10', '2025-06-01', 30, 300, 701],
    [9000, '2025-06-05', '2025-06-01', 100, 9000, 0],
  ])('paid %i, start %s, cancelled %s: %i%% → %i retained, %i refunded', (paid, start, today, percent, retained, refund) => {
    expect(cancellationOutcome({ paid, tiers: TIERS, start, today })).toMatchObject({ paid, percent, retained, refund });
  });

  test('unknown when something was paid but there is no tier or no start to count from', () => {
    const unknown = { percent: null, retained: null, refund: null, tier: null };
    expect(cancellationOutcome({ paid: 500, tiers: [], start: '2025-06-10', today: '2025-06-01' })).toEqual({ paid: 500, ...unknown });
    expect(cancellationOutcome({ paid: 500, tiers: TIERS, start: null, today: '2025-06-01' })).toEqual({ paid: 500, ...unknown });
  });
});
