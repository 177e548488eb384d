/** Service configuration from the environment. Pure: table-tested in test/lib.test.ts. */
import path from 'node:path';
import { DEFAULT_CATALOGUE_SIZE, DEFAULT_SEED } from './db/seed';

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
  /** Requests per minute per client address on API calls; 0 disables. */
  rateLimitPerMin: number;
  /** Country for loopback/private/unknown addresses (ISO alpha-2). */
  defaultCountryIso: string;
  logLevel: string;
  /** fastify trustProxy: which peers may set X-Forwarded-For (default the loopback host proxy). */
  trustProxy: string;
  corsOrigin: string;
  captchaProvider: string | null;
  captchaKey: string | null;
  hardCaptchaKey: string | null;
  invisibleCaptchaProvider: string | null;
  invisibleCaptchaKey: string | null;
  mapsToken: string | null;
  mapsSuggestToken: string | null;
}

/** The repository root (a relative DB_FILE is resolved from here, wherever the process was started). */
export const REPO_ROOT = path.resolve(__dirname, '..', '..');
/** api/.data/catalogue.sqlite. */
export const DEFAULT_DB_FILE = path.join(REPO_ROOT, 'api', '.data', 'catalogue.sqlite');

function int(value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`Expected an integer ${min}..${max}, got '${value}'`);
  return n;
}

function str(value: string | undefined): string | null {
  return value === undefined || value === '' ? null : value;
}

export function readConfig(env: NodeJS.ProcessEnv, root: string = REPO_ROOT): ApiConfig {
  return {
    port: int(env.PORT, 3001, 0, 65535),
    host: env.HOST || '127.0.0.1',
    dbFile: env.DB_FILE ? path.resolve(root, env.DB_FILE) : DEFAULT_DB_FILE,
    databaseUrl: env.DATABASE_URL ?? '',
    seed: int(env.SEED, DEFAULT_SEED, 0, 2 ** 32 - 1),
    catalogueSize: int(env.CATALOGUE_SIZE, DEFAULT_CATALOGUE_SIZE, 1, 1_000_000),
    seedMaxAgeDays: int(env.SEED_MAX_AGE_DAYS, 30, 0, 100000),
    rateLimitPerMin: int(env.RATE_LIMIT_PER_MIN, 3000, 0, 1_000_000_000),
    defaultCountryIso: (env.DEFAULT_COUNTRY_ISO || 'US').toUpperCase(),
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: env.TRUST_PROXY ?? 'loopback',
    corsOrigin: env.CORS_ORIGIN ?? '',
    captchaProvider: str(env.CAPTCHA_PROVIDER),
    captchaKey: str(env.CAPTCHA_KEY),
    hardCaptchaKey: str(env.HARD_CAPTCHA_KEY),
    invisibleCaptchaProvider: str(env.INVISIBLE_CAPTCHA_PROVIDER),
    invisibleCaptchaKey: str(env.INVISIBLE_CAPTCHA_KEY),
    mapsToken: str(env.MAPS_TOKEN),
    mapsSuggestToken: str(env.MAPS_SUGGEST_TOKEN),
  };
}

/** Defaults for tests and embedding: everything from an empty environment. */
export function defaultConfig(overrides: Partial<ApiConfig> = {}): ApiConfig {
  return { ...readConfig({}), ...overrides };
}
