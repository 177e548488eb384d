/**
 * What happens to the money paid when a booking is cancelled (public-site §2.6 'Cancellation of booking': the tour's
 * penalties as 'period - percent', under 'In case of cancellation after payment, part of the amount paid may be
 * retained:'). Read as written: a tier's percent is the share of the amount paid that is retained when the
 * cancellation falls in its period (days before the start); the rest is refunded. Pure: the API's cancellation
 * message uses it, and any screen that shows the same may.
 */

/** One penalty tier of a tour: from `days_from` to `days_to` days before the start (null: or more), `percent` retained. */
export interface PenaltyTier {
  days_from: number;
  days_to: number | null;
  percent: number;
}

export interface CancellationOutcome {
  /** What was paid (whole units of the request's currency). */
  paid: number;
  /** The tier in force, or null: nothing paid, no tiers, or no start date to count from. */
  tier: PenaltyTier | null;
  /** The share retained, or null when it is not known (the coordinator decides by the tour's terms). */
  percent: number | null;
  retained: number | null;
  refund: number | null;
}

const DAY_MS = 86_400_000;

/** Whole days from `today` to `start` (both YYYY-MM-DD); negative once the start has passed. */
export function daysBefore(start: string, today: string): number {
  return Math.round((Date.parse(`${start}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);
}

/**
 * The tier whose period holds `days` days before the start. Tiers may leave gaps or overlap: the first tier (by
 * `days_from`, highest first) whose range holds the day wins; a day before every tier (the start has passed) takes the
 * nearest one, the one with the lowest `days_from`.
 */
export function penaltyTier(tiers: readonly PenaltyTier[], days: number): PenaltyTier | null {
  if (!tiers.length) return null;
  const sorted = [...tiers].sort((a, b) => b.days_from - a.days_from);
  const holding = sorted.find((t) => days >= t.days_from && (t.days_to === null || days <= t.days_to));
  if (holding) return holding;
  return days < sorted[sorted.length - 1]!.days_from ? sorted[sorted.length - 1]! : null;
}

/** What is retained and refunded of `paid` when cancelling on `today` a booking that starts on `start`. */
export function cancellationOutcome(input: { paid: number; tiers: readonly PenaltyTier[]; start: string | null; today: string }): CancellationOutcome {
  const paid = Math.max(0, input.paid);
  if (paid === 0) return { paid, tier: null, percent: 0, retained: 0, refund: 0 };
  const tier = input.start ? penaltyTier(input.tiers, daysBefore(input.start, input.today)) : null;
  if (!tier) return { paid, tier: null, percent: null, retained: null, refund: null };
  const percent = Math.min(100, Math.max(0, tier.percent));
  const retained = Math.round((paid * percent) / 100);
  return { paid, tier, percent, retained, refund: paid - retained };
}
