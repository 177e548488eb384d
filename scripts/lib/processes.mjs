// Starting and stopping the product's processes, shared by `npm start`, the e2e setup and the benchmark.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveDir, REMOTE_PORTS } from '../serve-remote.mjs';

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
  return existsSync(path.join(ROOT, 'host/dist/entry.json')) && existsSync(path.join(ROOT, 'host/dist/server/ssr.js')) && MFES.every((m) => existsSync(path.join(ROOT, m, 'dist/mf-manifest.json')));
}

export function run(cmd, args, opts = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: 'inherit', ...opts });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} exited with ${code}`))));
  });
}

function remoteVersion(dir) {
  try {
    return JSON.parse(readFileSync(path.join(dir, 'mf-manifest.json'), 'utf8')).metaData?.buildInfo?.buildVersion ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/** Writes the runtime manifest the host serves at /mfe-manifest.json. */
export function writeManifest(file, remotes, dirs = {}) {
  mkdirSync(path.dirname(file), { recursive: true });
  const manifest = Object.fromEntries(
    MFES.map((m) => [m, { url: `http://localhost:${remotes[m]}/mf-manifest.json`, version: remoteVersion(dirs[m] ?? path.join(ROOT, m, 'dist')) }]),
  );
  writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

export async function waitForHttp(url, timeoutMs = 60000) {
  const start = Date.now();
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch { /* not up yet */ }
    if (Date.now() - start > timeoutMs) throw new Error(`Timed out waiting for ${url}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * Starts API, the five remotes (each on its own origin) and the host server.
 * Returns a stop() that ends them all.
 */
export async function startProduct({ env = process.env, quiet = false, dbFile, manifestFile } = {}) {
  const { hostPort, apiPort, remotes } = portsFrom(env);
  const children = [];
  const servers = [];
  const stdio = quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit';
  const tsx = path.join(ROOT, 'node_modules/.bin/tsx');
  const api = spawn(tsx, ['api/src/main.ts'], {
    cwd: ROOT,
    stdio,
    env: { ...env, PORT: String(apiPort), ...(dbFile ? { DB_FILE: dbFile } : {}) },
  });
  children.push(api);
  for (const m of MFES) servers.push(await serveDir(path.join(ROOT, m, 'dist'), remotes[m]));
  const manifest = manifestFile ?? path.join(ROOT, '.data/mfe-manifest.json');
  writeManifest(manifest, remotes);
  const hostServer = spawn(tsx, ['host/server/main.ts'], {
    cwd: ROOT,
    stdio,
    env: { ...env, PORT: String(hostPort), API_URL: `http://127.0.0.1:${apiPort}`, MFE_MANIFEST_FILE: manifest, LOG: quiet ? '0' : env.LOG ?? '0' },
  });
  children.push(hostServer);
  const stop = async () => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
    await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  };
  // ── Partner widgets (issue 6): the widget asset server and the sample partner site, each on its own origin.
  // Built when missing or stale; the loader URL is added to the runtime manifest for /for-agencies.
  try {
    const { startWidgets } = await import('../../widgets/start.mjs');
    const ports = { widgetsPort: Number(env.WIDGETS_PORT ?? 8097), partnerPort: Number(env.PARTNER_PORT ?? 8090) };
    servers.push(...(await startWidgets({ ...ports, siteUrl: `http://localhost:${hostPort}`, manifestFile: manifest, quiet })));
  } catch (error) {
    await stop();
    throw error;
  }
  // ── end of partner widgets
  try {
    // First start seeds the catalogue; give it time.
    await waitForHttp(`http://127.0.0.1:${apiPort}/spa/info`, 120000);
    await waitForHttp(`http://127.0.0.1:${hostPort}/healthz`, 60000);
  } catch (error) {
    await stop();
    throw error;
  }
  const widgetsPort = Number(env.WIDGETS_PORT ?? 8097);
  const partnerPort = Number(env.PARTNER_PORT ?? 8090);
  return { stop, hostPort, apiPort, remotes, manifestFile: manifest, widgetsUrl: `http://localhost:${widgetsPort}`, partnerUrl: `http://localhost:${partnerPort}` };
}
