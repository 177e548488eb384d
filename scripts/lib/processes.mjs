/* global AbortSignal */
// Starting and stopping the product's processes, shared by `npm start`, the e2e setup and the benchmark.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { REMOTE_PORTS } from '../serve-remote.mjs';
import { createSupervisor } from './supervisor.mjs';
import { apiSipEnv, INSTALL_HINT, kamailioProcess, sipSettings } from './kamailio.mjs';
import { publishHost, publishRemote } from './publish.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const MFES = Object.keys(REMOTE_PORTS);

export function portsFrom(env = process.env) {
  const hostPort = Number(env.HOST_PORT ?? 8080);
  const apiPort = Number(env.API_PORT ?? 3001);
  const remoteBase = Number(env.REMOTE_PORT_BASE ?? 8081);
  const remotes = Object.fromEntries(MFES.map((m, i) => [m, remoteBase + i]));
  return { hostPort, apiPort, remotes };
}

export function isBuilt() {
  return existsSync(path.join(ROOT, 'host/dist/entry.json')) && existsSync(path.join(ROOT, 'host/dist/server/ssr.js')) && MFES.every((m) => existsSync(path.join(ROOT, m, 'dist/mf-manifest.json')) && existsSync(path.join(ROOT, m, 'dist/mfe.json')));
}

export function run(cmd, args, opts = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: 'inherit', ...opts });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} exited with ${code}`))));
  });
}

/**
 * Writes the runtime manifest the host serves at /mfe-manifest.json: the host's record, then each remote published
 * from its build folder (scripts/lib/publish.mjs: refused, with the reason, when a build cannot run on this host).
 */
export async function writeManifest(file, remotes, dirs = {}) {
  mkdirSync(path.dirname(file), { recursive: true });
  publishHost(file);
  for (const m of MFES) await publishRemote({ manifestFile: file, name: m, baseUrl: `http://localhost:${remotes[m]}/`, dir: dirs[m] ?? path.join(ROOT, m, 'dist') });
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** Resolves once `url` answers below 500; `signal` ends the wait early (it then rejects). */
export async function waitForHttp(url, timeoutMs = 60000, { signal } = {}) {
  const start = Date.now();
  for (;;) {
    signal?.throwIfAborted();
    try {
      const res = await fetch(url, { signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(5000)]) : AbortSignal.timeout(5000) });
      await res.body?.cancel();
      if (res.status < 500) return;
    } catch { /* not up yet */ }
    if (Date.now() - start > timeoutMs) throw new Error(`Timed out waiting for ${url}`);
    await sleep(250, undefined, { signal });
  }
}

/** Heap bounds (MB) of the node servers, unless API_HEAP_MB / HOST_HEAP_MB say. */
export const HEAP_MB = { api: 256, host: 256 };

/**
 * How node runs a TypeScript server (the API, the host server): tsx's loader (no tsx CLI in between, so the
 * supervisor's signals and the parent watch reach the server process itself) and a bounded heap. With the default
 * bound V8 lets a busy process grow to several times its live data before it collects (10,000 distinct heavy
 * searches: 490 MB of RSS for about 100 MB live); a bound makes it collect sooner, and a real leak ends in a
 * restart by the supervisor rather than in a machine out of memory. The benchmark starts them the same way.
 */
export function serverArgs(name, env = process.env) {
  const entry = { api: 'api/src/main.ts', host: 'host/server/main.ts' }[name];
  const mb = Number(env[`${name.toUpperCase()}_HEAP_MB`]) || HEAP_MB[name];
  return [`--max-old-space-size=${mb}`, '--import', 'tsx', entry];
}

/** Where the host lets a browser load remotes from with ?siteDebug overrides, unless MFE_OVERRIDE_ORIGINS says. */
export const DEV_OVERRIDE_ORIGINS = 'http://localhost:*,http://127.0.0.1:*';
/**
 * The app configuration `npm start` and the e2e product run with unless APP_CONFIG_FILE names another (issue 32): the
 * seeded catalogue has excursions, and the base preset's excursionsEnabled is false (public-site §9).
 */
export const DEV_APP_CONFIG_FILE = path.join(ROOT, 'scripts/app-config.dev.json');

/**
 * Starts the API, the five remotes (each on its own origin), the host server, the widget server and the sample
 * partner site, each in a supervised process of its own (supervisor.mjs: a crash is logged and restarted, the
 * others keep running), in parallel, and resolves once all answer over HTTP. stop() ends them all and resolves
 * when every one has exited. `signal` (optional) aborts a start in progress: everything started is stopped.
 */
export async function startProduct({ env = process.env, quiet = false, dbFile, manifestFile, signal, cluster } = {}) {
  const { hostPort, apiPort, remotes } = portsFrom(env);
  // The cluster (issue 31, scripts/cluster/cluster.mjs): several API and host processes on internal ports behind a
  // balancer started first (cluster.before); hosts call the API through the balancer (cluster.apiUrl).
  const apis = cluster?.apis ?? [{ name: 'api', port: apiPort }];
  const hosts = cluster?.hosts ?? [{ name: 'host', port: hostPort }];
  const widgetsPort = Number(env.WIDGETS_PORT ?? 8097);
  const partnerPort = Number(env.PARTNER_PORT ?? 8090);
  // The host→API hop proves itself with this secret (X-Forwarded-For is honoured only with it).
  const internalSecret = env.INTERNAL_API_SECRET || randomBytes(32).toString('hex');
  const manifest = manifestFile ?? path.join(ROOT, '.data/mfe-manifest.json');
  await writeManifest(manifest, remotes);
  // The SIP registrar of the internet calls (kamailio.mjs): when kamailio is missing the API answers web calls as
  // unavailable and the rest of the product runs as before.
  // The browser reaches the registrar through the host's /sip (same origin: the CSP's 'self'), unless SIP_WS_URL says.
  const siteOrigin = env.SITE_ORIGIN ?? `http://localhost:${hostPort}`;
  const sip = sipSettings({ ...env, SIP_WS_URL: env.SIP_WS_URL || `${siteOrigin.replace(/^http/, 'ws')}/sip` }, apiPort);
  if (!sip.available && !quiet && !env.SIP_WS_URL) console.log(`Internet calls are off (${sip.reason}): install it with \`${INSTALL_HINT}\` and start again.`);

  const supervisor = createSupervisor(cluster?.killAfterMs ? { killAfterMs: cluster.killAfterMs } : {});
  const stop = () => supervisor.stop();
  const stdio = quiet ? ['ignore', 'ignore', 'inherit'] : ['ignore', 'inherit', 'inherit'];
  const started = [];
  const supervise = (name, args, readyUrl, timeoutMs, childEnv = env) => {
    started.push(supervisor.start({ name, args, cwd: ROOT, env: childEnv, stdio, ready: (abort) => waitForHttp(readyUrl, timeoutMs, { signal: abort }) }).ready);
  };
  const onAbort = () => void stop();
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    signal?.throwIfAborted();
    for (const b of cluster?.before ?? []) supervise(b.name, b.args, b.readyUrl, 30000, b.env ?? env);
    // The first start seeds the catalogue: give it time. In a cluster the first API process migrates and seeds alone.
    for (const [i, api] of apis.entries()) {
      if (i === 1) await Promise.all(started);
      signal?.throwIfAborted();
      supervise(api.name, serverArgs('api', env), `http://127.0.0.1:${api.port}/spa/info`, 120000, {
      ...env,
      ...cluster?.env,
      PORT: String(api.port),
      INTERNAL_API_SECRET: internalSecret,
      APP_CONFIG_FILE: env.APP_CONFIG_FILE ?? DEV_APP_CONFIG_FILE,
      // Development mode (README): the outbox page shows the messages that would go out, sign-in codes among them.
      DEV_MODE: env.DEV_MODE ?? '1',
      // Links in e-mails (sign-in, password reset, confirmation) lead to this site, as the host server's links do.
      SITE_ORIGIN: env.SITE_ORIGIN ?? `http://localhost:${hostPort}`,
      ...(dbFile ? { DB_FILE: dbFile } : {}),
      ...apiSipEnv(sip),
      });
    }
    if (sip.available) {
      const k = kamailioProcess(sip, env);
      supervise(k.name, k.args, k.readyUrl, 30000, k.env);
    }
    for (const m of MFES) supervise(m, ['scripts/serve-remote.mjs', m, '--port', String(remotes[m]), '--dir', path.join(ROOT, m, 'dist')], `http://127.0.0.1:${remotes[m]}/mf-manifest.json`, 30000);
    for (const host of hosts) supervise(host.name, serverArgs('host', env), `http://127.0.0.1:${host.port}/healthz`, 60000, {
      ...env,
      ...cluster?.env,
      PORT: String(host.port),
      API_URL: cluster?.apiUrl ?? `http://127.0.0.1:${apiPort}`,
      MFE_MANIFEST_FILE: manifest,
      INTERNAL_API_SECRET: internalSecret,
      APP_CONFIG_FILE: env.APP_CONFIG_FILE ?? DEV_APP_CONFIG_FILE,
      MFE_OVERRIDE_ORIGINS: env.MFE_OVERRIDE_ORIGINS ?? DEV_OVERRIDE_ORIGINS,
      LOG: quiet ? '0' : env.LOG ?? '0',
      ...(sip.available ? { SIP_UPSTREAM: `http://127.0.0.1:${sip.port}` } : {}),
    });
    // ── Partner widgets (issue 6): built here when missing or stale, then served like the remotes; the loader
    // URL goes into the runtime manifest for /for-agencies.
    const widgets = await import('../../widgets/start.mjs');
    await widgets.ensureWidgetsBuilt({ quiet });
    signal?.throwIfAborted();
    // PARTNER_PORT would make the widget server start a partner site of its own (its standalone mode).
    const { PARTNER_PORT: _partner, ...widgetsEnv } = env;
    for (const p of widgets.widgetProcesses({ widgetsPort, partnerPort, siteUrl: `http://localhost:${hostPort}` })) supervise(p.name, p.args, p.readyUrl, 30000, widgetsEnv);
    await Promise.all(started);
    signal?.throwIfAborted();
    widgets.recordWidgets(manifest, `http://localhost:${widgetsPort}`);
  } catch (error) {
    await stop();
    throw signal?.aborted ? signal.reason ?? error : error;
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
  return {
    stop,
    hostPort,
    apiPort,
    remotes,
    manifestFile: manifest,
    widgetsUrl: `http://localhost:${widgetsPort}`,
    partnerUrl: `http://localhost:${partnerPort}`,
    internalSecret,
    /** The registrar's WebSocket URL, or null when internet calls are off. */
    sipWsUrl: sip.available ? sip.wsUrl : null,
    /** name → { pid, crashes, gaveUp } of the supervised processes. */
    status: () => supervisor.status(),
    /** A planned restart of one process (drains, starts again, resolves once it is ready): the rolling restart. */
    restart: (name) => supervisor.restart(name),
    apis,
    hosts,
  };
}
