// The cluster's PostgreSQL (issue 31): the Debian server, as api/scripts/with-postgres.sh finds it (PATH, then
// /usr/lib/postgresql/*/bin), installed with apt-get when missing and this process may (root). Unlike the test
// script's throwaway cluster, the data stays between starts (.data/cluster/postgres by default): the catalogue is
// seeded once, accounts and bookings remain. Runs as the 'postgres' user when started as root (PostgreSQL refuses
// root). Started with pg_ctl before the API processes and stopped after them.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

function binDir() {
  try {
    const ctl = execFileSync('sh', ['-c', 'readlink -f "$(command -v pg_ctl)"'], { encoding: 'utf8' }).trim();
    if (ctl && existsSync(path.join(path.dirname(ctl), 'initdb'))) return path.dirname(ctl);
  } catch { /* not on PATH */ }
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base) ? readdirSync(base).filter((v) => existsSync(path.join(base, v, 'bin/pg_ctl'))).sort((a, b) => Number(a) - Number(b)) : [];
  return versions.length ? path.join(base, versions.at(-1), 'bin') : null;
}

function ensureInstalled(log) {
  let dir = binDir();
  if (dir) return dir;
  if (process.getuid?.() !== 0) throw new Error('PostgreSQL is not installed: sudo apt-get install -y postgresql');
  log('PostgreSQL not found: installing it with apt-get …');
  const install = () => spawnSync('apt-get', ['install', '-y', 'postgresql'], { stdio: 'ignore', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }).status === 0;
  if (!install()) {
    spawnSync('apt-get', ['update'], { stdio: 'ignore' });
    install();
  }
  dir = binDir();
  if (!dir) throw new Error('PostgreSQL could not be installed: sudo apt-get install -y postgresql');
  return dir;
}

/**
 * Starts (or finds running) the cluster's PostgreSQL in `dataDir` on 127.0.0.1:`port`, database `tours`.
 * Resolves { url, stop() }; stop() is a fast shutdown (the API processes are gone by then).
 */
export function startPostgres({ dataDir, port, log = console.log }) {
  const bin = ensureInstalled(log);
  const root = process.getuid?.() === 0;
  const user = root ? (spawnSync('id', ['postgres']).status === 0 ? 'postgres' : 'nobody') : null;
  const as = (cmd, args, opts = {}) => (user ? spawnSync('runuser', ['-u', user, '--', cmd, ...args], opts) : spawnSync(cmd, args, opts));
  const data = path.join(dataDir, 'data');
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (user) {
    // The server's user must reach its folder: the folders above it get o+x (traverse only, nothing listed).
    for (let dir = path.dirname(dataDir); dir.length > 1 && dir !== path.dirname(dir); dir = path.dirname(dir)) {
      const mode = statSync(dir).mode;
      if (!(mode & 0o001)) chmodSync(dir, (mode & 0o7777) | 0o001);
    }
    chownSync(dataDir, Number(execFileSync('id', ['-u', user], { encoding: 'utf8' })), Number(execFileSync('id', ['-g', user], { encoding: 'utf8' })));
  }
  if (!existsSync(path.join(data, 'PG_VERSION'))) {
    log(`PostgreSQL: a new database cluster in ${data}`);
    let init = as(path.join(bin, 'initdb'), ['-D', data, '-U', 'tours', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8'], { encoding: 'utf8' });
    if (init.status !== 0) init = as(path.join(bin, 'initdb'), ['-D', data, '-U', 'tours', '-A', 'trust', '-E', 'UTF8', '--no-locale'], { encoding: 'utf8' });
    if (init.status !== 0) throw new Error(`initdb failed: ${(init.stderr || init.stdout || '').trim().split('\n').at(-1)}`);
  }
  const running = as(path.join(bin, 'pg_ctl'), ['-D', data, 'status'], { encoding: 'utf8' }).status === 0;
  if (!running) {
    const started = as(path.join(bin, 'pg_ctl'), ['-D', data, '-l', path.join(dataDir, 'server.log'), '-w', '-t', '60', '-o', `-p ${port} -k ${dataDir} -c listen_addresses=127.0.0.1 -c max_connections=200`, 'start'], { encoding: 'utf8' });
    if (started.status !== 0) throw new Error(`PostgreSQL did not start (see ${path.join(dataDir, 'server.log')})`);
  }
  const exists = as(path.join(bin, 'psql'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'tours', '-d', 'postgres', '-tAc', "select 1 from pg_database where datname = 'tours'"], { encoding: 'utf8' });
  if (exists.stdout.trim() !== '1') {
    const made = as(path.join(bin, 'createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'tours', 'tours'], { encoding: 'utf8' });
    if (made.status !== 0) throw new Error(`createdb failed: ${made.stderr.trim()}`);
  }
  return {
    url: `postgres://tours@127.0.0.1:${port}/tours`,
    stop: () => void as(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop'], { stdio: 'ignore' }),
  };
}
