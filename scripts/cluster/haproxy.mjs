// HAProxy for the cluster (issue 31): the run configuration from infra/haproxy/haproxy.cfg.template, and, run as a
// script, HAProxy in the foreground under the supervisor (like scripts/lib/kamailio.mjs), installed with apt-get
// when missing and this process may (root).
import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const HAPROXY_TEMPLATE = path.join(ROOT, 'infra/haproxy/haproxy.cfg.template');
export const HAPROXY_INSTALL_HINT = 'sudo apt-get install -y haproxy';

const executable = (file) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** The haproxy binary (HAPROXY_BIN, /usr/sbin, PATH), or null. */
export function haproxyBinary(env = process.env) {
  if (env.HAPROXY_BIN) return executable(env.HAPROXY_BIN) ? env.HAPROXY_BIN : null;
  for (const dir of ['/usr/sbin', '/usr/local/sbin', ...(env.PATH ?? '').split(path.delimiter)]) {
    if (dir && executable(path.join(dir, 'haproxy'))) return path.join(dir, 'haproxy');
  }
  return null;
}

/** Finds HAProxy, installing the Debian package when missing and running as root; throws with the hint otherwise. */
export function ensureHaproxy(env = process.env, log = console.log) {
  let bin = haproxyBinary(env);
  if (bin) return bin;
  if (process.getuid?.() !== 0) throw new Error(`HAProxy is not installed: ${HAPROXY_INSTALL_HINT}`);
  log('HAProxy not found: installing it with apt-get …');
  const install = () => spawnSync('apt-get', ['install', '-y', 'haproxy'], { stdio: 'ignore', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }).status === 0;
  if (!install()) {
    spawnSync('apt-get', ['update'], { stdio: 'ignore' });
    install();
  }
  bin = haproxyBinary(env);
  if (!bin) throw new Error(`HAProxy could not be installed: ${HAPROXY_INSTALL_HINT}`);
  return bin;
}

/**
 * The run configuration: the template with its slots filled. `apis` and `hosts` are [{ name, port }] on 127.0.0.1;
 * `bind` the address the site listens on (all interfaces by default, as the single host server's port would be
 * reachable), the API frontend only on loopback (the hosts' way in).
 */
export function haproxyConfig({ sitePort, apiPort, apis, hosts, bind = '*', apiBind = '127.0.0.1', template = readFileSync(HAPROXY_TEMPLATE, 'utf8') }) {
  const servers = (list) => list.map((p) => `    server ${p.name} 127.0.0.1:${p.port} check`).join('\n');
  const slots = { SITE_PORT: sitePort, API_PORT: apiPort, BIND: bind, API_BIND: apiBind, HOST_SERVERS: servers(hosts), API_SERVERS: servers(apis), API_SOCKET_SERVERS: apis.map((p) => `    server ${p.name} 127.0.0.1:${p.port} track api/${p.name}`).join('\n') };
  return template.replace(/\{\{([A-Z_]+)\}\}/g, (whole, name) => {
    if (!(name in slots)) throw new Error(`${HAPROXY_TEMPLATE}: unknown slot ${whole}`);
    return String(slots[name]);
  });
}

export function writeHaproxyConfig(dir, settings) {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'haproxy.cfg');
  writeFileSync(file, haproxyConfig(settings));
  return file;
}

/** The supervised process: this file run with the configuration's path (HAPROXY_CFG); ready when the site frontend answers. */
export function haproxyProcess({ cfg, sitePort, env = process.env }) {
  return { name: 'haproxy', args: [fileURLToPath(import.meta.url)], readyUrl: `http://127.0.0.1:${sitePort}/haproxy-up`, env: { ...env, HAPROXY_CFG: cfg } };
}

/** Runs HAProxy in the foreground (-db) until it ends or this process is told to stop (SIGTERM → its soft stop). */
function main() {
  const bin = haproxyBinary();
  if (!bin) {
    console.error(`[haproxy] not installed: ${HAPROXY_INSTALL_HINT}`);
    process.exit(1);
  }
  const child = spawn(bin, ['-db', '-f', process.env.HAPROXY_CFG], { stdio: ['ignore', 'inherit', 'inherit'] });
  const forward = (signal) => () => {
    if (child.exitCode === null) child.kill(signal);
  };
  // HAProxy's SIGUSR1 is a soft stop (finish the connections it holds); SIGTERM a hard one.
  process.on('SIGTERM', forward('SIGUSR1'));
  process.on('SIGINT', forward('SIGUSR1'));
  process.on('exit', () => {
    if (child.exitCode === null) child.kill('SIGTERM');
  });
  child.on('error', (error) => {
    console.error(`[haproxy] could not start: ${error.message}`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
