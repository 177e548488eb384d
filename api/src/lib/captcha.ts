/**
 * The visible captcha (accounts-and-comms §4 'Captcha', §5, §7 'Captcha headers', §8): self-hosted ALTCHA, a
 * proof of work the browser solves (the `altcha` widget) with no third party involved.
 *
 * - GET /spa/captcha/challenge?action=<name>[&hard=1] answers a challenge signed with CAPTCHA_SECRET; its signed
 *   `data` says which action it is for and whether it is hard. It expires in 10 minutes.
 * - The retry of a captcha-required answer carries the solved payload in x-captcha-token (base64 JSON
 *   `{ challenge, solution }`). It passes when the signature is ours, it has not expired, its action is
 *   `captchaAction(path of the request)`, it is hard when a hard one was asked for, and it was not used before
 *   (`captcha_uses`, shared by every process on one database).
 * - Policy: a visitor who solved one and needs one again within ESCALATION_WINDOW_MS gets `hard_captcha`.
 * - Memory of visitors (solves, levels asked): this process's, or in the cluster the database's, shared by every
 *   process (CaptchaMemory, api/src/cluster/captcha-memory.ts; issue 31).
 * - Cost that rises with failures (issue 28): a limit that asks for a captcha may ask for a level (captchaLevel of
 *   the recent failures it saw: wrong codes and sends past the free ones, for the login or the visitor). The level
 *   doubles the counter range, up to MAX_COUNTER; it is signed into the challenge (`data.level`), remembered for the
 *   visitor and action so the widget's next challenge has it, and checked on the retry (a cheaper one does not pass).
 *
 * Work (deterministic mode: the server derives the key of a secret random counter, the browser tries counters from
 * 0 until it finds it; checking a solution is one HMAC). PBKDF2/SHA-256 (the widget's built-in workers run it with
 * WebCrypto) at 1,000 iterations per counter. Measured with altcha-lib's solveChallenge in node on this 2-core
 * machine (other processes running: 0.26–0.45 ms a counter), one solver and two interleaved ones (the widget's two
 * workers here):
 *   normal, counter 1,500–3,000:   one 0.5–1.3 s, two 0.27–0.75 s  (the browser: ≈ 0.3–1 s);
 *   hard,   counter 5,000–10,000:  one 1.4–3.0 s, two 0.8–2.1 s    (≈ 3× a normal one);
 *   top level, 8,000–16,000:       one 2.4–5.5 s (0.3 ms a counter), the browser ≈ 1.5–3 s: a cheap phone a few s.
 * Making a challenge costs the server one derivation (≈ 0.3 ms).
 */
import { createHmac, randomInt } from 'node:crypto';
import { createChallenge, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { LRUCache } from 'lru-cache';
import type { FastifyRequest } from 'fastify';
import { CAPTCHA_HEADER, captchaAction, type CaptchaType } from '@tours/shared/src/api/captcha';
import type { Db } from '../db';
import { sweepCaptchaUses, spendCaptchaChallenge } from '../db/queries/captcha-uses';
import { addressKey, type CaptchaGate } from './rate-limit';
import { wallClock } from './clock';

/** The challenge call (site-tokens' captcha_key; hard_captcha_key adds `?hard=1`). */
export const CAPTCHA_CHALLENGE_PATH = '/spa/captcha/challenge';
const CAPTCHA_ALGORITHM = 'PBKDF2/SHA-256';
const COST = 1_000;
/** The top of the counter range at level 0 (the bottom is half of it): normal 1,500–3,000, hard 5,000–10,000. */
const BASE_MAX_COUNTER = { normal: 3_000, hard: 10_000 } as const;
/** No level asks more of a traveller's phone than this (≈ 1.5–3 s in the browser here, a few seconds on a cheap phone). */
const MAX_COUNTER = 16_000;
/** Failures per level, and the top level (normal: 3,000 → 6,000 → 12,000 → 16,000; hard: 10,000 → 16,000). */
export const FAILURES_PER_LEVEL = 5;
export const MAX_LEVEL = 3;

/** The level of a captcha asked for after `failures` recent failures (wrong codes, sends past the free ones). */
export function captchaLevel(failures: number): number {
  return Math.min(MAX_LEVEL, Math.floor(Math.max(0, failures) / FAILURES_PER_LEVEL));
}

/** The secret counter's range (ALTCHA's maxnumber and half of it) for a captcha of a level. */
export function counterRange(hard: boolean, level: number): [number, number] {
  const max = Math.min(MAX_COUNTER, BASE_MAX_COUNTER[hard ? 'hard' : 'normal'] * 2 ** Math.min(Math.max(0, level), MAX_LEVEL));
  return [max / 2, max];
}
const CHALLENGE_LIFETIME_MS = 10 * 60_000;
/** A visitor who needs a captcha again this soon after solving one gets a hard one. */
export const ESCALATION_WINDOW_MS = 10 * 60_000;
/** Longer than any payload of ours (≈ 700 characters); anything longer is not one. */
const MAX_TOKEN_LENGTH = 4_096;
/** Used challenges are swept at most this often. */
const SWEEP_EVERY_MS = 60_000;

/**
 * The captcha's memory of visitors shared by the API processes (the cluster's; api/src/cluster/captcha-memory.ts).
 * Without one, the captcha remembers in this process's memory.
 */
export interface CaptchaMemory {
  /** The times of the visitor's recent solves (at or after `since`; the last two are enough). */
  solves(visitor: string, since: number): Promise<number[]>;
  addSolve(visitor: string, at: number): Promise<void>;
  /** The level last asked of `visitor|action` at or after `since`, else 0. */
  demand(key: string, since: number): Promise<number>;
  /** Remembers the level asked (0: forgets it). */
  setDemand(key: string, level: number, at: number): Promise<void>;
}

export interface CaptchaCheck {
  valid: boolean;
  hard: boolean;
  /** The solved challenge's level (absent: 0). */
  level?: number;
  /** Why it did not pass (tests, logs). */
  reason?: 'malformed' | 'expired' | 'signature' | 'solution' | 'action' | 'used';
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The check of this request's x-captcha-token, made once however many rules ask (a token is used up by it). */
    captchaCheck: Promise<CaptchaCheck> | null;
  }
}

/** The secret counter: unpredictable, or a solver could skip the work. */
const randomIn = ([min, max]: readonly [number, number]): number => randomInt(min, max + 1);

/** The payload's shape, checked before anything is computed from it. */
function parsePayload(token: string): { challenge: Challenge; solution: { counter: number; derivedKey: string } } | null {
  if (!token || token.length > MAX_TOKEN_LENGTH) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
  } catch {
    return null;
  }
  const p = payload as { challenge?: { parameters?: Record<string, unknown>; signature?: unknown }; solution?: { counter?: unknown; derivedKey?: unknown } } | null;
  const parameters = p?.challenge?.parameters;
  if (!parameters || typeof parameters !== 'object' || Array.isArray(parameters)) return null;
  if (typeof p.challenge?.signature !== 'string' || typeof parameters.nonce !== 'string' || typeof parameters.expiresAt !== 'number') return null;
  if (!p.solution || typeof p.solution.counter !== 'number' || typeof p.solution.derivedKey !== 'string') return null;
  return p as unknown as ReturnType<typeof parsePayload>;
}

export class Captcha implements CaptchaGate {
  readonly challengePath = CAPTCHA_CHALLENGE_PATH;
  private keys: { secret: string; keySecret: string } | null = null;
  /**
   * Solve times per visitor (the limiter's address key) within the escalation window: the memory itself in one
   * process; with a shared memory, what `recall` last read of it.
   */
  private readonly solves: LRUCache<string, number[]>;
  /** The level last asked of a visitor for an action (`visitor|action`), for its next challenge (without a shared memory). */
  private readonly demands = new LRUCache<string, { level: number; at: number }>({ max: 10_000 });
  /** The requests whose own token counted as a solve. */
  private readonly solvedIn = new WeakSet<FastifyRequest>();
  private lastSweep = 0;

  constructor(
    private readonly db: Db,
    /** CAPTCHA_SECRET, or where the service keeps it (known once the service has started: services.ts). */
    private readonly secretOf: string | (() => string),
    private readonly now: () => number = Date.now,
    /**
     * The challenges' expiry clock: real time, because altcha-lib checks `expiresAt` on Date.now too (a moved
     * CLOCK_START would otherwise make every challenge expired or everlasting to it; lib/clock.ts).
     */
    private readonly expiryNow: () => number = wallClock,
    /** Shared by the processes in the cluster; else this process's memory. */
    private readonly shared?: CaptchaMemory,
  ) {
    this.solves = new LRUCache({ max: 10_000 });
  }

  /** The signing secret and the derived key's (which lets a solution be checked with one HMAC, not a PBKDF2 derivation). */
  private secrets(): { secret: string; keySecret: string } {
    const secret = typeof this.secretOf === 'string' ? this.secretOf : this.secretOf();
    if (this.keys?.secret !== secret) this.keys = { secret, keySecret: createHmac('sha256', secret).update('altcha key signature').digest('hex') };
    return this.keys;
  }

  /** A challenge for an action (the captchaAction name of the call to retry), of a level (0: the base cost). */
  async challenge(action: string, hard: boolean, level = 0): Promise<Challenge & { signature: string }> {
    const { secret, keySecret } = this.secrets();
    const challenge = await createChallenge({
      algorithm: CAPTCHA_ALGORITHM,
      cost: COST,
      counter: randomIn(counterRange(hard, level)),
      deriveKey,
      expiresAt: new Date(this.expiryNow() + CHALLENGE_LIFETIME_MS),
      // A level only when there is one: level-0 challenges stay as they were.
      data: level > 0 ? { action, hard, level } : { action, hard },
      hmacSignatureSecret: secret,
      hmacKeySignatureSecret: keySecret,
    });
    return { ...challenge, signature: challenge.signature ?? '' };
  }

  /** Checks a solved payload for an action and uses it up (a second check of the same payload fails). */
  async verify(token: string, action: string): Promise<CaptchaCheck> {
    const payload = parsePayload(token);
    if (!payload) return { valid: false, hard: false, reason: 'malformed' };
    const { parameters } = payload.challenge;
    const now = this.expiryNow();
    // Checked here first, on the clock the challenge was made on (the library's own check reads Date.now).
    if (!parameters.expiresAt || parameters.expiresAt * 1000 <= now) return { valid: false, hard: false, reason: 'expired' };
    let result;
    try {
      const { secret, keySecret } = this.secrets();
      result = await verifySolution({ challenge: payload.challenge, solution: payload.solution, deriveKey, hmacSignatureSecret: secret, hmacKeySignatureSecret: keySecret });
    } catch {
      return { valid: false, hard: false, reason: 'malformed' };
    }
    if (result.expired) return { valid: false, hard: false, reason: 'expired' };
    if (result.invalidSignature) return { valid: false, hard: false, reason: 'signature' };
    if (!result.verified) return { valid: false, hard: false, reason: 'solution' };
    const hard = parameters.data?.hard === true;
    const level = typeof parameters.data?.level === 'number' && parameters.data.level > 0 ? { level: parameters.data.level } : {};
    if (parameters.data?.action !== action) return { valid: false, hard, ...level, reason: 'action' };
    await this.sweep(now);
    if (!(await spendCaptchaChallenge(this.db, parameters.nonce, new Date(parameters.expiresAt * 1000)))) return { valid: false, hard, ...level, reason: 'used' };
    return { valid: true, hard, ...level };
  }

  /**
   * Whether the request's x-captcha-token lets it through a limit (hard: only a hard captcha does; `level`: only one
   * of that level or above). The token is checked once per request; a pass counts as a solve of the visitor.
   */
  async pass(request: FastifyRequest, hard: boolean, level = 0): Promise<boolean> {
    const header = request.headers[CAPTCHA_HEADER];
    const token = Array.isArray(header) ? header[0] : header;
    if (!token) return false;
    request.captchaCheck ??= this.verify(token, captchaAction(request.url)).then(async (check) => {
      if (check.valid) await this.recordSolve(request);
      return check;
    });
    const check = await request.captchaCheck;
    return check.valid && (!hard || check.hard) && (check.level ?? 0) >= level;
  }

  /** A limit asks the request's visitor for a captcha of `level`: the visitor's next challenge for this call has it. */
  async demand(request: FastifyRequest, level: number): Promise<void> {
    const key = `${addressKey(request.clientIp)}|${captchaAction(request.url)}`;
    if (this.shared) await this.shared.setDemand(key, level, this.now());
    else if (level > 0) this.demands.set(key, { level, at: this.now() });
    else this.demands.delete(key);
  }

  /** The level the visitor was last asked for on this action (within a challenge's lifetime), else 0. */
  async demandedLevel(request: FastifyRequest, action: string): Promise<number> {
    const key = `${addressKey(request.clientIp)}|${action}`;
    if (this.shared) return this.shared.demand(key, this.now() - CHALLENGE_LIFETIME_MS + 1);
    const demand = this.demands.get(key);
    return demand && this.now() - demand.at < CHALLENGE_LIFETIME_MS ? demand.level : 0;
  }

  /** Reads the request's visitor's solves from the shared memory, for `typeFor` (nothing to do without one). */
  async recall(request: FastifyRequest): Promise<void> {
    if (!this.shared) return;
    const visitor = addressKey(request.clientIp);
    const solves = await this.shared.solves(visitor, this.now() - ESCALATION_WINDOW_MS + 1);
    if (solves.length) this.solves.set(visitor, solves);
    else this.solves.delete(visitor);
  }

  /**
   * Which captcha the visitor of a request must solve: a hard one when it solved one within the window — before this
   * request (two limits asking in one request are one need, not a repeated one).
   */
  typeFor(request: FastifyRequest): CaptchaType {
    const others = this.recentSolves(addressKey(request.clientIp)).length - (this.solvedIn.has(request) ? 1 : 0);
    return others > 0 ? 'hard_captcha' : 'captcha';
  }

  private recentSolves(visitor: string): number[] {
    return (this.solves.get(visitor) ?? []).filter((at) => this.now() - at < ESCALATION_WINDOW_MS);
  }

  private async recordSolve(request: FastifyRequest): Promise<void> {
    const visitor = addressKey(request.clientIp);
    const at = this.now();
    this.solvedIn.add(request);
    this.solves.set(visitor, [...this.recentSolves(visitor).slice(-9), at]);
    await this.shared?.addSolve(visitor, at);
  }

  private async sweep(now: number): Promise<void> {
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    await sweepCaptchaUses(this.db, new Date(now));
  }
}
