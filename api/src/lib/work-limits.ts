/**
 * Expensive work one visitor cannot monopolise (issue 28): each visitor's budget of cost units (lib/work-budget.ts)
 * and a global bound on how much of a kind runs at once (WorkGate: so many at a time, a bounded queue behind them).
 *
 * - Over budget: 429 `{ message, data: { type: 'captcha' | 'hard_captcha' } }` with Retry-After (accounts-and-comms
 *   §4, the rate limiter's answer). The retry carrying a solved captcha fills the visitor's budget again, as it
 *   starts the limiter's window again: proof of work buys the next piece of work.
 * - Queue full: the same 429 (type 'captcha') with Retry-After: the work was refused rather than queued without end.
 * - Who pays: the visitor as the limiter knows it (addressKey of the client address); the host server's own calls,
 *   and everyone when the limits are off (RATE_LIMIT_PER_MIN=0 or RATE_LIMIT_COST_PER_MIN=0), pay nothing.
 * - Budgets live in a VisitorTable like the limiter's windows: bounded, and a flood of new addresses shares overflow
 *   buckets instead of wiping the budgets already spent. In the cluster (PostgreSQL with its URL) they live in the
 *   database instead, one budget for all processes (api/src/cluster/work-budget-store.ts; issue 31).
 */
import type { FastifyRequest } from 'fastify';
import { captchaRequired, HttpError } from './errors';
import { addressKey, overflowKeysFor, overflowKeysOf, type CaptchaGate } from './rate-limit';
import { VisitorTable } from './visitor-table';
import { BUDGET_REFILL_MS, chargeBudget, fullBudget, retryAfterSeconds, WORK_COSTS, type Budget, type Charge, type WorkKind } from './work-budget';

/** The 429 of refused work: the limiter's captcha answer, with Retry-After. */
export function workRefused(retryAfterSec: number, type: 'captcha' | 'hard_captcha' = 'captcha'): HttpError {
  const answer = captchaRequired(type);
  return new HttpError(answer.status, answer.message, undefined, answer.data, { 'retry-after': String(retryAfterSec) });
}

/**
 * At most `concurrency` pieces of work at once, at most `queue` more waiting (first come, first served); beyond that
 * `run` refuses at once with the 429 of refused work.
 */
export class WorkGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly concurrency: number,
    readonly queue: number,
    /** Retry-After of a refusal, in seconds. */
    private readonly retryAfterSec = 2,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running < this.concurrency) this.running++;
    else if (this.waiting.length >= this.queue) throw workRefused(this.retryAfterSec);
    // The slot is handed over by the one that finishes (running stays the same).
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }

  stats(): { running: number; queued: number } {
    return { running: this.running, queued: this.waiting.length };
  }
}

/** Who pays for a piece of work: `pay` throws the 429 when the budget does not hold it. */
export interface Payer {
  pay(): Promise<void>;
  refund(): void;
}

/** Programme models waiting to be built at most (each is 2–50 ms). */
const MODELS_QUEUE = 32;

/** Where visitors' budgets are kept: in this process's memory (MemoryBudgets), or shared by the processes (api/src/cluster). */
export interface BudgetStore {
  /** Charges `cost` units to the key's budget and keeps the result (when refused: the budget refilled up to now). */
  charge(key: string, cost: number, perMinute: number, now: number): Promise<Charge & { shared: boolean }>;
  /** A solved captcha: the key's budget is full again, less `cost` (not a shared overflow bucket, which stays as it is). */
  refill(key: string, cost: number, perMinute: number, now: number): Promise<void>;
  /** Gives `cost` units back, up to a full budget. */
  refund(key: string, cost: number, perMinute: number, now: number): void;
  /** Visitors with a budget of their own, and overflow buckets in use (metrics, tests). */
  stats(): { keys: number; overflowKeys: number };
}

/** The single process's budgets: a VisitorTable (bounded; newcomers in a flood share overflow buckets). */
class MemoryBudgets implements BudgetStore {
  private readonly budgets: VisitorTable<Budget>;

  constructor(maxKeys: number) {
    this.budgets = new VisitorTable<Budget>(maxKeys, overflowKeysFor(maxKeys), BUDGET_REFILL_MS, overflowKeysOf);
  }

  async charge(key: string, cost: number, perMinute: number, now: number): Promise<Charge & { shared: boolean }> {
    const slot = this.budgets.slot(key, now, () => fullBudget(perMinute, now));
    const charge = chargeBudget(slot.value, cost, perMinute, now);
    slot.value.tokens = charge.budget.tokens;
    this.budgets.renew(slot, now);
    return { ...charge, shared: slot.shared };
  }

  async refill(key: string, cost: number, perMinute: number, now: number): Promise<void> {
    const slot = this.budgets.peek(key, now);
    if (!slot || slot.shared) return;
    slot.value.tokens = chargeBudget(fullBudget(perMinute, now), cost, perMinute, now).budget.tokens;
    this.budgets.renew(slot, now);
  }

  refund(key: string, cost: number, perMinute: number, now: number): void {
    const slot = this.budgets.peek(key, now);
    if (slot) slot.value.tokens = Math.min(perMinute, slot.value.tokens + cost);
  }

  stats(): { keys: number; overflowKeys: number } {
    return { keys: this.budgets.size, overflowKeys: this.budgets.sharedSize };
  }
}

export interface WorkLimitsOptions {
  /** Units a visitor may spend a minute; 0 = no budgets. */
  perMinute: number;
  /** Visitors with a budget of their own (RATE_LIMIT_MAX_KEYS, as the limiter). */
  maxKeys: number;
  /** Uncached searches at once, and waiting. */
  searchConcurrency: number;
  searchQueue: number;
  now: () => number;
  captcha: CaptchaGate;
  /** Where budgets are kept (default: this process's memory). */
  store?: BudgetStore | undefined;
}

export class WorkLimits {
  private readonly budgets: BudgetStore;
  /** Uncached searches (routes/search.ts). The PDFs' bound is their worker pool's queue (lib/pdf-workers.ts). */
  readonly search: WorkGate;
  /** Programme models (the PDFs' part on the event loop: database reads and the tour's detail), one at a time. */
  readonly pdfModels: WorkGate;

  constructor(private readonly options: WorkLimitsOptions) {
    this.budgets = options.store ?? new MemoryBudgets(options.maxKeys);
    this.search = new WorkGate(options.searchConcurrency, options.searchQueue);
    this.pdfModels = new WorkGate(1, MODELS_QUEUE);
  }

  /**
   * Charges the request's visitor for one piece of work of `kind`; throws the 429 captcha answer with Retry-After when
   * its budget does not hold it (unless the request carries a solved captcha, which fills the budget again).
   */
  async charge(request: FastifyRequest, kind: WorkKind): Promise<void> {
    const perMinute = this.options.perMinute;
    if (perMinute === 0 || request.internalCall) return;
    const now = this.options.now();
    const visitor = addressKey(request.clientIp);
    const charge = await this.budgets.charge(visitor, WORK_COSTS[kind], perMinute, now);
    if (charge.ok) return;
    await this.options.captcha.recall?.(request);
    const type = this.options.captcha.typeFor(request);
    if (!(await this.options.captcha.pass(request, type === 'hard_captcha'))) throw workRefused(retryAfterSeconds(charge.retryAfterMs), type);
    // A shared overflow bucket is not filled for everyone in it: the captcha pays for this piece of work only.
    if (!charge.shared) await this.budgets.refill(visitor, WORK_COSTS[kind], perMinute, now);
  }

  /** Gives back what `charge` took for work that turned out not to be needed (someone else's PDF was ready meanwhile). */
  refund(request: FastifyRequest, kind: WorkKind): void {
    const perMinute = this.options.perMinute;
    if (perMinute === 0 || request.internalCall) return;
    this.budgets.refund(addressKey(request.clientIp), WORK_COSTS[kind], perMinute, this.options.now());
  }

  /** Charging and refunding one request's visitor for work of `kind` (for code that does not know the request). */
  payer(request: FastifyRequest, kind: WorkKind): Payer {
    return { pay: () => this.charge(request, kind), refund: () => this.refund(request, kind) };
  }

  /** Visitors with a budget of their own, and overflow buckets (metrics, tests). */
  stats(): { keys: number; overflowKeys: number; search: { running: number; queued: number } } {
    return { ...this.budgets.stats(), search: this.search.stats() };
  }
}
