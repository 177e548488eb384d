/**
 * Expensive work's budgets per visitor shared by every API process on one PostgreSQL database (issue 31): a visitor
 * landing on N processes still has one budget of cost units, not N (lib/work-limits.ts, lib/work-budget.ts).
 *
 * - A charge is one transaction on the visitor's row (`for update`: two processes charging at once take turns), the
 *   rule itself the pure chargeBudget, as in memory; the work it pays for costs far more (a PDF 60–250 ms);
 * - rows: one per visitor charged in the last minute (a budget untouched that long is full again, the same as none);
 *   each process deletes older ones every 30 s (one indexed delete). No overflow buckets: the table, not this
 *   process's memory, holds the visitors.
 */
import type { Db } from '../db';
import { changeWorkBudget, refundWorkBudget, sweepWorkBudgets } from '../db/queries/cluster';
import type { BudgetStore } from '../lib/work-limits';
import { BUDGET_REFILL_MS, chargeBudget, fullBudget, type Charge } from '../lib/work-budget';
import { sharesState } from './cluster-mode';

const SWEEP_EVERY_MS = 30_000;

class SharedBudgets implements BudgetStore {
  private lastSweep = 0;

  constructor(private readonly db: Db) {}

  async charge(key: string, cost: number, perMinute: number, now: number): Promise<Charge & { shared: boolean }> {
    const charge = await changeWorkBudget(this.db, key, fullBudget(perMinute, now), (budget) => {
      const result = chargeBudget(budget, cost, perMinute, now);
      return { keep: result.budget, answer: result };
    });
    await this.sweep(now);
    return { ...charge, shared: false };
  }

  async refill(key: string, cost: number, perMinute: number, now: number): Promise<void> {
    const full = chargeBudget(fullBudget(perMinute, now), cost, perMinute, now).budget;
    await changeWorkBudget(this.db, key, full, () => ({ keep: full, answer: null }));
  }

  refund(key: string, cost: number, perMinute: number): void {
    // A lost refund only leaves the visitor a little poorer until its budget refills.
    void refundWorkBudget(this.db, key, cost, perMinute).catch(() => undefined);
  }

  stats(): { keys: number; overflowKeys: number } {
    return { keys: 0, overflowKeys: 0 };
  }

  private async sweep(now: number): Promise<void> {
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    await sweepWorkBudgets(this.db, now - BUDGET_REFILL_MS).catch(() => undefined);
  }
}

/** The budgets for a service: shared in the cluster, else none (WorkLimits' in-memory default). */
export function sharedBudgetStore(db: Db, config: { databaseUrl: string }): BudgetStore | undefined {
  return sharesState(db, config) ? new SharedBudgets(db) : undefined;
}
