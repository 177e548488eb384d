/**
 * A second API and host server for the hostile suite, on ports of their own: with the low, production-like
 * rate limits the main e2e product switches off, a small answer cache, no override origins (production), and
 * an API this suite may kill and bring back. It shares the e2e database and the e2e remotes (runtime manifest).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { E2E_PORTS } from '../../playwright.config';
import { MANIFEST_FILE, ROOT } from '../support';

export const HOSTILE_PORTS = { host: E2E_PORTS.host + 50, api: E2E_PORTS.api + 50 };
/** The cost budget (issue 28): an uncached search costs 20, a new programme PDF 150 (api/src/lib/work-budget.ts). */
export const LIMITS = { readsPerMin: 40, writesPerMin: 5, cacheMaxMb: 8, costPerMin: 300 };

export async function waitFor(url: string, timeoutMs = 60_000): Promise<void> {
  const start = Date.now();
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      /* not up yet */
    }
    if (Date.now() - start > timeoutMs) throw new Error(`${url} did not come up in ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export function stopChild(child: ChildProcess | null): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export class HostileInstance {
  readonly secret = randomBytes(32).toString('hex');
  readonly hostUrl = `http://localhost:${HOSTILE_PORTS.host}`;
  readonly apiUrl = `http://127.0.0.1:${HOSTILE_PORTS.api}`;
  private api: ChildProcess | null = null;
  private host: ChildProcess | null = null;
  private readonly tsx = path.join(ROOT, 'node_modules/.bin/tsx');

  async startApi(): Promise<void> {
    this.api = spawn(this.tsx, ['api/src/main.ts'], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        PORT: String(HOSTILE_PORTS.api),
        DB_FILE: path.join(path.dirname(MANIFEST_FILE), 'catalogue.sqlite'),
        INTERNAL_API_SECRET: this.secret,
        RATE_LIMIT_PER_MIN: String(LIMITS.readsPerMin),
        RATE_LIMIT_READS_PER_MIN: String(LIMITS.readsPerMin),
        RATE_LIMIT_WRITES_PER_MIN: String(LIMITS.writesPerMin),
        RATE_LIMIT_AUTH_PER_MIN: '3',
        CACHE_MAX_MB: String(LIMITS.cacheMaxMb),
        RATE_LIMIT_COST_PER_MIN: String(LIMITS.costPerMin),
        LOG_LEVEL: 'warn',
      },
    });
    await waitFor(`${this.apiUrl}/api-docs/openapi.json`);
  }

  async stopApi(): Promise<void> {
    await stopChild(this.api);
    this.api = null;
  }

  async start(): Promise<void> {
    await this.startApi();
    this.host = spawn(this.tsx, ['host/server/main.ts'], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        PORT: String(HOSTILE_PORTS.host),
        API_URL: this.apiUrl,
        MFE_MANIFEST_FILE: MANIFEST_FILE,
        INTERNAL_API_SECRET: this.secret,
        SITE_ORIGIN: this.hostUrl,
        MFE_OVERRIDE_ORIGINS: '',
        LOG: '0',
      },
    });
    await waitFor(`${this.hostUrl}/healthz`);
  }

  async stop(): Promise<void> {
    await Promise.all([stopChild(this.host), this.stopApi()]);
    this.host = null;
  }

  /** The API's own figures (memory, cache, limiter), readable only with the internal secret. */
  async metrics(): Promise<Record<string, unknown>> {
    const res = await fetch(`${this.apiUrl}/internal/metrics`, { headers: { 'x-internal-secret': this.secret } });
    if (!res.ok) throw new Error(`metrics: ${res.status}`);
    return (await res.json()) as Record<string, unknown>;
  }
}
