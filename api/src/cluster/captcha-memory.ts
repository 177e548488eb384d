/**
 * The captcha's memory of visitors shared by every API process on one PostgreSQL database (issue 31; lib/captcha.ts):
 * a visitor who solved a captcha on one process and needs another on a second gets the hard one there too, and the
 * level a limit asked for on one process is the level of the challenge another process hands out.
 *
 * - Solves: the visitor's last two (`captcha_solves`), all the escalation needs (one before this request's own);
 *   written when a solution passes, read only when a limit is about to ask for a captcha;
 * - demands: the level per visitor and action (`captcha_demands`), written when a limit asks, read by the challenge;
 * - rows older than the escalation window (10 minutes, a challenge's lifetime too) are deleted every minute.
 */
import type { Db } from '../db';
import { addCaptchaSolve, captchaDemand, captchaSolves, setCaptchaDemand, sweepCaptchaMemory } from '../db/queries/cluster';
import type { CaptchaMemory } from '../lib/captcha';
import { sharesState } from './cluster-mode';

const SWEEP_EVERY_MS = 60_000;

export class SharedCaptchaMemory implements CaptchaMemory {
  private lastSweep = 0;

  constructor(
    private readonly db: Db,
    /** How long a row matters (the captcha's escalation window). */
    private readonly keepMs: number,
  ) {}

  solves(visitor: string, since: number): Promise<number[]> {
    return captchaSolves(this.db, visitor, since);
  }

  async addSolve(visitor: string, at: number): Promise<void> {
    await addCaptchaSolve(this.db, visitor, at);
    await this.sweep(at);
  }

  demand(key: string, since: number): Promise<number> {
    return captchaDemand(this.db, key, since);
  }

  async setDemand(key: string, level: number, at: number): Promise<void> {
    await setCaptchaDemand(this.db, key, level, at);
    await this.sweep(at);
  }

  private async sweep(now: number): Promise<void> {
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    await sweepCaptchaMemory(this.db, now - this.keepMs).catch(() => undefined);
  }
}

/** The captcha's memory for a service: shared in the cluster, else none (the captcha's in-memory default). */
export function sharedCaptchaMemory(db: Db, config: { databaseUrl: string }, keepMs: number): SharedCaptchaMemory | undefined {
  return sharesState(db, config) ? new SharedCaptchaMemory(db, keepMs) : undefined;
}
