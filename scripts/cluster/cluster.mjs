/* global AbortSignal */
// The product as a cluster (issue 31; docs/deploying.md): PostgreSQL, HAProxy at the site's usual port, API_PROCESSES
// API processes (default 2) and HOST_PROCESSES host server processes (default 2) on internal ports, and the remotes,
// widgets, partner site and kamailio as `npm start` runs them. `npm start -- --cluster` (scripts/start.mjs) and the
// cluster suite (scripts/cluster/cluster.test.mjs) start it with startCluster().
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { portsFrom, ROOT, startProduct } from '../lib/processes.mjs';
import { ensureHaproxy, haproxyProcess, writeHaproxyConfig } from './haproxy.mjs';
import { clusterLayout } from './layout.mjs';
import { startPostgres } from './postgres.mjs';

export const CLUSTER_DIR = path.join(ROOT, '.data/cluster');

/** How long a process says 503 on /readyz before it closes: longer than HAProxy needs to take it out (2 × 0.5 s). */
export const CLUSTER_DRAIN_MS = 2500;

/**
 * The secrets every process must share (docs/deploying.md): made once and kept in `dir`/secrets.json (mode 0600), so
 * a restart keeps sessions' codes and solved captchas valid; the environment's value wins. INTERNAL_API_SECRET proves
 * a host to the APIs; CAPTCHA_SECRET signs challenges; AUTH_CODE_SECRET peppers sign-in codes.
 */
export const SHARED_SECRETS = ['INTERNAL_API_SECRET', 'CAPTCHA_SECRET', 'AUTH_CODE_SECRET'];
export function clusterSecrets(dir, env = process.env) {
  const file = path.join(dir, 'secrets.json');
  mkdirSync(dir, { recursive: true });
  const kept = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  let changed = false;
  for (const name of SHARED_SECRETS) {
    if (!kept[name]) {
      kept[name] = randomBytes(32).toString('hex');
      changed = true;
    }
  }
  if (changed) writeFileSync(file, `${JSON.stringify(kept, null, 2)}\n`, { mode: 0o600 });
  return Object.fromEntries(SHARED_SECRETS.map((name) => [name, env[name] || kept[name]]));
}

/**
 * Starts the cluster; resolves to startProduct's handle plus { databaseUrl, rollingRestart(), stop() }. stop() stops
 * every process, then PostgreSQL. `dir`: where the database, secrets and balancer configuration live.
 */
export async function startCluster({ env = process.env, quiet = false, signal, dir = env.CLUSTER_DIR || CLUSTER_DIR, log = console.log } = {}) {
  const { hostPort, apiPort } = portsFrom(env);
  const { apis, hosts, pgPort } = clusterLayout(env);
  ensureHaproxy(env, log);
  const secrets = clusterSecrets(dir, env);
  const pg = env.DATABASE_URL ? { url: env.DATABASE_URL, stop: () => {} } : startPostgres({ dataDir: path.join(dir, 'postgres'), port: pgPort, log });
  const cfg = writeHaproxyConfig(dir, { sitePort: hostPort, apiPort, apis, hosts });
  const shared = {
    DATABASE_URL: pg.url,
    ...secrets,
    DRAIN_MS: String(CLUSTER_DRAIN_MS),
    // The hosts believe the balancer's X-Forwarded-For (the visitor's address) and X-Forwarded-Proto; the APIs
    // believe the hosts by INTERNAL_API_SECRET.
    TRUST_PROXY: env.TRUST_PROXY || '127.0.0.1',
    // Uploads: one folder for every API process here (UPLOADS_S3_URL for an object store on real machines).
    UPLOADS_DIR: env.UPLOADS_DIR || path.join(dir, 'uploads'),
  };
  let product;
  try {
    product = await startProduct({
      env: { ...env, INTERNAL_API_SECRET: secrets.INTERNAL_API_SECRET },
      quiet,
      signal,
      manifestFile: path.join(dir, 'mfe-manifest.json'),
      cluster: {
        apis,
        hosts,
        apiUrl: `http://127.0.0.1:${apiPort}`,
        env: shared,
        before: [haproxyProcess({ cfg, sitePort: hostPort, env })],
        // DRAIN_MS, then in-flight requests (10 s at most): the supervisor's SIGKILL comes after both.
        killAfterMs: CLUSTER_DRAIN_MS + 12_000,
      },
    });
  } catch (error) {
    pg.stop();
    throw error;
  }
  // HAProxy takes a server in after 2 good checks 0.5 s apart: wait for them, so the first requests are spread.
  await sleep(1500);
  let restarting = null;
  return {
    ...product,
    databaseUrl: pg.url,
    layout: { apis, hosts },
    /**
     * Restarts every API process, then every host process, one at a time: each drains (readiness 503, in-flight
     * requests finish), starts again, and the next begins once HAProxy sends it requests again.
     */
    rollingRestart(onStep = log) {
      restarting ??= (async () => {
        try {
          for (const p of [...apis, ...hosts]) {
            onStep(`restarting ${p.name} …`);
            await product.restart(p.name);
            // Ready for us; HAProxy takes it back after 2 good checks (0.5 s apart).
            await waitReadyThroughChecks(p.port);
            onStep(`${p.name} is back`);
          }
        } finally {
          restarting = null;
        }
      })();
      return restarting;
    },
    async stop() {
      await product.stop();
      pg.stop();
    },
  };
}

/** Waits until a process answers /readyz 200, then HAProxy's rise (2 checks × 0.5 s) and a margin. */
async function waitReadyThroughChecks(port) {
  for (let i = 0; i < 240; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) break;
    } catch { /* starting */ }
    await sleep(250);
  }
  await sleep(1500);
}
