/** What route handlers share: the database, the configuration, the clock, cached reference data, and the services of sign-in. */
import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ApiConfig } from './config';
import type { Db } from './db';
import { currencyRates, siteSettings } from './db/queries/reference';
import { keptSecret } from './db/queries/sign-in-guards';
import { travellerByLogin } from './db/queries/travellers';
import { AnswerCache } from './lib/cache';
import { Captcha, ESCALATION_WINDOW_MS } from './lib/captcha';
import { serviceClock, wallClock } from './lib/clock';
import { verificationProvider, type IdentityVerificationProvider } from './lib/identity-verification';
import type { Rates } from './lib/currency';
import { KnownDevices } from './lib/known-devices';
import { parseLogin } from './domain/logins';
import { OneTimeCodes, type LoginHolder } from './lib/one-time-codes';
import { PasswordGuard } from './lib/password-guard';
import { SessionEvents } from './lib/session-events';
import { Outbox, smtpProvider, type MessageProviders } from './lib/outbox';
import { OutboxClaims } from './cluster/outbox-claims';
import { sharedCaptchaMemory } from './cluster/captcha-memory';
import { sharedBudgetStore } from './cluster/work-budget-store';
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

/** The secrets the service may keep itself (service_secrets, migration 0020) when the environment sets none. */
const KEPT_SECRETS = { captcha: 'CAPTCHA_SECRET', authCode: 'AUTH_CODE_SECRET' } as const;
type KeptSecret = keyof typeof KEPT_SECRETS;

const API_LOCALES: readonly string[] = ['en', 'cn', 'de', 'ru'];

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
  /** Devices accounts signed in from (lib/known-devices.ts) and the wrong-password lock (lib/password-guard.ts). */
  readonly devices: KnownDevices;
  readonly passwords: PasswordGuard;
  /** CAPTCHA_SECRET and AUTH_CODE_SECRET as configured, or as kept in the database once start() read them. */
  private readonly secrets: Partial<Record<KeptSecret, string>> = {};
  private readonly log: FastifyBaseLogger;
  /** Uploaded files: on the disk (UPLOADS_DIR), or in an S3-compatible store with UPLOADS_S3_URL. */
  readonly uploads: UploadStore;
  /** Sessions that end now (logout, refresh, password change): the chat hub closes their sockets. */
  readonly sessions = new SessionEvents();
  /** Expensive work's per-visitor budgets and global bounds (lib/work-limits.ts; issue 28). */
  readonly work: WorkLimits;
  /** The worker threads that render programme PDFs (PDF_WORKERS, PDF_QUEUE; lib/pdf-workers.ts). */
  readonly pdfWorkers: PdfWorkers;

  constructor(
    readonly db: Db,
    readonly config: ApiConfig,
    options: ServicesOptions,
  ) {
    this.cache = new AnswerCache({ maxBytes: config.cacheMaxMb * 1024 * 1024 });
    this.log = options.log;
    if (config.captchaSecret) this.secrets.captcha = config.captchaSecret;
    if (config.authCodeSecret) this.secrets.authCode = config.authCodeSecret;
    this.now = options.now ?? serviceClock(config.clockStart);
    this.wallNow = options.wallNow ?? wallClock;
    this.uploads = new UploadStore(config.uploadsDir, config.uploadsS3Url ? new S3Storage(parseS3Url(config.uploadsS3Url)) : undefined);
    const providers: MessageProviders = { ...options.providers };
    if (config.smtpUrl) providers.email = smtpProvider(config.smtpUrl, config.mailFrom);
    // On PostgreSQL with its URL (the cluster) deliveries are claimed in the table: each message goes out once (issue 31).
    const claims = db.dialect === 'postgres' && config.databaseUrl ? new OutboxClaims(db, () => this.now(), options.log) : undefined;
    this.outbox = new Outbox(db, providers, { now: this.now, log: options.log, ...(options.outboxRetryDelaysMs ? { retryDelaysMs: options.outboxRetryDelaysMs } : {}), ...(claims ? { claims } : {}) });
    // In the cluster the captcha's memory of visitors and the work budgets are the database's, shared (issue 31).
    this.captcha = new Captcha(db, () => this.secret('captcha'), this.now, this.wallNow, sharedCaptchaMemory(db, config, ESCALATION_WINDOW_MS));
    this.devices = new KnownDevices(db, this.now);
    this.passwords = new PasswordGuard(db, this.devices, this.now);
    this.work = new WorkLimits({
      perMinute: costBudgetOf(config), maxKeys: config.rateLimitMaxKeys, searchConcurrency: config.searchConcurrency, searchQueue: config.searchQueue,
      now: this.now, captcha: this.captcha, store: sharedBudgetStore(db, config),
    });
    this.pdfWorkers = new PdfWorkers({ workers: config.pdfWorkers, queue: config.pdfQueue, onError: (message) => options.log.error({ error: message }, 'PDF worker failed') });
    this.codes = new OneTimeCodes(db, {
      secret: () => this.secret('authCode'),
      now: this.now, captcha: this.captcha, outbox: this.outbox,
      limited: rateLimitsOf(config).reads > 0,
      perVisitor: config.codeSendsPerVisitor,
      holderOf: (login) => this.holderOf(login),
      devices: this.devices,
    });
    // The sandbox signs its access tokens with a key of its own derived from AUTH_CODE_SECRET (shared by the processes).
    const secret = () => createHmac('sha256', this.secret('authCode')).update('identity-verification').digest('hex');
    this.verification = options.verification ?? verificationProvider(config.verificationProvider, db, {
      get secret() {
        return secret();
      },
      now: this.now,
    });
  }

  /**
   * Reads the secrets the environment does not set from the database, making them the first time (server.ts runs it
   * before the first request): codes and solved captchas outlive a restart, and every process on one database
   * shares them. A secret in the environment keeps a leaked database from giving the codes away: set both when
   * that matters (docs/decisions.md, issue 28).
   */
  async start(): Promise<void> {
    await this.outbox.start();
    for (const [key, name] of Object.entries(KEPT_SECRETS) as [KeptSecret, string][]) {
      if (this.secrets[key]) continue;
      this.secrets[key] = await keptSecret(this.db, name, this.date());
      this.log.warn(`${name} is not set: using the one kept in the database (service_secrets)`);
    }
  }

  private secret(key: KeptSecret): string {
    const value = this.secrets[key];
    if (!value) throw new Error(`${KEPT_SECRETS[key]}: the service has not started (Services.start)`);
    return value;
  }

  /** The traveller account of a login, if it has one (the code caps' notice and known devices). */
  private async holderOf(login: string): Promise<LoginHolder | null> {
    const traveller = await travellerByLogin(this.db, parseLogin(login));
    if (!traveller) return null;
    const language = traveller.language !== null && API_LOCALES.includes(traveller.language) ? (traveller.language as LoginHolder['language']) : null;
    return { account: `traveller:${Number(traveller.id)}`, language };
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
