/**
 * Wrong passwords per account (issue 28): travellers' POST /crm/api/user/auth and staff's POST /crm/api/agent/auth.
 *
 * - Counted per account, whatever address the tries come from; a login without an account is counted as its own
 *   subject in the same way, so the answers never tell whether an account exists.
 * - The first FREE_FAILURES wrong passwords cost nothing; the 5th refuses the next try for a minute, and every
 *   further one doubles that, up to a day (lockMs). A subject with no failure for FORGET_AFTER_MS starts afresh; a
 *   right password clears it.
 * - A try is counted before the password is checked, and counted one at a time (a compare-and-set on the row), so
 *   tries sent at once cannot all pass while the first of them is still being hashed. A refused try costs no hash.
 * - The lock refuses devices the account never signed in from. A known device (lib/known-devices.ts) is a subject of
 *   its own with the same rules: the attacker's tries cannot lock the owner's devices, and a stolen device cookie
 *   does not make the password guessable.
 */
import type { FastifyRequest } from 'fastify';
import type { ApiLocale } from '@tours/shared/src/api/schemas/common';
import type { Db } from '../db';
import { clearPasswordGuard, insertPasswordGuard, passwordGuard, replacePasswordGuard, sweepPasswordGuards } from '../db/queries/sign-in-guards';
import { HttpError } from './errors';
import type { AccountKey, KnownDevices } from './known-devices';
import { refusalText, type RefusalKind } from './messages';

const PASSWORD_LOCK = {
  /** Wrong passwords before the first lock. */
  freeFailures: 5,
  firstLockMs: 60_000,
  maxLockMs: 24 * 3_600_000,
  /** A subject with no wrong password this long starts afresh. */
  forgetAfterMs: 7 * 24 * 3_600_000,
} as const;
/** Tries lost to others' at once before one gives up (it is then refused for a second). */
const MAX_RACES = 8;
const SWEEP_EVERY_MS = 3_600_000;

/** How long the next try is refused after the `failures`-th wrong password in a row: 0, then 1 min doubling to a day. */
export function lockMs(failures: number): number {
  if (failures < PASSWORD_LOCK.freeFailures) return 0;
  return Math.min(PASSWORD_LOCK.maxLockMs, PASSWORD_LOCK.firstLockMs * 2 ** Math.min(failures - PASSWORD_LOCK.freeFailures, 20));
}

/**
 * The answer to a refused try: 429 with the wait in words (X-Language's) and Retry-After; `field` also puts the
 * text on a form's field (the agent console shows its sign-in errors on the password field).
 */
export function passwordLocked(kind: Extract<RefusalKind, 'password_locked' | 'staff_password_locked'>, locale: ApiLocale, retryAfterMs: number, field?: string): HttpError {
  const text = refusalText(kind, locale, retryAfterMs);
  return new HttpError(429, text, field ? { [field]: text } : undefined, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) });
}

export type PasswordVerdict = { status: 'ok' | 'wrong' } | { status: 'locked'; retryAfterMs: number };

/** Whose password is tried: the account when the login has one, else the login under a prefix of its own. */
export interface PasswordOwner {
  account: AccountKey | null;
  /** 'login:anna@example.com', 'staff-login:x': the subject when there is no account. */
  loginSubject: string;
}

export class PasswordGuard {
  private lastSweep = 0;

  constructor(
    private readonly db: Db,
    private readonly devices: KnownDevices,
    private readonly now: () => number,
  ) {}

  /**
   * One password try under the lock: 'locked' (without calling `verify`) when this device may not try now, else
   * what `verify` said, counted.
   */
  async check(request: FastifyRequest, owner: PasswordOwner, verify: () => Promise<boolean>): Promise<PasswordVerdict> {
    const device = owner.account ? await this.devices.knownDevice(request, owner.account) : null;
    const subject = owner.account ? (device ? `${owner.account}/device:${device.slice(0, 32)}` : owner.account) : owner.loginSubject;
    const refusedMs = await this.take(subject);
    if (refusedMs > 0) return { status: 'locked', retryAfterMs: refusedMs };
    const right = await verify();
    if (right) await clearPasswordGuard(this.db, subject);
    return { status: right ? 'ok' : 'wrong' };
  }

  /** Counts a try as wrong until it proves right; answers 0 when it may go on, else how long the subject is refused. */
  private async take(subject: string): Promise<number> {
    const now = this.now();
    const at = new Date(now).toISOString();
    await this.sweep(now);
    for (let i = 0; i < MAX_RACES; i++) {
      const row = await passwordGuard(this.db, subject);
      const next = (failures: number) => {
        const lock = lockMs(failures);
        return { failures, last_failure_at: at, locked_until: lock ? new Date(now + lock).toISOString() : null };
      };
      if (!row) {
        if (await insertPasswordGuard(this.db, { subject, ...next(1) })) return 0;
        continue;
      }
      if (row.locked_until !== null && row.locked_until > at) return Date.parse(row.locked_until) - now;
      const before = Date.parse(row.last_failure_at) <= now - PASSWORD_LOCK.forgetAfterMs ? 0 : row.failures;
      if (await replacePasswordGuard(this.db, row, next(before + 1))) return 0;
    }
    return 1_000;
  }

  private async sweep(now: number): Promise<void> {
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    await sweepPasswordGuards(this.db, new Date(now - PASSWORD_LOCK.forgetAfterMs), new Date(now));
  }
}
