/**
 * One-time codes (accounts-and-comms §1, §3 'Send auth code', 'Auth via code', §9: 5 digits): sign-in codes and the
 * codes that confirm an e-mail address or a phone.
 *
 * - A code lives 10 minutes; a new one for the same owner ends the previous one; 5 wrong entries end it too (a new
 *   one must be sent); a code works once.
 * - Stored as HMAC-SHA256 with AUTH_CODE_SECRET: without the secret a leaked table does not give the codes away
 *   (a plain hash of 5 digits would, in 100,000 tries).
 * - Sends are limited per login and per visitor (SEND_LIMITS): past the limit a send needs a solved captcha (429
 *   'captcha', then 'hard_captcha'), costlier after recent failures (captchaLevel); each solved captcha lets one more
 *   send through, and a flood costs the sender real work.
 * - A login gets at most SEND_CAPS codes an hour and a day, whoever asks from wherever and whatever captchas they
 *   solve (issue 28: 22 codes in 1.5 minutes had let a script try 110 codes): past them a send is a 429 with
 *   `errors.send_error_reason` (accounts-and-comms §5, §8) and Retry-After, and the login's holder gets one notice a
 *   day (not a code each time). A device that signed in to the login's account before still gets codes, so the caps
 *   cannot lock the owner out.
 * - A login's codes take at most WRONG_CODES_PER_DAY wrong entries a day between them: past that a new code gets one
 *   try (the owner's right first entry still works), so a day gives a guesser at most 26 tries at one login.
 * The limits are off with the rate limits (RATE_LIMIT_PER_MIN=0).
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AUTH_CODE_LENGTH, type CodeSender } from '@tours/shared/src/api/schemas/accounts';
import type { ApiLocale } from '@tours/shared/src/api/schemas/common';
import type { Db } from '../db';
import {
  countCodeSends, insertCode, newestCode, newestConfirmationCode, nthNewestCodeAt, sweepCodes, tryCode, tryNewestLoginCode, type CodeOwner, type CodeSendCounts,
} from '../db/queries/auth-codes';
import { sweepLinkTokens } from '../db/queries/link-tokens';
import { claimCodeNotice, sweepCodeNotices } from '../db/queries/sign-in-guards';
import type { CodePurpose } from '../db/schema';
import { captchaLevel, FAILURES_PER_LEVEL, MAX_LEVEL, type Captcha } from './captcha';
import { captchaRequired, HttpError } from './errors';
import type { AccountKey, KnownDevices } from './known-devices';
import { composeMessage, refusalText } from './messages';
import type { Outbox } from './outbox';
import { addressKey } from './rate-limit';

export const CODE_LIFETIME_MS = 10 * 60_000;
/** Wrong entries a code survives. */
const CODE_TRIES = 5;
const SEND_LIMITS = {
  windowMs: 10 * 60_000,
  /** Sends to one login in the window before a captcha is needed, and before a hard one is. */
  perLogin: 3,
  hardPerLogin: 4,
  /** Sends from one visitor (any logins) in the window (AUTH_CODE_SENDS_PER_VISITOR); the hard captcha past twice that. */
  perVisitor: 10,
} as const;
/** Codes one login gets in an hour and in a day, captchas or not (a traveller needs one or two). */
const SEND_CAPS = { perHour: 5, perDay: 10 } as const;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** Wrong entries a login's codes take between them in a day before a new code gets a single try. */
const WRONG_CODES_PER_DAY = 20;
/** How long codes (and the links sent with them) are kept: they count for the limits only within the day. */
const KEEP_MS = DAY_MS;
const SWEEP_EVERY_MS = 60_000;

/** The tries a new code gets after the login's codes took `wrongToday` wrong entries in the last day: 5, fewer, at least 1. */
export function codeTriesFor(wrongToday: number): number {
  return Math.max(1, Math.min(CODE_TRIES, WRONG_CODES_PER_DAY - wrongToday));
}

/**
 * The recent failures a send's captcha costs more for: the login's wrong entries today, its sends this hour past the
 * free ones, and the visitor's sends in the window past its free ones.
 */
export function sendFailures(counts: Pick<CodeSendCounts, 'wrongToday' | 'loginHour' | 'byVisitor'>, perVisitor: number): number {
  return counts.wrongToday + Math.max(0, counts.loginHour - SEND_LIMITS.perLogin) + Math.max(0, counts.byVisitor - perVisitor);
}

/** Who holds a login, when it is an account's: where its notice's language comes from and whose devices are known. */
export interface LoginHolder {
  account: AccountKey;
  language: ApiLocale | null;
}

export interface CodeCheck {
  status: 'ok' | 'wrong' | 'expired';
  /** The login the code was sent to (for a confirmation: the address it confirms). */
  login: string | null;
  /** A sign-in's right code: whether an account held the login as it was checked (none: the sign-in makes it unread). */
  held?: boolean;
}

export interface CodeDelivery {
  channel: CodeSender;
  locale: ApiLocale;
  /** A link that does what the code does (e-mails only: sign in, confirm the address), made once the send is allowed. */
  link?: () => Promise<{ url: string; token: string }>;
}

export class OneTimeCodes {
  private lastSweep = 0;

  constructor(
    private readonly db: Db,
    private readonly options: {
      /** AUTH_CODE_SECRET, or where the service keeps it (known once the service has started: services.ts). */
      secret: string | (() => string);
      now: () => number; captcha: Captcha; outbox: Outbox; limited: boolean; perVisitor?: number;
      /** The account a login belongs to (the caps' notice and known devices); none: no login has one. */
      holderOf?: (login: string) => Promise<LoginHolder | null>;
      devices?: KnownDevices;
    },
  ) {}

  private hash(owner: CodeOwner, code: string): string {
    const secret = typeof this.options.secret === 'string' ? this.options.secret : this.options.secret();
    return createHmac('sha256', secret).update(`${owner.purpose}:${owner.login}:${code}`).digest('hex');
  }

  /**
   * Sends a new code to the owner's login through the channel, once the send limits allow it (a 429 asking for the
   * captcha otherwise). Resolves once the message is in the outbox: its delivery goes on in the background.
   */
  async send(request: FastifyRequest, owner: CodeOwner, delivery: CodeDelivery): Promise<void> {
    const now = new Date(this.options.now());
    const tries = await this.checkSendLimits(request, owner.login, now, delivery);
    const code = String(randomInt(0, 10 ** AUTH_CODE_LENGTH)).padStart(AUTH_CODE_LENGTH, '0');
    await insertCode(this.db, {
      ...owner, channel: delivery.channel, codeHash: this.hash(owner, code), visitor: addressKey(request.clientIp),
      expiresAt: new Date(now.getTime() + CODE_LIFETIME_MS), triesTaken: CODE_TRIES - tries,
    }, now);
    const link = delivery.channel === 'email' && delivery.link ? await delivery.link() : null;
    const kind = owner.purpose === 'sign_in' ? 'sign_in_code' : 'confirmation_code';
    const message = composeMessage(kind, delivery.locale, delivery.channel, { code, minutes: CODE_LIFETIME_MS / 60_000, link: link?.url });
    await this.options.outbox.send({ channel: delivery.channel, recipient: owner.login, ...message, secrets: [code, ...(link ? [link.token] : [])] });
    await this.sweep(now);
  }

  /** Checks a code the traveller entered and uses it up when it is right. Only the owner's newest code works. */
  async check(owner: Omit<CodeOwner, 'login'> & { login?: string }, code: string): Promise<CodeCheck> {
    const now = new Date(this.options.now());
    if (owner.travellerId === null) {
      // A sign-in: the code's owner is the login, so its hash is known before the row (one statement, not two).
      const login = owner.login ?? '';
      const tried = await tryNewestLoginCode(this.db, { purpose: owner.purpose, login }, this.hash({ login, purpose: owner.purpose, travellerId: null }, code), CODE_TRIES, now);
      if (!tried) return { status: 'expired', login: null };
      return tried.right ? { status: 'ok', login: tried.login, held: tried.held } : { status: 'wrong', login: null };
    }
    const row = await newestCode(this.db, { purpose: owner.purpose, travellerId: owner.travellerId });
    if (!row || row.used_at !== null || row.expires_at <= now.toISOString()) return { status: 'expired', login: null };
    const expected = Buffer.from(row.code_hash, 'hex');
    const given = Buffer.from(this.hash({ login: row.login, purpose: row.purpose, travellerId: row.traveller_id }, code), 'hex');
    const right = expected.length === given.length && timingSafeEqual(expected, given);
    if (!(await tryCode(this.db, row.id, CODE_TRIES, right ? now : null))) return { status: 'expired', login: null };
    return right ? { status: 'ok', login: row.login } : { status: 'wrong', login: null };
  }

  /** The address a traveller's newest confirmation code went to (change-phone's new number), even once it has died. */
  async pendingLogin(travellerId: number, purpose: Exclude<CodePurpose, 'sign_in'>): Promise<string | null> {
    const since = new Date(this.options.now() - KEEP_MS);
    return (await newestConfirmationCode(this.db, travellerId, purpose, since))?.login ?? null;
  }

  /** Applies the send limits and caps (429s); answers the tries the new code gets. */
  private async checkSendLimits(request: FastifyRequest, login: string, now: Date, delivery: CodeDelivery): Promise<number> {
    if (!this.options.limited) return CODE_TRIES;
    const visitor = addressKey(request.clientIp);
    const perVisitor = this.options.perVisitor ?? SEND_LIMITS.perVisitor;
    const at = now.getTime();
    const sent = await countCodeSends(
      this.db, login, visitor,
      { window: new Date(at - SEND_LIMITS.windowMs), hour: new Date(at - HOUR_MS), day: new Date(at - DAY_MS) },
      // The visitor's count goes far enough past its limit for the hard captcha and the top level.
      { login: SEND_LIMITS.hardPerLogin, visitor: Math.max(2 * perVisitor, perVisitor + MAX_LEVEL * FAILURES_PER_LEVEL), hour: SEND_CAPS.perHour, day: SEND_CAPS.perDay },
    );
    if ((sent.loginHour >= SEND_CAPS.perHour || sent.loginDay >= SEND_CAPS.perDay) && !(await this.fromHoldersDevice(request, login))) {
      throw await this.capped(login, sent, now, delivery);
    }
    const tries = codeTriesFor(sent.wrongToday);
    if (sent.byLogin < SEND_LIMITS.perLogin && sent.byVisitor < perVisitor) return tries;
    await this.options.captcha.recall(request);
    const hard = sent.byLogin >= SEND_LIMITS.hardPerLogin || sent.byVisitor >= 2 * perVisitor
      || this.options.captcha.typeFor(request) === 'hard_captcha';
    const level = captchaLevel(sendFailures(sent, perVisitor));
    if (!(await this.options.captcha.pass(request, hard, level))) {
      await this.options.captcha.demand(request, level);
      throw captchaRequired(hard ? 'hard_captcha' : 'captcha');
    }
    return tries;
  }

  /** Whether the request comes from a device that signed in to the login's account before (the caps do not bind it). */
  private async fromHoldersDevice(request: FastifyRequest, login: string): Promise<boolean> {
    const { holderOf, devices } = this.options;
    if (!holderOf || !devices) return false;
    const holder = await holderOf(login);
    return holder !== null && (await devices.knownDevice(request, holder.account)) !== null;
  }

  /**
   * The refusal of a send past a login's caps: when the next one is taken, in the request's language; the login's
   * holder is told once a day (in their language when the login is an account's).
   */
  private async capped(login: string, sent: CodeSendCounts, now: Date, delivery: CodeDelivery): Promise<HttpError> {
    const at = now.getTime();
    const frees: number[] = [];
    if (sent.loginHour >= SEND_CAPS.perHour) frees.push(((await nthNewestCodeAt(this.db, login, new Date(at - HOUR_MS), SEND_CAPS.perHour))?.getTime() ?? at) + HOUR_MS);
    if (sent.loginDay >= SEND_CAPS.perDay) frees.push(((await nthNewestCodeAt(this.db, login, new Date(at - DAY_MS), SEND_CAPS.perDay))?.getTime() ?? at) + DAY_MS);
    const waitMs = Math.max(1_000, ...frees.map((free) => free - at));
    if (await claimCodeNotice(this.db, login, new Date(at - DAY_MS), now)) {
      const holder = await this.options.holderOf?.(login);
      const message = composeMessage('codes_refused', holder?.language ?? delivery.locale, delivery.channel, { minutes: 0 });
      await this.options.outbox.send({ channel: delivery.channel, recipient: login, ...message });
    }
    const text = refusalText('codes_capped', delivery.locale, waitMs);
    return new HttpError(429, text, { send_error_reason: text }, undefined, { 'retry-after': String(Math.ceil(waitMs / 1000)) });
  }

  /** Forgets codes and link tokens older than KEEP_MS (every link lives an hour at most). */
  private async sweep(now: Date): Promise<void> {
    if (now.getTime() - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now.getTime();
    const before = new Date(now.getTime() - KEEP_MS);
    await Promise.all([sweepCodes(this.db, before), sweepLinkTokens(this.db, before), sweepCodeNotices(this.db, before)]);
  }
}
