/** What route handlers share: the database, the configuration, the clock, cached reference data, and the services of sign-in. */
import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ApiConfig } from './config';
import type { Db } from './db';
import { currencyRates, siteSettings } from './db/queries/reference';
import { AnswerCache } from './lib/cache';
import { Captcha } from './lib/captcha';
import { serviceClock, wallClock } from './lib/clock';
import { verificationProvider, type IdentityVerificationProvider } from './lib/identity-verification';
import type { Rates } from './lib/currency';
import { OneTimeCodes } from './lib/one-time-codes';
import { SessionEvents } from './lib/session-events';
import { Outbox, smtpProvider, type MessageProviders } from './lib/outbox';
import { rateLimitsOf } from './lib/rate-limit';
import { PdfWorkers } from './lib/pdf-workers';
import { parseS3Url, S3Storage } from './lib/s3-storage';
import { UploadStore } from './lib/uploads';
import { costBudgetOf } from './lib/work-budget';
import { WorkLimits } from './lib/work-limits';

export interface ServicesOptions {
  /** The service's clock (tests move it): expiries of codes, links and tokens, the captcha escalation and the rate limiter. */
  now?: () => number;
  /** Real time, for values another system checks on its own clock (lib/clock.ts; tests fix it). */
  wallNow?: () => number;
  log: FastifyBaseLogger;
  /** Providers of SMS and messenger channels (none by default: their messages are kept in the outbox). */
  providers?: MessageProviders;
  /** The identity-verification provider (tests, embedding); by default the one VERIFICATION_PROVIDER names. */
  verification?: IdentityVerificationProvider;
  /** Waits before the outbox tries a failed delivery again (tests). */
  outboxRetryDelaysMs?: readonly number[];
}

/** A configured secret, or a random one for this process with a warning (several processes must share one). */
function secretOrRandom(value: string, name: string, log: FastifyBaseLogger): string {
  if (value) return value;
  log.warn(`${name} is not set: using a random one for this process; set it when more than one process serves the API (or to keep it across restarts)`);
  return randomBytes(32).toString('hex');
}

export class Services {
  /** Answers and reference data, 60 s, within CACHE_MAX_MB (lib/cache.ts). */
  readonly cache: AnswerCache;
  readonly now: () => number;
  /** Real time whatever CLOCK_START says: kamailio checks SIP credential expiries on it, altcha-lib captcha expiries. */
  readonly wallNow: () => number;
  readonly outbox: Outbox;
  readonly captcha: Captcha;
  readonly codes: OneTimeCodes;
  /** Identity verification (lib/identity-verification.ts): the sandbox unless VERIFICATION_PROVIDER names another. */
  readonly verification: IdentityVerificationProvider;
  /** Uploaded files: on the disk (UPLOADS_DIR), or in an S3-compatible store with UPLOADS_S3_URL. */
  readonly uploads: UploadStore;
  /** Expensive work's per-visitor budgets and global bounds (lib/work-limits.ts; issue 28). */
  readonly work: WorkLimits;
  /** The worker threads that render programme PDFs (PDF_WORKERS, PDF_QUEUE; lib/pdf-workers.ts). */
  readonly pdfWorkers: PdfWorkers;
  /** Sessions that end now (logout, refresh, password change): the chat hub closes their sockets. */
  readonly sessions = new SessionEvents();

  constructor(
    readonly db: Db,
    readonly config: ApiConfig,
    options: ServicesOptions,
  ) {
    this.cache = new AnswerCache({ maxBytes: config.cacheMaxMb * 1024 * 1024 });
    this.now = options.now ?? serviceClock(config.clockStart);
    this.wallNow = options.wallNow ?? wallClock;
    this.uploads = new UploadStore(config.uploadsDir, config.uploadsS3Url ? new S3Storage(parseS3Url(config.uploadsS3Url)) : undefined);
    const providers: MessageProviders = { ...options.providers };
    if (config.smtpUrl) providers.email = smtpProvider(config.smtpUrl, config.mailFrom);
    this.outbox = new Outbox(db, providers, { now: this.now, log: options.log, ...(options.outboxRetryDelaysMs ? { retryDelaysMs: options.outboxRetryDelaysMs } : {}) });
    this.captcha = new Captcha(db, secretOrRandom(config.captchaSecret, 'CAPTCHA_SECRET', options.log), this.now, this.wallNow);
    this.work = new WorkLimits({
      perMinute: costBudgetOf(config), maxKeys: config.rateLimitMaxKeys, searchConcurrency: config.searchConcurrency, searchQueue: config.searchQueue,
      now: this.now, captcha: this.captcha,
    });
    this.pdfWorkers = new PdfWorkers({ workers: config.pdfWorkers, queue: config.pdfQueue, onError: (message) => options.log.error({ error: message }, 'PDF worker failed') });
    const authCodeSecret = secretOrRandom(config.authCodeSecret, 'AUTH_CODE_SECRET', options.log);
    this.codes = new OneTimeCodes(db, {
      secret: authCodeSecret,
      now: this.now, captcha: this.captcha, outbox: this.outbox,
      limited: rateLimitsOf(config).reads > 0,
      perVisitor: config.codeSendsPerVisitor,
    });
    // The sandbox signs its access tokens with a key of its own derived from AUTH_CODE_SECRET (shared by the processes).
    this.verification = options.verification ?? verificationProvider(config.verificationProvider, db, {
      secret: createHmac('sha256', authCodeSecret).update('identity-verification').digest('hex'), now: this.now,
    });
  }

  /** The service's clock as a Date. */
  date(): Date {
    return new Date(this.now());
  }

  rates(): Promise<Rates> {
    return this.cache.get('rates', () => currencyRates(this.db));
  }

  settings(): Promise<Map<string, string>> {
    return this.cache.get('settings', () => siteSettings(this.db));
  }

  /** Cached answer by key (answers depend only on the catalogue, which changes only on re-seed at start). */
  cached<V>(key: string, compute: () => Promise<V>): Promise<V> {
    return this.cache.get(key, compute);
  }
}
