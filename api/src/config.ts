/** Service configuration from the environment. Pure: table-tested in test/lib.test.ts. */
import path from 'node:path';
import { DEFAULT_CATALOGUE_SIZE, DEFAULT_SEED } from './db/seed';
import { splitTrustProxy } from '@tours/shared/src/api/forwarding';
import { loadAppConfig } from '@tours/shared/src/node/app-config-file';
import type { AppConfig } from '@tours/shared/src/config/app-config';

export interface ApiConfig {
  port: number;
  host: string;
  /** SQLite file (absolute; a relative DB_FILE is taken from the repository root), used when databaseUrl is empty. */
  dbFile: string;
  /** PostgreSQL URL (DATABASE_URL); empty for SQLite. */
  databaseUrl: string;
  seed: number;
  catalogueSize: number;
  /** Re-seed when the data is older than this many days. */
  seedMaxAgeDays: number;
  /**
   * Reads (GET/HEAD/OPTIONS on /spa, /crm, /node-api) per minute per client address; also the scale of the other
   * classes' defaults (writes a tenth, auth-like calls a sixtieth). 0 switches every limit off.
   */
  rateLimitPerMin: number;
  /** POST (and other writes) per minute per client address; null = rateLimitPerMin / 10 (at least 1); 0 = off. */
  rateLimitWritesPerMin: number | null;
  /** Code sends and auth-like calls per minute per client address; null = rateLimitPerMin / 60 (at least 1); 0 = off. */
  rateLimitAuthPerMin: number | null;
  /**
   * RATE_LIMIT_MAX_KEYS: keys (client address × class) the limiter keeps a window of their own for, and visitors with a
   * work budget of their own. A live one is never dropped: when the table is full, new addresses share overflow buckets
   * (per /24 or /48, then one; lib/visitor-table.ts).
   */
  rateLimitMaxKeys: number;
  /**
   * RATE_LIMIT_COST_PER_MIN: cost units of expensive work (PDFs made, uncached searches, e-mails to typed addresses,
   * uploads; lib/work-budget.ts) one visitor may spend a minute; null = the reads limit (600); 0 = no budgets.
   */
  rateLimitCostPerMin: number | null;
  /** PDF_WORKERS: worker threads rendering programme PDFs (default 1; 0 renders on the event loop). */
  pdfWorkers: number;
  /** PDF_QUEUE: PDFs waiting for a worker at most; beyond it a PDF is refused with the captcha 429 (default 8). */
  pdfQueue: number;
  /** SEARCH_CONCURRENCY, SEARCH_QUEUE: uncached searches computed at once (4) and waiting (64); beyond: the captcha 429. */
  searchConcurrency: number;
  searchQueue: number;
  /**
   * MAIL_PER_RECIPIENT_PER_DAY: messages of one kind (programme, subscription, cancellation, chat link) to one address a
   * visitor typed, in 24 hours, from any visitors (counted in the database); 0 = no limit. Default 3.
   */
  mailPerRecipientPerDay: number;
  /**
   * CHAT_HANDSHAKES_PER_MIN: chat socket handshakes one address may start in a minute (default 60: a reconnecting
   * client with its backoff needs a few); 0 = no limit. Lifted with every other limit by RATE_LIMIT_PER_MIN=0.
   */
  chatHandshakesPerMin: number;
  /** Byte budget (estimated) of the answer cache, in MB. */
  cacheMaxMb: number;
  /**
   * INTERNAL_API_SECRET: the host server proves itself with it (X-Internal-Secret); only then is its
   * X-Forwarded-For believed and its own calls (X-Internal-Call: host-server) exempt from the limits. Empty = none.
   */
  internalSecret: string;
  /** Country for loopback/private/unknown addresses (ISO alpha-2). */
  defaultCountryIso: string;
  /**
   * excursionsEnabled of the app configuration (APP_CONFIG_FILE over the SITE_VARIANT preset, the host's source;
   * issue 32): false, search and the main page's lists leave excursions out. An invalid file stops the start.
   */
  excursionsEnabled: boolean;
  /**
   * verificationService and webCalls of the app configuration (the same APP_CONFIG_FILE over the preset, issue 32): the
   * defaults of GET verification-data's provider and of the internet calls allowed; site settings still override them.
   */
  verificationService: AppConfig['verificationService'];
  webCalls: AppConfig['webCalls'];
  logLevel: string;
  /**
   * CLOCK_START (an ISO 8601 instant, e.g. 2026-11-24T09:00:00Z): the product's clock starts there when the process
   * starts and ticks on in real time (lib/clock.ts): the e2e suites' fixed calendar, or a demo on a chosen day.
   * Unset (default) = real time.
   */
  clockStart: number | null;
  /**
   * TRUST_PROXY: addresses/CIDRs (or proxy-addr's names loopback, linklocal, uniquelocal) of a real load balancer in
   * front of the API, whose X-Forwarded-For/-Proto fastify believes. Empty (default) = none.
   */
  trustProxy: string[];
  corsOrigin: string;
  captchaProvider: string | null;
  captchaKey: string | null;
  hardCaptchaKey: string | null;
  invisibleCaptchaProvider: string | null;
  invisibleCaptchaKey: string | null;
  mapsToken: string | null;
  mapsSuggestToken: string | null;
  /** SMTP_URL (smtp:// or smtps://, credentials in the URL): e-mail goes out through it; empty = messages are kept in the outbox. */
  smtpUrl: string;
  /** MAIL_FROM: the sender of the e-mails. */
  mailFrom: string;
  /** SITE_ORIGIN: the origin of links in messages (password reset, e-mail confirmation). */
  siteOrigin: string;
  /**
   * COORDINATOR_EMAIL: where the notice of every new request goes (the coordinators' shared inbox); 'off' sends none.
   * Default coordinators@tours.example, so a developer sees the notices on the outbox page.
   */
  coordinatorEmail: string | null;
  /**
   * BACK_OFFICE_URL: where the back office (not part of this product) answers, e.g. https://admin.example.com: the staff
   * panel's 'Tour in admin' is {url}/tour/update?id={id} and the high-difficulty memo {url}/memo/high-difficulty-tours.
   * Unset (default): the API answers adm_url and the memo link as null and the panel shows neither (issue 29: they had
   * pointed at /admin on the site, a 404).
   */
  backOfficeUrl: string | null;
  /** DEV_MODE=1: developer pages (the outbox with its codes at /internal/outbox) answer without the internal secret. */
  devMode: boolean;
  /**
   * CAPTCHA_SECRET: signs captcha challenges. Empty = one made once and kept in the database (service_secrets), so
   * every process on the database shares it and it outlives a restart (services.ts).
   */
  captchaSecret: string;
  /**
   * AUTH_CODE_SECRET: the pepper of one-time code hashes (a 5-digit code's plain hash is reversed in a moment, the
   * HMAC without the secret is not). Empty = one made once and kept in the database (service_secrets): codes outlive a
   * restart, but a leaked database then holds the pepper too, so production sets it.
   */
  authCodeSecret: string;
  /**
   * AUTH_CODE_SENDS_PER_VISITOR: code sends from one address (any logins) in 10 minutes before a captcha is needed
   * (twice as many: the hard one). Per login it is always 3 (4), and 5 an hour, 10 a day at most (lib/one-time-codes.ts).
   * Raise it where many people share one address.
   */
  codeSendsPerVisitor: number;
  /**
   * VERIFICATION_PROVIDER: the identity-verification provider (lib/identity-verification.ts). 'sandbox' (the default):
   * a local stand-in without network whose applicants a developer moves through /internal/verification/{applicantId}.
   */
  verificationProvider: VerificationProviderName;
  /**
   * UPLOADS_DIR: where uploaded files are kept (a relative one is taken from the repository root). Default: `uploads`
   * next to the SQLite file (api/.data/uploads), also when the data is in PostgreSQL. Every process of one deployment
   * needs the same directory (a shared volume), as it needs the same database. Created on the first upload.
   */
  uploadsDir: string;
  /** UPLOAD_QUOTA_MB_PER_DAY: what one traveller may upload in 24 hours, in MB (the disk's defence); 0 = no quota. */
  uploadQuotaMbPerDay: number;
  /**
   * UPLOADS_S3_URL: keep uploaded files in an S3-compatible object store instead of UPLOADS_DIR (which then holds only
   * the files on their way in): `https://{access key}:{secret}@{endpoint host}/{bucket}[/{prefix}][?region=…]`
   * (lib/s3-storage.ts). Empty: the local disk.
   */
  uploadsS3Url: string;
  /**
   * UPLOAD_URL_ALLOW_HOSTS: host names a URL upload may fetch from even when they resolve to a private address (an
   * internal CDN), comma-separated. Any other host must resolve only to public addresses (lib/url-fetch.ts).
   */
  uploadUrlAllowHosts: readonly string[];
  /** UPLOAD_URL_TIMEOUT_MS: how long a URL upload may take to fetch its file, in ms (default 15000). */
  uploadUrlTimeoutMs: number;
  /**
   * PAYMENT_PROVIDER: the payment provider (use-cases/payments.ts). 'sandbox' (the default): a local stand-in whose payment
   * page (served by the API, with Pay and Decline) works in development mode (DEV_MODE) only.
   */
  paymentProvider: PaymentProviderName;
  /**
   * SIP_WS_URL: the public WebSocket address of the SIP registrar the browsers call through (ws://localhost:5066 in
   * development, wss://… behind the site's proxy in production; scripts/lib/kamailio.mjs). Empty = internet calls
   * are unavailable (web-call-data answers 503).
   */
  sipWsUrl: string;
  /** SIP_DOMAIN: the registrar's SIP domain (the identities' host part, its alias and auth realm). */
  sipDomain: string;
  /** SIP_SECRET: the secret the API and the registrar (kamailio auth_ephemeral) share to mint and check call credentials. */
  sipSecret: string;
}

/** Payment providers the service knows (PAYMENT_PROVIDER); card and fast-bank-transfer providers plug in beside the sandbox. */
const PAYMENT_PROVIDER_NAMES = ['sandbox'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDER_NAMES)[number];

function paymentProvider(value: string | undefined): PaymentProviderName {
  const name = (value ?? '').trim().toLowerCase() || 'sandbox';
  if (!(PAYMENT_PROVIDER_NAMES as readonly string[]).includes(name)) {
    throw new Error(`PAYMENT_PROVIDER: one of ${PAYMENT_PROVIDER_NAMES.join(', ')} (or unset), not '${value ?? ''}'`);
  }
  return name as PaymentProviderName;
}

/** Identity-verification providers the service knows (VERIFICATION_PROVIDER). */
const VERIFICATION_PROVIDER_NAMES = ['sandbox'] as const;
export type VerificationProviderName = (typeof VERIFICATION_PROVIDER_NAMES)[number];

function verificationProvider(value: string | undefined): VerificationProviderName {
  const name = (value ?? '').trim().toLowerCase() || 'sandbox';
  if (!(VERIFICATION_PROVIDER_NAMES as readonly string[]).includes(name)) {
    throw new Error(`VERIFICATION_PROVIDER: one of ${VERIFICATION_PROVIDER_NAMES.join(', ')} (or unset), not '${value ?? ''}'`);
  }
  return name as VerificationProviderName;
}

/** The repository root (a relative DB_FILE is resolved from here, wherever the process was started). */
const REPO_ROOT = path.resolve(__dirname, '..', '..');
/** api/.data/catalogue.sqlite. */
const DEFAULT_DB_FILE = path.join(REPO_ROOT, 'api', '.data', 'catalogue.sqlite');

function int(value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`Expected an integer ${min}..${max}, got '${value}'`);
  return n;
}

/** Optional integer: null when unset. */
function optInt(value: string | undefined, min: number, max: number): number | null {
  return value === undefined || value.trim() === '' ? null : int(value, 0, min, max);
}

/** TRUST_PROXY as a list; `true`, `*` or a hop count (trust whoever connects) is refused. */
function parseTrustProxy(value: string | undefined): string[] {
  const { proxies, refused } = splitTrustProxy(value);
  if (refused.length) throw new Error(`TRUST_PROXY: list the load balancers' addresses or CIDRs, not ${refused.join(', ')}`);
  return proxies;
}

/** A guessable secret is no secret (the internal one lets anyone pose as the host server): 16 characters at least. */
function secret(name: string, value: string | undefined): string {
  if (!value) return '';
  if (value.length < 16) throw new Error(`${name}: use at least 16 characters (e.g. openssl rand -hex 32)`);
  return value;
}

/** An origin for links (scheme://host[:port], no path). */
function origin(value: string | undefined, fallback: string): string {
  if (!value) return fallback;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`SITE_ORIGIN: not an origin (scheme://host[:port]): '${value}'`);
  }
  if (!/^https?:$/.test(url.protocol) || url.pathname.replace(/\/+$/, '') !== '' || url.search || url.hash) {
    throw new Error(`SITE_ORIGIN: not an origin (scheme://host[:port]): '${value}'`);
  }
  return url.origin;
}

function smtpUrl(value: string | undefined): string {
  if (!value) return '';
  if (!/^smtps?:\/\/[^\s]+$/i.test(value)) throw new Error('SMTP_URL: expected smtp://[user:password@]host[:port] or smtps://…');
  return value;
}

/** An http(s) URL without query or fragment, its trailing slashes dropped (links are built under it); empty = null. */
function baseUrl(name: string, value: string | undefined): string | null {
  const raw = value?.trim();
  if (!raw) return null;
  let url: URL | null = null;
  try {
    url = new URL(raw);
  } catch {
    url = null;
  }
  if (!url || !/^https?:$/.test(url.protocol) || url.search || url.hash || url.username || url.password) {
    throw new Error(`${name}: expected an http(s) URL without query, such as https://admin.example.com, not '${raw}'`);
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

function sipWsUrl(value: string | undefined): string {
  if (!value) return '';
  if (!/^wss?:\/\/[^\s/]+(\/[^\s]*)?$/i.test(value)) throw new Error(`SIP_WS_URL: expected ws://host[:port][/path] or wss://…, not '${value}'`);
  return value;
}

function instant(name: string, value: string | undefined): number | null {
  if (!value) return null;
  const at = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/.test(value) ? Date.parse(value) : NaN;
  if (Number.isNaN(at)) throw new Error(`${name}: expected an ISO 8601 instant such as 2026-11-24T09:00:00Z, not '${value}'`);
  return at;
}

function str(value: string | undefined): string | null {
  return value === undefined || value === '' ? null : value;
}

export function readConfig(env: NodeJS.ProcessEnv, root: string = REPO_ROOT): ApiConfig {
  const dbFile = env.DB_FILE ? path.resolve(root, env.DB_FILE) : DEFAULT_DB_FILE;
  const app = loadAppConfig(env);
  return {
    port: int(env.PORT, 3001, 0, 65535),
    host: env.HOST || '127.0.0.1',
    dbFile,
    databaseUrl: env.DATABASE_URL ?? '',
    seed: int(env.SEED, DEFAULT_SEED, 0, 2 ** 32 - 1),
    catalogueSize: int(env.CATALOGUE_SIZE, DEFAULT_CATALOGUE_SIZE, 1, 1_000_000),
    seedMaxAgeDays: int(env.SEED_MAX_AGE_DAYS, 30, 0, 100000),
    // RATE_LIMIT_PER_MIN is the older name of the reads limit (e2e and the benches lift every limit with it).
    rateLimitPerMin: int(env.RATE_LIMIT_READS_PER_MIN || env.RATE_LIMIT_PER_MIN, 600, 0, 1_000_000_000),
    rateLimitWritesPerMin: optInt(env.RATE_LIMIT_WRITES_PER_MIN, 0, 1_000_000_000),
    rateLimitAuthPerMin: optInt(env.RATE_LIMIT_AUTH_PER_MIN, 0, 1_000_000_000),
    rateLimitMaxKeys: int(env.RATE_LIMIT_MAX_KEYS, 10_000, 100, 10_000_000),
    rateLimitCostPerMin: optInt(env.RATE_LIMIT_COST_PER_MIN, 0, 1_000_000_000),
    pdfWorkers: int(env.PDF_WORKERS, 1, 0, 64),
    pdfQueue: int(env.PDF_QUEUE, 8, 0, 10_000),
    searchConcurrency: int(env.SEARCH_CONCURRENCY, 4, 1, 1_000),
    searchQueue: int(env.SEARCH_QUEUE, 64, 0, 100_000),
    mailPerRecipientPerDay: int(env.MAIL_PER_RECIPIENT_PER_DAY, 3, 0, 1_000_000),
    chatHandshakesPerMin: int(env.CHAT_HANDSHAKES_PER_MIN, 60, 0, 1_000_000_000),
    cacheMaxMb: int(env.CACHE_MAX_MB, 64, 1, 65_536),
    internalSecret: secret('INTERNAL_API_SECRET', env.INTERNAL_API_SECRET),
    defaultCountryIso: (env.DEFAULT_COUNTRY_ISO || 'US').toUpperCase(),
    excursionsEnabled: app.excursionsEnabled,
    verificationService: app.verificationService,
    webCalls: app.webCalls,
    logLevel: env.LOG_LEVEL || 'info',
    clockStart: instant('CLOCK_START', env.CLOCK_START),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    corsOrigin: env.CORS_ORIGIN ?? '',
    captchaProvider: str(env.CAPTCHA_PROVIDER),
    captchaKey: str(env.CAPTCHA_KEY),
    hardCaptchaKey: str(env.HARD_CAPTCHA_KEY),
    invisibleCaptchaProvider: str(env.INVISIBLE_CAPTCHA_PROVIDER),
    invisibleCaptchaKey: str(env.INVISIBLE_CAPTCHA_KEY),
    mapsToken: str(env.MAPS_TOKEN),
    mapsSuggestToken: str(env.MAPS_SUGGEST_TOKEN),
    smtpUrl: smtpUrl(env.SMTP_URL),
    mailFrom: env.MAIL_FROM || 'Tours <no-reply@tours.example>',
    siteOrigin: origin(env.SITE_ORIGIN, 'http://localhost:8080'),
    coordinatorEmail: env.COORDINATOR_EMAIL === 'off' ? null : env.COORDINATOR_EMAIL || 'coordinators@tours.example',
    backOfficeUrl: baseUrl('BACK_OFFICE_URL', env.BACK_OFFICE_URL),
    devMode: env.DEV_MODE === '1' || env.DEV_MODE === 'true',
    captchaSecret: secret('CAPTCHA_SECRET', env.CAPTCHA_SECRET),
    authCodeSecret: secret('AUTH_CODE_SECRET', env.AUTH_CODE_SECRET),
    codeSendsPerVisitor: int(env.AUTH_CODE_SENDS_PER_VISITOR, 10, 1, 1_000_000),
    verificationProvider: verificationProvider(env.VERIFICATION_PROVIDER),
    uploadsDir: env.UPLOADS_DIR ? path.resolve(root, env.UPLOADS_DIR) : path.join(path.dirname(dbFile), 'uploads'),
    uploadQuotaMbPerDay: int(env.UPLOAD_QUOTA_MB_PER_DAY, 500, 0, 1_000_000),
    uploadsS3Url: env.UPLOADS_S3_URL?.trim() ?? '',
    uploadUrlAllowHosts: (env.UPLOAD_URL_ALLOW_HOSTS ?? '').split(',').map((h) => h.trim().toLowerCase()).filter(Boolean),
    uploadUrlTimeoutMs: int(env.UPLOAD_URL_TIMEOUT_MS, 15_000, 100, 600_000),
    paymentProvider: paymentProvider(env.PAYMENT_PROVIDER),
    sipWsUrl: sipWsUrl(env.SIP_WS_URL),
    sipDomain: env.SIP_DOMAIN || 'tours.localhost',
    sipSecret: secret('SIP_SECRET', env.SIP_SECRET),
  };
}

/** Defaults for tests and embedding: everything from an empty environment. */
export function defaultConfig(overrides: Partial<ApiConfig> = {}): ApiConfig {
  return { ...readConfig({}), ...overrides };
}
