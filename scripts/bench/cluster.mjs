#!/usr/bin/env node
// The cluster's throughput budget (issue 31): GET /spa/tours through HAProxy with 1 and then 2 API processes (2 host
// processes both times), 50 connections from 50 client addresses (X-Forwarded-For, which the hosts believe from the
// balancer), closed loop with autocannon, on PostgreSQL; the same run and machine for both. Budget: 0 errors, p99 ≤
// 25 ms, requests per second with 2 API processes ≥ 1.6 × with 1. The rate limits are off (RATE_LIMIT_PER_MIN=0): a
// closed loop sends as fast as answers come, far over any visitor's read limit, and this measures capacity.
//   node --import tsx scripts/bench/cluster.mjs [--seconds 60]   (writes .tmp/bench-cluster.json)
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { ROOT } from '../lib/processes.mjs';
import { startCluster } from '../cluster/cluster.mjs';

export const CLUSTER_BUDGETS = { toursP99Ms: 25, errors: 0, scaling: 1.6 };
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const seconds = arg('seconds', 60);
const CONNECTIONS = 50;
const URL_PATH = '/spa/tours?slug=tours&expand=filters';

async function measure(apiProcesses) {
  const env = {
    ...process.env,
    HOST_PORT: '39080', API_PORT: '39001', REMOTE_PORT_BASE: '39081', WIDGETS_PORT: '39097', PARTNER_PORT: '39090', CLUSTER_PORT_BASE: '39100',
    API_PROCESSES: String(apiProcesses), HOST_PROCESSES: '2', SIP_DISABLED: '1', LOG_LEVEL: 'warn', RATE_LIMIT_PER_MIN: '0', DEV_MODE: '0',
    CLUSTER_DIR: path.join(ROOT, '.data/cluster-bench'),
  };
  const cluster = await startCluster({ env, quiet: true, log: () => {} });
  try {
    let n = 0;
    const run = (duration) => autocannon({
      url: `http://127.0.0.1:39080${URL_PATH}`, connections: CONNECTIONS, duration,
      headers: { accept: 'application/json', 'x-language': 'en' },
      // Each connection is a visitor of its own.
      setupClient: (client) => client.setHeaders({ accept: 'application/json', 'x-language': 'en', 'x-forwarded-for': `198.18.0.${++n % 250}` }),
    });
    await run(Math.min(10, seconds)); // warm-up: caches, JIT, pools
    const r = await run(seconds);
    return { apiProcesses, rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.timeouts + r.non2xx, requests: r.requests.total };
  } finally {
    await cluster.stop();
  }
}

const one = await measure(1);
const two = await measure(2);
const scaling = Math.round((two.rps / one.rps) * 100) / 100;
const result = { seconds, connections: CONNECTIONS, path: URL_PATH, one, two, scaling, budgets: CLUSTER_BUDGETS };
mkdirSync(path.join(ROOT, '.tmp'), { recursive: true });
writeFileSync(path.join(ROOT, '.tmp/bench-cluster.json'), `${JSON.stringify(result, null, 2)}\n`);
for (const r of [one, two]) console.log(`${r.apiProcesses} API process(es): ${r.rps} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.errors} errors (${r.requests} requests)`);
const ok = two.errors === 0 && one.errors === 0 && two.p99 <= CLUSTER_BUDGETS.toursP99Ms && scaling >= CLUSTER_BUDGETS.scaling;
console.log(`2 vs 1: × ${scaling} (budget ≥ ${CLUSTER_BUDGETS.scaling}); p99 budget ${CLUSTER_BUDGETS.toursP99Ms} ms: ${ok ? 'OK' : 'NOT MET'}`);
process.exit(0);
