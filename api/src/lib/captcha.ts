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
 *
 * Work (deterministic mode: the server derives the key of a secret random counter, the browser tries counters from
 * 0 until it finds it; checking a solution is one HMAC). PBKDF2/SHA-256 (the widget's built-in workers run it with
 * WebCrypto) at 1,000 iterations per counter. Measured with altcha-lib's solveChallenge in node on this 2-core
 * machine (other processes running: 0.26–0.45 ms a counter), one solver and two interleaved ones (the widget's two
 * workers here):
 *   normal, counter 1,500–3,000:   one 0.5–1.3 s, two 0.27–0.75 s  (the browser: ≈ 0.3–1 s);
 *   hard,   counter 5,000–10,000:  one 1.4–3.0 s, two 0.8–2.1 s    (≈ 3× a normal one).
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
export const CAPTCHA_ALGORITHM = 'PBKDF2/SHA-256';
const COST = 1_000;
const COUNTERS = { normal: [1_500, 3_000], hard: [5_000, 10_000] } as const;
export const CHALLENGE_LIFETIME_MS = 10 * 60_000;
/** A visitor who needs a captcha again this soon after solving one gets a hard one. */
export const ESCALATION_WINDOW_MS = 10 * 60_000;
/** Longer than any payload of ours (≈ 700 characters); anything longer is not one. */
const MAX_TOKEN_LENGTH = 4_096;
/** Used challenges are swept at most this often. */
const SWEEP_EVERY_MS = 60_000;

interface Solve {
  at: number;
}

export interface CaptchaCheck {
  valid: boolean;
  hard: boolean;
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
  private readonly keySecret: string;
  /** Solves per visitor (the limiter's address key) within the escalation window. */
  private readonly solves: LRUCache<string, Solve[]>;
  /** The solve a request's token counted as. */
  private readonly solvedIn = new WeakMap<FastifyRequest, Solve>();
  private lastSweep = 0;

  constructor(
    private readonly db: Db,
    private readonly secret: string,
    private readonly now: () => number = Date.now,
    /**
     * The challenges' expiry clock: real time, because altcha-lib checks `expiresAt` on Date.now too (a moved
     * CLOCK_START would otherwise make every challenge expired or everlasting to it; lib/clock.ts).
     */
    private readonly expiryNow: () => number = wallClock,
  ) {
    // The derived key's signature lets a solution be checked with one HMAC instead of a PBKDF2 derivation.
    this.keySecret = createHmac('sha256', secret).update('altcha key signature').digest('hex');
    this.solves = new LRUCache({ max: 10_000 });
  }

  /** A challenge for an action (the captchaAction name of the call to retry). */
  async challenge(action: string, hard: boolean): Promise<Challenge & { signature: string }> {
    const challenge = await createChallenge({
      algorithm: CAPTCHA_ALGORITHM,
      cost: COST,
      counter: randomIn(hard ? COUNTERS.hard : COUNTERS.normal),
      deriveKey,
      expiresAt: new Date(this.expiryNow() + CHALLENGE_LIFETIME_MS),
      data: { action, hard },
      hmacSignatureSecret: this.secret,
      hmacKeySignatureSecret: this.keySecret,
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
      result = await verifySolution({ challenge: payload.challenge, solution: payload.solution, deriveKey, hmacSignatureSecret: this.secret, hmacKeySignatureSecret: this.keySecret });
    } catch {
      return { valid: false, hard: false, reason: 'malformed' };
    }
    if (result.expired) return { valid: false, hard: false, reason: 'expired' };
    if (result.invalidSignature) return { valid: false, hard: false, reason: 'signature' };
    if (!result.verified) return { valid: false, hard: false, reason: 'solution' };
    const hard = parameters.data?.hard === true;
    if (parameters.data?.action !== action) return { valid: false, hard, reason: 'action' };
    await this.sweep(now);
    if (!(await spendCaptchaChallenge(this.db, parameters.nonce, new Date(parameters.expiresAt * 1000)))) return { valid: false, hard, reason: 'used' };
    return { valid: true, hard };
  }

  /**
   * Whether the request's x-captcha-token lets it through a limit (hard: only a hard captcha does). The token is
   * checked once per request; a pass counts as a solve of the visitor.
   */
  async pass(request: FastifyRequest, hard: boolean): Promise<boolean> {
    const header = request.headers[CAPTCHA_HEADER];
    const token = Array.isArray(header) ? header[0] : header;
    if (!token) return false;
    request.captchaCheck ??= this.verify(token, captchaAction(request.url)).then((check) => {
      if (check.valid) this.recordSolve(request);
      return check;
    });
    const check = await request.captchaCheck;
    return check.valid && (!hard || check.hard);
  }

  /**
   * Which captcha the visitor of a request must solve: a hard one when it solved one within the window — before this
   * request (two limits asking in one request are one need, not a repeated one).
   */
  typeFor(request: FastifyRequest): CaptchaType {
    const own = this.solvedIn.get(request);
    return this.recentSolves(addressKey(request.clientIp)).some((solve) => solve !== own) ? 'hard_captcha' : 'captcha';
  }

  private recentSolves(visitor: string): Solve[] {
    return (this.solves.get(visitor) ?? []).filter((solve) => this.now() - solve.at < ESCALATION_WINDOW_MS);
  }

  private recordSolve(request: FastifyRequest): void {
    const visitor = addressKey(request.clientIp);
    const solve = { at: this.now() };
    this.solvedIn.set(request, solve);
    this.solves.set(visitor, [...this.recentSolves(visitor).slice(-9), solve]);
  }

  private async sweep(now: number): Promise<void> {
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    await sweepCaptchaUses(this.db, new Date(now));
  }
}
