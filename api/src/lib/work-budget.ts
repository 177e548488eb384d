/**
 * The cost of expensive work, per visitor (issue 28). The request limits count requests, not what they cost: 30
 * first-time programme PDFs fit in the write limit and 600 uncached searches in the read limit, yet either stalled
 * everyone else. So each piece of expensive work also spends cost units from the visitor's budget, a token bucket of
 * `perMinute` units refilled at `perMinute` a minute (a burst up to a minute's worth, then the steady rate).
 *
 * A unit is about a millisecond of the API's CPU, as measured on this 2-core machine (docs/decisions.md): an
 * uncached search with its filter counts 5–60 ms (typical 15–30), a programme PDF 60–250 ms. A cached answer costs
 * nothing here (the request limit covers it). Pure: table-tested in test/work-budget.test.ts.
 */

export type WorkKind = 'pdf' | 'search' | 'mail' | 'upload';

/** What one piece of work costs, in units. */
export const WORK_COSTS: Readonly<Record<WorkKind, number>> = {
  /** A programme PDF made (not one from the cache): 60–250 ms of rendering. */
  pdf: 150,
  /** A search answer computed (a cache miss): the page, the cards and, with expand=filters, the option counts. */
  search: 20,
  /** A message to an address the visitor typed (programme, cancellation, chat link): a row and a delivery. */
  mail: 20,
  /** An upload: a stream to the disk or the object store, its type and size read. */
  upload: 30,
};

/** A visitor's budget: the units left at `since` (a bucket untouched for a minute is full again). */
export interface Budget {
  tokens: number;
  since: number;
}

export const BUDGET_REFILL_MS = 60_000;

/** A full budget. */
export function fullBudget(perMinute: number, now: number): Budget {
  return { tokens: perMinute, since: now };
}

/** The units a budget holds at `now`: refilled at perMinute a minute since it was last charged, up to perMinute. */
export function unitsAt(budget: Budget, perMinute: number, now: number): number {
  const elapsed = Math.max(0, now - budget.since);
  return Math.min(perMinute, budget.tokens + (elapsed * perMinute) / BUDGET_REFILL_MS);
}

export interface Charge {
  /** Whether the work may run now. */
  ok: boolean;
  /** The budget after the charge (unchanged but refilled when refused). */
  budget: Budget;
  /** When refused: how long until it would be allowed, in ms (0 when ok). */
  retryAfterMs: number;
}

/**
 * Charges `cost` units. Work that costs more than the whole budget runs only with a full one (and leaves it in debt),
 * so a small budget slows such work down instead of forbidding it.
 */
export function chargeBudget(budget: Budget, cost: number, perMinute: number, now: number): Charge {
  const units = unitsAt(budget, perMinute, now);
  const needed = Math.min(cost, perMinute);
  if (units >= needed) return { ok: true, budget: { tokens: units - cost, since: now }, retryAfterMs: 0 };
  return { ok: false, budget: { tokens: units, since: now }, retryAfterMs: Math.ceil(((needed - units) * BUDGET_REFILL_MS) / perMinute) };
}

/** Retry-After in whole seconds (at least 1) for a wait in ms. */
export function retryAfterSeconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

/**
 * The units a visitor may spend a minute: RATE_LIMIT_COST_PER_MIN, else the reads limit (600 by default: four PDFs,
 * or 30 uncached searches, a minute); 0 when the limits are off (RATE_LIMIT_PER_MIN=0) or it is 0.
 */
export function costBudgetOf(config: { rateLimitPerMin: number; rateLimitCostPerMin: number | null }): number {
  if (config.rateLimitPerMin === 0) return 0;
  return config.rateLimitCostPerMin ?? config.rateLimitPerMin;
}
