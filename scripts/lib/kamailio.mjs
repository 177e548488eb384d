// The SIP-over-WebSocket registrar of the internet calls (issue 15): Debian's kamailio with the repo's
// infra/kamailio/kamailio.cfg. Two uses:
// - imported (processes.mjs → startProduct): sipSettings() says whether kamailio can run here and with which
//   domain, port, secret and public WebSocket URL; kamailioProcess() is the supervised process to start;
// - run as a script (`node scripts/lib/kamailio.mjs`, by the supervisor): writes the run configuration and runs
//   kamailio in the foreground, passing the supervisor's signals on, ending when kamailio ends.
// kamailio itself is not a node process, so this small wrapper is what the supervisor (which starts node scripts
// with the parent watch preloaded) restarts and stops; kamailio runs in its process group.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { accessSync, constants, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const KAMAILIO_CFG = path.join(ROOT, 'infra/kamailio/kamailio.cfg');
/**
 * Default WebSocket port of the registrar (`npm start`, API on 3001). Without SIP_PORT it moves with the API's port
 * (API_PORT + 2065: 13001 → 15066 in e2e, 23001 → 25066 in the benchmark), so products started side by side on
 * their own ports do not share a registrar port.
 */
export const DEFAULT_SIP_PORT = 5066;
const SIP_PORT_FROM_API = DEFAULT_SIP_PORT - 3001;
export const DEFAULT_SIP_DOMAIN = 'tours.localhost';
/** The Debian packages the registrar needs (kamailio, its WebSocket and ephemeral-credential modules). */
export const KAMAILIO_PACKAGES = ['kamailio', 'kamailio-websocket-modules', 'kamailio-autheph-modules'];
export const INSTALL_HINT = `sudo apt-get install -y ${KAMAILIO_PACKAGES.join(' ')}`;

const MODULE_DIRS = ['/usr/lib/x86_64-linux-gnu/kamailio/modules', '/usr/lib/aarch64-linux-gnu/kamailio/modules', '/usr/lib/kamailio/modules', '/usr/local/lib64/kamailio/modules', '/usr/local/lib/kamailio/modules'];

function executable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The kamailio binary (KAMAILIO_BIN, else /usr/sbin, /usr/local/sbin or PATH), or null. */
export function kamailioBinary(env = process.env) {
  if (env.KAMAILIO_BIN) return executable(env.KAMAILIO_BIN) ? env.KAMAILIO_BIN : null;
  const dirs = ['/usr/sbin', '/usr/local/sbin', '/sbin', ...(env.PATH ?? '').split(path.delimiter)];
  return dirs.map((d) => path.join(d, 'kamailio')).find(executable) ?? null;
}

/** Why kamailio cannot run here (binary or modules missing), or null when it can. */
export function kamailioMissing(env = process.env) {
  if (!kamailioBinary(env)) return 'kamailio is not installed';
  const modules = ['websocket.so', 'auth_ephemeral.so'];
  const dir = MODULE_DIRS.find((d) => existsSync(path.join(d, 'tm.so')));
  // An unusual layout: let kamailio's own configuration check say what is missing.
  if (!dir) return null;
  const missing = modules.filter((m) => !existsSync(path.join(dir, m)));
  return missing.length ? `kamailio's ${missing.join(' and ')} module${missing.length > 1 ? 's are' : ' is'} not installed` : null;
}

/**
 * The registrar's settings for one product start, shared by kamailio and the API (same secret, same domain):
 * { available, reason, port, domain, secret, wsUrl }. SIP_SECRET defaults to a random one per start (nothing else
 * needs it); SIP_WS_URL is what browsers connect to (ws://localhost:<port> here; wss:// behind the proxy in production).
 */
export function sipSettings(env = process.env, apiPort = Number(env.API_PORT ?? 3001)) {
  const port = Number(env.SIP_PORT ?? apiPort + SIP_PORT_FROM_API);
  const missing = env.SIP_DISABLED === '1' ? 'SIP_DISABLED=1' : kamailioMissing(env);
  return {
    available: missing === null,
    reason: missing,
    port,
    domain: env.SIP_DOMAIN || DEFAULT_SIP_DOMAIN,
    secret: env.SIP_SECRET || randomBytes(32).toString('hex'),
    wsUrl: env.SIP_WS_URL || `ws://localhost:${port}`,
  };
}

/**
 * The environment the API needs to mint credentials for this registrar. Without a local kamailio: nothing (the API
 * then answers web calls as unavailable, unless SIP_WS_URL/SIP_SECRET name a registrar elsewhere).
 */
export function apiSipEnv(sip) {
  return sip.available ? { SIP_WS_URL: sip.wsUrl, SIP_DOMAIN: sip.domain, SIP_SECRET: sip.secret } : {};
}

/** The supervised process (supervisor.start spec parts) running the registrar. */
export function kamailioProcess(sip, env = process.env) {
  return {
    name: 'kamailio',
    args: [fileURLToPath(import.meta.url)],
    // A plain GET on the WebSocket port answers 200 (kamailio.cfg's xhttp route).
    readyUrl: `http://127.0.0.1:${sip.port}/`,
    env: { ...env, SIP_PORT: String(sip.port), SIP_DOMAIN: sip.domain, SIP_SECRET: sip.secret },
  };
}

const quote = (s) => `"${String(s).replace(/[\\"]/g, '\\$&')}"`;

/** Writes the run configuration (defines + the repo's config) readable by this user only (it holds the secret). */
export function writeRunConfig({ dir, port, domain, secret, host = '127.0.0.1' }) {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (!/^[A-Za-z0-9.-]+$/.test(domain)) throw new Error(`SIP_DOMAIN: a host name, not '${domain}'`);
  const file = path.join(dir, 'run.cfg');
  writeFileSync(
    file,
    [
      '#!KAMAILIO',
      '# Written by scripts/lib/kamailio.mjs on every start: the settings of this run, then the repo configuration.',
      `#!define SIP_DOMAIN ${quote(domain)}`,
      `#!define SIP_SECRET ${quote(secret)}`,
      `#!define WS_LISTEN tcp:${host}:${port}`,
      `include_file ${quote(KAMAILIO_CFG)}`,
      '',
    ].join('\n'),
    { mode: 0o600 },
  );
  return file;
}

/** Runs kamailio in the foreground until it ends or this process is told to stop. */
function main() {
  const bin = kamailioBinary();
  if (!bin) {
    console.error(`[kamailio] not installed: ${INSTALL_HINT}`);
    process.exit(1);
  }
  const port = Number(process.env.SIP_PORT ?? DEFAULT_SIP_PORT);
  const dir = path.join(ROOT, '.data', `kamailio-${port}`);
  const cfg = writeRunConfig({ dir, port, domain: process.env.SIP_DOMAIN || DEFAULT_SIP_DOMAIN, secret: process.env.SIP_SECRET || 'development-only-sip-secret' });
  // -DD: foreground, -E: log to stderr, -Y: runtime dir of our own (no /run/kamailio needed), small memory pools.
  const args = ['-DD', '-E', '-f', cfg, '-Y', dir, '-P', path.join(dir, 'kamailio.pid'), '-m', '64', '-M', '8'];
  const quiet = process.env.KAMAILIO_LOG !== '1';
  const child = spawn(bin, args, { cwd: dir, stdio: ['ignore', quiet ? 'ignore' : 'inherit', quiet ? 'pipe' : 'inherit'] });
  // Quiet: only warnings and errors reach the terminal.
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk) => {
    for (const line of chunk.split('\n')) if (/ (ERROR|CRITICAL|ALERT|WARNING):/.test(line) && !/exited normally|terminating due to/.test(line)) console.error(`[kamailio] ${line.trim()}`);
  });
  const forward = (signal) => () => {
    if (child.exitCode === null) child.kill(signal);
  };
  process.on('SIGTERM', forward('SIGTERM'));
  process.on('SIGINT', forward('SIGINT'));
  process.on('exit', () => {
    if (child.exitCode === null) child.kill('SIGTERM');
  });
  child.on('error', (error) => {
    console.error(`[kamailio] could not start: ${error.message}`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => process.exit(code ?? (signal === 'SIGTERM' || signal === 'SIGINT' ? 0 : 1)));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
