/**
 * One-time codes (accounts-and-comms §1, §3 'Send auth code', 'Auth via code', §9: 5 digits): sign-in codes and the
 * codes that confirm an e-mail address or a phone.
 *
 * - A code lives 10 minutes; a new one for the same owner ends the previous one; 5 wrong entries end it too (a new
 *   one must be sent); a code works once.
 * - Stored as HMAC-SHA256 with AUTH_CODE_SECRET: without the secret a leaked table does not give the codes away
 *   (a plain hash of 5 digits would, in 100,000 tries).
 * - Sends are limited per login and per visitor (SEND_LIMITS): past the limit a send needs a solved captcha (429
 *   'captcha', then 'hard_captcha'); each solved captcha lets one more send through, so the owner of a login is never
 *   locked out, and a flood costs the sender real work. Off with the rate limits (RATE_LIMIT_PER_MIN=0).
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AUTH_CODE_LENGTH, type CodeSender } from '@tours/shared/src/api/schemas/accounts';
import type { ApiLocale } from '@tours/shared/src/api/schemas/common';
import type { Db } from '../db';
import { countCodeSends, insertCode, newestCode, newestConfirmationCode, sweepCodes, tryCode, tryNewestLoginCode, type CodeOwner } from '../db/queries/auth-codes';
import { sweepLinkTokens } from '../db/queries/link-tokens';
import type { CodePurpose } from '../db/migrations/0008-accounts';
import type { Captcha } from './captcha';
import { captchaRequired } from './errors';
import { composeMessage } from './messages';
import type { Outbox } from './outbox';
import { addressKey } from './rate-limit';

export const CODE_LIFETIME_MS = 10 * 60_000;
/** Wrong entries a code survives. */
export const CODE_TRIES = 5;
export const SEND_LIMITS = {
  windowMs: 10 * 60_000,
  /** Sends to one login in the window before a captcha is needed, and before a hard one is. */
  perLogin: 3,
  hardPerLogin: 6,
  /** Sends from one visitor (any logins) in the window (AUTH_CODE_SENDS_PER_VISITOR); the hard captcha past twice that. */
  perVisitor: 10,
} as const;
/** How long codes (and the links sent with them) are kept: they count for the limits only within the window. */
const KEEP_MS = 86_400_000;
const SWEEP_EVERY_MS = 60_000;

export interface CodeCheck {
  status: 'ok' | 'wrong' | 'expired';
  /** The login the code was sent to (for a confirmation: the address it confirms). */
  login: string | null;
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
    private readonly options: { secret: string; now: () => number; captcha: Captcha; outbox: Outbox; limited: boolean; perVisitor?: number },
  ) {}

  private hash(owner: CodeOwner, code: string): string {
    return createHmac('sha256', this.options.secret).update(`${owner.purpose}:${owner.login}:${code}`).digest('hex');
  }

  /**
   * Sends a new code to the owner's login through the channel, once the send limits allow it (a 429 asking for the
   * captcha otherwise). Resolves once the message is in the outbox: its delivery goes on in the background.
   */
  async send(request: FastifyRequest, owner: CodeOwner, delivery: CodeDelivery): Promise<void> {
    const now = new Date(this.options.now());
    await this.checkSendLimits(request, owner.login, now);
    const code = String(randomInt(0, 10 ** AUTH_CODE_LENGTH)).padStart(AUTH_CODE_LENGTH, '0');
    await insertCode(this.db, {
      ...owner, channel: delivery.channel, codeHash: this.hash(owner, code), visitor: addressKey(request.clientIp),
      expiresAt: new Date(now.getTime() + CODE_LIFETIME_MS),
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
      return tried.right ? { status: 'ok', login: tried.login } : { status: 'wrong', login: null };
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

  private async checkSendLimits(request: FastifyRequest, login: string, now: Date): Promise<void> {
    if (!this.options.limited) return;
    const visitor = addressKey(request.clientIp);
    const perVisitor = this.options.perVisitor ?? SEND_LIMITS.perVisitor;
    const sent = await countCodeSends(this.db, login, visitor, new Date(now.getTime() - SEND_LIMITS.windowMs), { login: SEND_LIMITS.hardPerLogin, visitor: 2 * perVisitor });
    if (sent.byLogin < SEND_LIMITS.perLogin && sent.byVisitor < perVisitor) return;
    const hard = sent.byLogin >= SEND_LIMITS.hardPerLogin || sent.byVisitor >= 2 * perVisitor
      || this.options.captcha.typeFor(request) === 'hard_captcha';
    if (!(await this.options.captcha.pass(request, hard))) throw captchaRequired(hard ? 'hard_captcha' : 'captcha');
  }

  /** Forgets codes and link tokens older than KEEP_MS (every link lives an hour at most). */
  private async sweep(now: Date): Promise<void> {
    if (now.getTime() - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now.getTime();
    const before = new Date(now.getTime() - KEEP_MS);
    await Promise.all([sweepCodes(this.db, before), sweepLinkTokens(this.db, before)]);
  }
}
