#!/usr/bin/env node
// The cluster's budgets (issue 31), on PostgreSQL behind HAProxy, the cluster as `npm start -- --cluster` runs it
// (scripts/cluster/cluster.mjs). Not part of `npm run bench`. Parts (`--only` one, or several comma-separated):
//   tours    GET /spa/tours through the site with 1 and then 2 API processes (2 host processes both times), 50
//            connections from 50 client addresses (X-Forwarded-For, which the hosts believe from the balancer), closed
//            loop with autocannon, the same run and machine for both: 0 errors, p99 ≤ 25 ms, requests per second
//            with 2 API processes ≥ 1.6 × with 1. The rate limits are off (RATE_LIMIT_PER_MIN=0): a closed loop sends
//            as fast as answers come, far over any visitor's read limit, and this measures capacity.
//   signin   code sign-in round trip (send-auth-code + auth-via-code) p95 ≤ 20 ms at 16 connections,
//   submit   submit-order p95 ≤ 15 ms at 16 connections,
//            both through the API balancer as the host servers call it (the internal secret, each visitor's address),
//            the median of three runs after a warm-up (bench/connections.mjs steadyMedian), with the load of the
//            one-process benches (bench/accounts.mjs codeSignIns, bench/booking.mjs submits);
//   chat     a chat message from one client to another with 200 socket.io clients (199 travellers and the agent)
//            spread over the 2 API processes by their addresses (the balancer hashes /socket.io on them): p95 ≤ 20 ms
//            (bench/chat.mjs benchChat), with the p95 of the travellers on the agent's process and on the other;
//   rolling  a rolling restart of every process (2 API, then 2 host) during `--seconds` of load through the site (the
//            cluster suite's load, scripts/cluster/load.mjs): 0 failed requests.
// signin, submit, chat and rolling share one cluster (2 API + 2 host) in development mode (codes from the outbox),
// with the limits of the one-process benches (lifted, still counted in the shared table as in production).
//   node --import tsx scripts/bench/cluster.mjs [--seconds 60] [--only tours|signin|submit|chat|rolling]
// `--seconds`: the length of the tours runs (after a warm-up of at most 10 s) and of the rolling restart's load; the
// warm-up of signin and submit (at most 10 s). Writes .tmp/bench-cluster.json; prints each budget OK or OVER.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { ROOT } from '../lib/processes.mjs';
import { startCluster } from '../cluster/cluster.mjs';
import { loadUntil } from '../cluster/load.mjs';
import { ACCOUNT_BENCH_ENV, codeSignIns } from './accounts.mjs';
import { bookableTour, orderOf, roomFor, submits } from './booking.mjs';
import { benchChat } from './chat.mjs';
import { steadyMedian } from './connections.mjs';
import { INTERNAL_SECRET_HEADER } from '../../shared/src/api/forwarding.ts';

const CLUSTER_BUDGETS = { toursP99Ms: 25, errors: 0, scaling: 1.6, codeSignInP95Ms: 20, submitP95Ms: 15, chatMessageP95Ms: 20, chatClients: 200, rollingFailed: 0 };
const PARTS = ['tours', 'signin', 'submit', 'chat', 'rolling'];
const option = (name) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const seconds = Number(option('seconds') ?? 60);
const only = option('only')?.split(',') ?? PARTS;
const unknown = only.filter((p) => !PARTS.includes(p));
if (unknown.length || !(seconds > 0)) {
  console.error(`usage: node --import tsx scripts/bench/cluster.mjs [--seconds 60] [--only ${PARTS.join('|')}] (not ${unknown.join(', ') || `--seconds ${option('seconds')}`})`);
  process.exit(2);
}
const CONNECTIONS = 50;
const URL_PATH = '/spa/tours?slug=tours&expand=filters';
const PORTS = { HOST_PORT: '39080', API_PORT: '39001', REMOTE_PORT_BASE: '39081', WIDGETS_PORT: '39097', PARTNER_PORT: '39090', CLUSTER_PORT_BASE: '39100' };
const SITE = `http://127.0.0.1:${PORTS.HOST_PORT}`;
/** The API balancer: the host servers' way to the API processes. */
const API = `http://127.0.0.1:${PORTS.API_PORT}`;
const clusterEnv = (apiProcesses, extra) => ({
  ...process.env, ...PORTS, API_PROCESSES: String(apiProcesses), HOST_PROCESSES: '2', SIP_DISABLED: '1', LOG_LEVEL: 'warn',
  CLUSTER_DIR: path.join(ROOT, '.data/cluster-bench'), ...extra,
});
const lines = [];
const budget = (what, value, ok) => {
  const line = `Budget: ${what}: ${value} → ${ok ? 'OK' : 'OVER'}`;
  lines.push(line);
  console.log(line);
};

async function measureTours(apiProcesses) {
  const cluster = await startCluster({ env: clusterEnv(apiProcesses, { RATE_LIMIT_PER_MIN: '0', DEV_MODE: '0' }), quiet: true, log: () => {} });
  try {
    let n = 0;
    const run = (duration) => autocannon({
      url: `${SITE}${URL_PATH}`, connections: CONNECTIONS, duration,
      headers: { accept: 'application/json', 'x-language': 'en' },
      // Each connection is a visitor of its own.
      setupClient: (client) => client.setHeaders({ accept: 'application/json', 'x-language': 'en', 'x-forwarded-for': `198.18.0.${++n % 250}` }),
    });
    await run(Math.min(10, seconds)); // warm-up: caches, JIT, pools
    const r = await run(seconds);
    return {
      apiProcesses, rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.timeouts + r.non2xx, requests: r.requests.total,
      errorKinds: { connection: r.errors, timeouts: r.timeouts, non2xx: r.non2xx, statusCodes: r.statusCodeStats },
    };
  } finally {
    await cluster.stop();
  }
}

async function tours() {
  const one = await measureTours(1);
  const two = await measureTours(2);
  const scaling = Math.round((two.rps / one.rps) * 100) / 100;
  for (const r of [one, two]) console.log(`${r.apiProcesses} API process(es): ${r.rps} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.errors} errors (${r.requests} requests)`);
  budget(`/spa/tours, 2 API processes vs 1 × ${scaling} (≥ ${CLUSTER_BUDGETS.scaling})`, `× ${scaling}`, scaling >= CLUSTER_BUDGETS.scaling);
  budget(`/spa/tours p99 with 2 API processes (≤ ${CLUSTER_BUDGETS.toursP99Ms} ms), errors (${CLUSTER_BUDGETS.errors})`, `${two.p99} ms, ${one.errors + two.errors} errors`, two.p99 <= CLUSTER_BUDGETS.toursP99Ms && one.errors + two.errors === 0);
  return { seconds, connections: CONNECTIONS, path: URL_PATH, one, two, scaling };
}

/** The host server's headers for a visitor (api-call.ts): the API then counts the visitor's address, not the balancer's. */
const asHost = (cluster, ip) => ({ [INTERNAL_SECRET_HEADER]: cluster.internalSecret, 'x-forwarded-for': ip });
const warmupMs = Math.min(10, seconds) * 1000;

async function signIn(cluster) {
  const { median, warmup } = await steadyMedian(() => codeSignIns(API, { internalSecret: cluster.internalSecret }), { warmupMs });
  const ok = median.errors === 0 && median.p95 <= CLUSTER_BUDGETS.codeSignInP95Ms;
  budget(`code sign-in round trip p95 at 16 connections, median of 3 (≤ ${CLUSTER_BUDGETS.codeSignInP95Ms} ms; runs ${median.runsP95.join(', ')} ms)`, `${median.p95} ms, ${median.errors} errors`, ok);
  return { ...median, ok, warmup };
}

async function submit(cluster) {
  const tour = await bookableTour(API);
  await roomFor(null, tour.variant, { databaseUrl: cluster.databaseUrl });
  const send = () => submits(API, '/spa/submit-order', orderOf(tour), { headersFor: (caller) => asHost(cluster, caller.address) });
  const { median, warmup } = await steadyMedian(send, { warmupMs });
  const ok = median.errors === 0 && median.p95 <= CLUSTER_BUDGETS.submitP95Ms;
  budget(`submit-order p95 at 16 connections, median of 3 (≤ ${CLUSTER_BUDGETS.submitP95Ms} ms; runs ${median.runsP95.join(', ')} ms)`, `${median.p95} ms, ${median.errors} errors`, ok);
  return { tour: tour.id, ...median, ok, warmup };
}

/** The API process the balancer sends a visitor's socket.io requests to (it hashes /socket.io on the address). */
async function socketProcessOf(cluster, ip) {
  const res = await fetch(`${API}/socket.io/?EIO=4&transport=polling`, { headers: asHost(cluster, ip) });
  await res.arrayBuffer();
  return res.headers.get('x-api-process');
}

async function chat(cluster) {
  const agentIp = '10.99.0.1';
  const travellerIp = (i) => `10.99.${1 + Math.floor(i / 250)}.${1 + (i % 250)}`;
  const agentOn = await socketProcessOf(cluster, agentIp);
  const on = [];
  for (let i = 0; i < CLUSTER_BUDGETS.chatClients - 1; i++) on.push(await socketProcessOf(cluster, travellerIp(i)));
  const spread = Object.fromEntries(cluster.layout.apis.map((a) => [a.name, on.filter((p) => p === a.name).length + (agentOn === a.name ? 1 : 0)]));
  const r = await benchChat({
    apiUrl: API,
    socketHeaders: (role, i) => asHost(cluster, role === 'agent' ? agentIp : travellerIp(i)),
    labelOf: (i) => (on[i] === agentOn ? 'same process as the agent' : 'across processes'),
  });
  const ok = r.clients >= CLUSTER_BUDGETS.chatClients && r.p95 <= CLUSTER_BUDGETS.chatMessageP95Ms;
  const across = r.byLabel?.['across processes'];
  budget(`chat message p95 with ${r.clients} clients (agent on ${agentOn}; ${Object.entries(spread).map(([n, c]) => `${c} on ${n}`).join(', ')}; across processes ${across?.p95} ms) (≤ ${CLUSTER_BUDGETS.chatMessageP95Ms} ms)`, `${r.p95} ms`, ok);
  return { ...r, spread, agentOn, ok };
}

async function rolling(cluster) {
  const steps = [];
  const started = Date.now();
  let visitors = 0;
  const visitor = () => `198.18.${1 + (Math.floor(++visitors / 250) % 200)}.${1 + (visitors % 250)}`;
  let restartSeconds = 0;
  // The restart begins 5 s into the load (steady by then); the load runs `seconds`, longer when the restart is not done.
  const restart = sleep(5000).then(() => cluster.rollingRestart((step) => steps.push(`${Math.round((Date.now() - started) / 100) / 10} s ${step}`))).then(() => {
    restartSeconds = Math.round((Date.now() - started) / 1000) - 5;
  });
  const stats = await loadUntil(SITE, Promise.all([restart, sleep(seconds * 1000)]), { visitor });
  const total = stats.ok + stats.failed.length;
  budget(`rolling restart of ${cluster.layout.apis.length + cluster.layout.hosts.length} processes in ${restartSeconds} s during ${Math.round((Date.now() - started) / 1000)} s of load (${total} requests), failed (${CLUSTER_BUDGETS.rollingFailed})`, `${stats.failed.length} failed`, stats.failed.length <= CLUSTER_BUDGETS.rollingFailed);
  return { seconds: Math.round((Date.now() - started) / 1000), restartSeconds, requests: total, failed: stats.failed.length, failures: stats.failed.slice(0, 10), steps };
}

const result = { seconds, budgets: CLUSTER_BUDGETS };
if (only.includes('tours')) result.tours = await tours();
const onCluster = { signin: signIn, submit, chat, rolling };
const wanted = PARTS.filter((p) => only.includes(p) && onCluster[p]);
if (wanted.length) {
  const env = clusterEnv(2, { ...ACCOUNT_BENCH_ENV, CHAT_HANDSHAKES_PER_MIN: '1000000' });
  const cluster = await startCluster({ env, quiet: true, log: () => {} });
  try {
    for (const part of wanted) {
      try {
        result[part] = await onCluster[part](cluster);
      } catch (error) {
        result[part] = { error: error.message };
        budget(part, `failed: ${error.message}`, false);
      }
    }
  } finally {
    await cluster.stop();
  }
}
result.budgetLines = lines;
mkdirSync(path.join(ROOT, '.tmp'), { recursive: true });
writeFileSync(path.join(ROOT, '.tmp/bench-cluster.json'), `${JSON.stringify(result, null, 2)}\n`);
process.exit(0);
