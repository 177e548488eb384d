// The running cluster's control (issue 31): `npm start -- --cluster` writes its pid to .data/cluster/cluster.pid
// (CLUSTER_DIR moves the folder);
// SIGHUP to it (what `npm run cluster:restart` sends, scripts/cluster/restart.mjs) restarts every API and host
// process one at a time, and each step is written to .data/cluster/restart.json for the command to follow.
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CLUSTER_DIR } from './cluster.mjs';

const dir = process.env.CLUSTER_DIR || CLUSTER_DIR;
export const PID_FILE = path.join(dir, 'cluster.pid');
export const RESTART_FILE = path.join(dir, 'restart.json');

export function serveClusterControl(cluster) {
  const { apis, hosts } = cluster.layout;
  console.log(`\nCluster: HAProxy at :${cluster.hostPort} (site) and 127.0.0.1:${cluster.apiPort} (API); ${apis.map((p) => `${p.name} :${p.port}`).join(', ')}; ${hosts.map((p) => `${p.name} :${p.port}`).join(', ')}; PostgreSQL ${cluster.databaseUrl}.`);
  console.log('Rolling restart: npm run cluster:restart');
  writeFileSync(PID_FILE, `${process.pid}\n`);
  process.on('exit', () => rmSync(PID_FILE, { force: true }));
  const write = (state) => writeFileSync(RESTART_FILE, `${JSON.stringify({ ...state, at: Date.now() })}\n`);
  process.on('SIGHUP', () => {
    const steps = [];
    write({ state: 'running', steps });
    cluster.rollingRestart((line) => {
      console.log(`[cluster] ${line}`);
      steps.push(line);
      write({ state: 'running', steps });
    }).then(() => write({ state: 'done', steps }), (error) => write({ state: 'failed', steps, error: error.message }));
  });
}
