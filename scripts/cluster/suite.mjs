#!/usr/bin/env node
/* global AbortSignal */
// The cluster suite (issue 31), run by scripts/test.sh after the build:
//   node --import tsx scripts/cluster/suite.mjs
// Starts the cluster as `npm start -- --cluster` does (scripts/cluster/cluster.mjs: PostgreSQL, HAProxy, 2 API and 2
// host processes) on ports 38xxx with its data in .data/cluster-test, and checks through the balancer, each check one
// test in the summary (.tmp/results-check-cluster-<name>.json):
//   limit     a visitor's limit holds across the API processes (the requests alternate between them);
//   captcha   a captcha solution spent on one process is refused by the other;
//   escalation a captcha solved on one process makes the next one the other process asks for the hard one;
//   budget    a visitor's budget of expensive work (uncached searches) holds across the API processes;
//   chat      two socket.io clients pinned (by address) to different API processes hear each other live;
//   manifest  a remote published (and rolled back) shows in every host process's /mfe-manifest.json at once;
//   rolling   a rolling restart of every API and host process under load: 0 failed requests;
//   kill      an API process killed with SIGKILL during submits: every client's retry with its idempotency key
//             leaves exactly one stored request;
//   chat-kill the API process holding a traveller's socket killed with SIGKILL during a chat: the socket reconnects
//             by itself (to the other process) and hears the agent again, each message (sent again with its
//             client_id on failure) is stored once, and the agent heard each once.
//   chat-page-kill the same with the traveller's real chat page (Chromium, /en/chat, signed in): the API process
//             holding the page's socket SIGKILLed after a message each way with the agent console (a socket.io client
//             on the other process); without a reload the page shows the agent's next message, and a message typed
//             in the page after the kill reaches the agent once (and is shown sent, stored once).
// Without HAProxy or PostgreSQL (and no root to install them) every check is recorded as failed with the reason.
import { execSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { io as connectClient } from 'socket.io-client';
import { ROOT } from '../lib/processes.mjs';
import { publishRemote, rollbackRemote } from '../lib/publish.mjs';
import { startCluster } from './cluster.mjs';
import { loadUntil, siteCall } from './load.mjs';
import { captchaAction, CAPTCHA_HEADER } from '../../shared/src/api/captcha.ts';
import { IDEMPOTENCY_HEADER } from '../../shared/src/api/headers.ts';
import { DEV_STAFF } from '../../api/src/db/seed/staff.ts';
import { answeredVisitorCookies, startSession } from '../../e2e/browser-session.ts';

const apiRequire = createRequire(path.join(ROOT, 'api/package.json'));
const { solveChallenge } = apiRequire('altcha-lib');
const { deriveKey } = apiRequire('altcha-lib/algorithms/pbkdf2');

const CHECKS = ['limit', 'captcha', 'escalation', 'budget', 'chat', 'manifest', 'rolling', 'kill', 'chat-kill', 'chat-page-kill'];
const env = {
  ...process.env,
  HOST_PORT: '38080', API_PORT: '38001', REMOTE_PORT_BASE: '38081', WIDGETS_PORT: '38097', PARTNER_PORT: '38090', CLUSTER_PORT_BASE: '38100',
  API_PROCESSES: '2', HOST_PROCESSES: '2', SIP_DISABLED: '1', LOG_LEVEL: 'warn', CLUSTER_DIR: path.join(ROOT, '.data/cluster-test'),
};
const SITE = 'http://127.0.0.1:38080';
// The browser opens the site at its own origin (SITE_ORIGIN), as the e2e suites do; the same balancer.
const PAGE_SITE = 'http://localhost:38080';
// Debian's Chromium with the e2e suites' flags, found as e2e/playwright.config.ts finds it (when a check needs it).
const launchChromium = () => chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || execSync('command -v chromium || command -v chromium-browser', { encoding: 'utf8' }).trim().split('\n')[0],
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
// What the traveller's chat page says (its English catalogue): the checks find the page's parts by these.
const COMMS = JSON.parse(readFileSync(path.join(ROOT, 'mfe-comms/src/i18n/en.json'), 'utf8'));
const escapeRe = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const tmp = path.join(ROOT, '.tmp');
mkdirSync(tmp, { recursive: true });
const record = (name, ok, note) => {
  writeFileSync(path.join(tmp, `results-check-cluster-${name}.json`), `${JSON.stringify({ name: `cluster-${name}`, passed: ok ? 1 : 0, failed: ok ? 0 : 1 })}\n`);
  console.log(`${ok ? 'PASS' : 'FAIL'} cluster ${name}${note ? `: ${note}` : ''}`);
};
const assert = (ok, message) => {
  if (!ok) throw new Error(message);
};

// A visitor of its own per use: HAProxy appends the real peer, which the hosts trust (TRUST_PROXY), so this is the
// address the hosts forward to the APIs and the limits count.
// Each run starts at a random place: the cluster's data is kept between runs, and what the limits and the captcha
// remember of an address (minutes) must not carry into the next run's checks.
let visitors = Math.floor(Math.random() * 20_000);
const visitor = () => `198.51.${100 + Math.floor(++visitors / 250) % 100}.${1 + (visitors % 250)}`;
const run = randomUUID().slice(0, 8);

const call = (url, options) => siteCall(SITE, url, options);

async function checkLimit() {
  // A path with 'auth' in it is of the sign-in-like class: 10 a minute per visitor (404: no such call, still counted).
  const ip = visitor();
  const seen = [];
  for (let i = 0; i < 12; i++) seen.push(await call(`/spa/auth-cluster-probe-${run}`, { ip }));
  const statuses = seen.map((r) => r.status);
  assert(new Set(seen.map((r) => r.process)).size === 2, `the requests should reach both API processes, reached ${[...new Set(seen.map((r) => r.process))]}`);
  assert(statuses.slice(0, 10).every((s) => s === 404) && statuses.slice(10).every((s) => s === 429), `10 then 429, got ${statuses.join(' ')}`);
  return `10 passed, then 429 on ${[...new Set(seen.slice(10).map((r) => r.process))].join(' and ')}`;
}

async function solvedCaptcha(action, ip) {
  const res = await call(`/spa/captcha/challenge?action=${encodeURIComponent(action)}`, { ip });
  assert(res.status === 200, `challenge: ${res.status}`);
  const challenge = JSON.parse(res.text);
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution })).toString('base64');
}

async function checkCaptcha() {
  const ip = visitor();
  const url = `/spa/auth-cluster-captcha-${run}`;
  const overLimit = async () => {
    for (let i = 0; i < 12; i++) if ((await call(url, { ip })).status === 429) return;
    throw new Error('the visitor never reached the limit');
  };
  await overLimit();
  const token = await solvedCaptcha(captchaAction(url), ip);
  const first = await call(url, { ip, headers: { [CAPTCHA_HEADER]: token } });
  assert(first.status === 404, `the solved captcha should let the call through (404 here), got ${first.status}`);
  await overLimit();
  // The same solution again, until the other API process answers it.
  let again;
  for (let i = 0; i < 6 && (!again || again.process === first.process); i++) again = await call(url, { ip, headers: { [CAPTCHA_HEADER]: token } });
  assert(again.process !== first.process, 'the second use never reached the other process');
  assert(again.status === 429, `the spent solution should be refused on ${again.process}, got ${again.status}`);
  return `spent on ${first.process}, refused on ${again.process}`;
}

async function checkEscalation() {
  const ip = visitor();
  const url = `/spa/auth-cluster-escalation-${run}`;
  const refusal = async (from) => {
    for (let i = 0; i < 24; i++) {
      const res = await call(url, { ip });
      if (res.status === 429 && (!from || res.process !== from)) return res;
    }
    throw new Error(`no 429 ${from ? `from a process other than ${from}` : ''}`);
  };
  const first = await refusal();
  assert(JSON.parse(first.text).data?.type === 'captcha', `the first captcha asked should be the normal one, got ${first.text}`);
  const solved = await call(url, { ip, headers: { [CAPTCHA_HEADER]: await solvedCaptcha(captchaAction(url), ip) } });
  assert(solved.status === 404, `the solved captcha should let the call through (404 here), got ${solved.status}`);
  // Over the limit again: the process that did not see the solve asks for the hard one too.
  const again = await refusal(solved.process);
  assert(JSON.parse(again.text).data?.type === 'hard_captcha', `${again.process} should ask for the hard captcha, got ${again.text}`);
  return `solved on ${solved.process}; ${again.process} then asked for the hard one`;
}

async function checkBudget() {
  // The default budget: 600 units a minute at 20 an uncached search, 30 searches; each page asked once (no cache has it).
  const ip = visitor();
  const seen = [];
  for (let page = 1; page <= 34; page++) seen.push(await call(`/spa/tours?page=${page}&per-page=2`, { ip }));
  const statuses = seen.map((r) => r.status);
  assert(new Set(seen.map((r) => r.process)).size === 2, 'the searches should reach both API processes');
  // Per process it would be 30 on each (all 34 pass); the budget refills 10 units a second, so a slow run may let one more through.
  const passed = statuses.filter((s) => s === 200).length;
  assert(statuses.slice(0, 30).every((s) => s === 200) && passed <= 31 && statuses.every((s) => s === 200 || s === 429), `30 (or 31) then 429, got ${statuses.join(' ')}`);
  return `${passed} searches passed, then 429 on ${[...new Set(seen.filter((r) => r.status === 429).map((r) => r.process))].join(' and ')}`;
}

/** An address whose socket.io requests HAProxy sends to `name` (the /socket.io backend hashes the visitor's address). */
async function addressOn(name) {
  for (let i = 0; i < 60; i++) {
    const ip = visitor();
    const res = await call('/socket.io/?EIO=4&transport=polling', { ip });
    if (res.process === name) return ip;
  }
  throw new Error(`no address mapped to ${name}`);
}

function connect(ip, token, reconnection = false) {
  const socket = connectClient(SITE, {
    path: '/socket.io', reconnection, reconnectionDelay: 250, reconnectionDelayMax: 1000, forceNew: true, auth: { token }, extraHeaders: { 'x-forwarded-for': ip },
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

const heard = (socket, text) =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`'${text}' not heard within 5 s`)), 5000);
    socket.on('new_message', (p) => {
      if (p.message?.text === text) {
        clearTimeout(timer);
        resolve(p);
      }
    });
  });

/** A new traveller's id and token (written to the database as the API's sign-in would) and the support agent's token. */
async function chatTokens(cluster, name) {
  const { openDatabase } = await import('../../api/src/db/index.ts');
  const { insertTraveller, issueToken } = await import('../../api/src/db/queries/travellers.ts');
  const db = await openDatabase({ url: cluster.databaseUrl });
  let id;
  let token;
  try {
    id = await insertTraveller(db, { first_name: name, last_name: 'Cluster', email: `${name.toLowerCase()}.${run}@example.com` });
    token = await issueToken(db, id);
  } finally {
    await db.close();
  }
  const staffAuth = await call('/crm/api/agent/auth', { ip: visitor(), method: 'POST', body: { login: DEV_STAFF[0].login, password: DEV_STAFF[0].password } });
  assert(staffAuth.status === 200, `staff sign-in: ${staffAuth.status} ${staffAuth.text.slice(0, 200)}`);
  return { id, token, staff: JSON.parse(staffAuth.text).token };
}

async function checkChat(cluster) {
  const { token, staff } = await chatTokens(cluster, 'Clara');
  const [travellerIp, agentIp] = [await addressOn('api-1'), await addressOn('api-2')];
  const sockets = [];
  try {
    sockets.push(await connect(travellerIp, token), await connect(agentIp, staff));
    const [travellerSocket, agentSocket] = sockets;
    const auth = (t) => ({ 'x-authorization': `Bearer ${t}` });
    const chat = await call('/crm/api/chat/get-chat-with-support?site_id=1', { ip: travellerIp, headers: auth(token) });
    assert(chat.status === 200, `get-chat-with-support: ${chat.status} ${chat.text.slice(0, 200)}`);
    const chatId = JSON.parse(chat.text).id;
    const toAgent = heard(agentSocket, `hello from the traveller ${run}`);
    const sent = await call('/crm/api/chat/send-message', { ip: travellerIp, method: 'POST', headers: auth(token), body: { chat_id: chatId, message: `hello from the traveller ${run}` } });
    assert(sent.status === 200, `traveller send-message: ${sent.status} ${sent.text.slice(0, 200)}`);
    await toAgent;
    const toTraveller = heard(travellerSocket, `hello from support ${run}`);
    const reply = await call('/crm/api/agent/send-message', { ip: agentIp, method: 'POST', headers: auth(staff), body: { chat_id: chatId, message: `hello from support ${run}` } });
    assert(reply.status === 200, `agent send-message: ${reply.status} ${reply.text.slice(0, 200)}`);
    await toTraveller;
    return 'traveller on api-1, agent console on api-2, both ways';
  } finally {
    for (const s of sockets) s.disconnect();
  }
}

async function checkManifest(cluster) {
  const urls = async () => Promise.all(cluster.layout.hosts.map(async (h) => {
    const res = await fetch(`http://127.0.0.1:${h.port}/mfe-manifest.json`, { signal: AbortSignal.timeout(5000) });
    return (await res.json())['mfe-search']?.url;
  }));
  const before = await urls();
  const release = `http://localhost:${cluster.remotes['mfe-search']}/release-${run}/`;
  await publishRemote({ manifestFile: cluster.manifestFile, name: 'mfe-search', baseUrl: release });
  const published = await urls();
  rollbackRemote({ manifestFile: cluster.manifestFile, name: 'mfe-search' });
  const rolledBack = await urls();
  assert(published.every((u) => u?.startsWith(release)), `after the publish the hosts answer ${published.join(', ')}`);
  assert(rolledBack.every((u, i) => u === before[i]), `after the rollback the hosts answer ${rolledBack.join(', ')}`);
  return `${cluster.layout.hosts.length} host processes saw the publish and the rollback on their next request`;
}

async function checkRolling(cluster) {
  const started = Date.now();
  const stats = await loadUntil(SITE, cluster.rollingRestart(() => {}), { visitor });
  assert(stats.failed.length === 0, `${stats.failed.length} failed of ${stats.ok + stats.failed.length}: ${stats.failed.slice(0, 5).join('; ')}`);
  return `4 processes restarted in ${Math.round((Date.now() - started) / 1000)} s, ${stats.ok} requests, 0 failed`;
}

async function checkKill(cluster) {
  const submit = async (key, ip) => {
    for (let attempt = 0; attempt < 40; attempt++) {
      try {
        const res = await call('/spa/submit-help-request', {
          ip, method: 'POST', headers: { [IDEMPOTENCY_HEADER]: key }, body: { data: { type: 'common_help', name: 'Cluster Test', phone: '+7 916 123-45-67', comment: key, agree: true } },
        });
        if (res.status === 200) return attempt;
        assert(res.status >= 500, `submit: ${res.status} ${res.text.slice(0, 200)}`);
      } catch (error) {
        if (error.message.startsWith('submit:')) throw error;
      }
      // What the site's client does with a failed submit: the same key again, a moment later.
      await sleep(250);
    }
    throw new Error(`submit ${key} never succeeded`);
  };
  const keys = Array.from({ length: 40 }, (_, i) => `cluster-${run}-${i}`);
  const pid = cluster.status()['api-1'].pid;
  const killer = sleep(150).then(() => process.kill(pid, 'SIGKILL'));
  const retries = await Promise.all(keys.map(async (key, i) => {
    await sleep(i * 15);
    return submit(key, visitor());
  }));
  await killer;
  const client = new pg.Client({ connectionString: cluster.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query('select idempotency_key as key, count(*)::int as n from help_requests where idempotency_key = any($1) group by idempotency_key', [keys]);
    const counts = new Map(rows.map((r) => [r.key, r.n]));
    const wrong = keys.filter((k) => counts.get(k) !== 1);
    assert(wrong.length === 0, `not stored exactly once: ${wrong.map((k) => `${k}×${counts.get(k) ?? 0}`).join(', ')}`);
  } finally {
    await client.end();
  }
  return `${keys.length} submits, api-1 killed, ${retries.filter((n) => n > 0).length} retried, each stored once`;
}

/** Waits until a process answers /readyz and the balancer has taken it back (2 good checks 0.5 s apart). */
async function backUp(port) {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(2000) })).ok) break;
    } catch { /* restarting */ }
    await sleep(250);
  }
  await sleep(1500);
}

async function checkChatKill(cluster) {
  await backUp(cluster.layout.apis[0].port);
  const { token, staff } = await chatTokens(cluster, 'Kira');
  const [travellerIp, agentIp] = [await addressOn('api-1'), await addressOn('api-2')];
  const auth = (t) => ({ 'x-authorization': `Bearer ${t}` });
  const traveller = await connect(travellerIp, token, true);
  const agent = await connect(agentIp, staff);
  try {
    const chat = await call('/crm/api/chat/get-chat-with-support?site_id=1', { ip: travellerIp, headers: auth(token) });
    assert(chat.status === 200, `get-chat-with-support: ${chat.status}`);
    const chatId = JSON.parse(chat.text).id;
    const agentHeard = [];
    agent.on('new_message', (p) => {
      if (p.chat_id === chatId && p.message) agentHeard.push(p.message.text);
    });
    // Back: the socket's own 'connect' (its handshake, after which the server has joined its rooms), not the manager's
    // 'reconnect' (the transport alone: the handshake may still wait up to 1 s for the dead process's socket count).
    const reconnected = new Promise((resolve) => traveller.once('disconnect', () => traveller.once('connect', resolve)));
    const texts = Array.from({ length: 10 }, (_, i) => `message ${i} ${run}`);
    const send = async (text, clientId) => {
      for (let attempt = 0; attempt < 40; attempt++) {
        try {
          const res = await call('/crm/api/chat/send-message', { ip: travellerIp, method: 'POST', headers: auth(token), body: { chat_id: chatId, message: text, client_id: clientId } });
          if (res.status === 200) return;
          assert(res.status >= 500, `send-message: ${res.status} ${res.text.slice(0, 200)}`);
        } catch (error) {
          if (error.message.startsWith('send-message:')) throw error;
        }
        await sleep(250);
      }
      throw new Error(`'${text}' never sent`);
    };
    for (const [i, text] of texts.entries()) {
      if (i === 3) process.kill(cluster.status()['api-1'].pid, 'SIGKILL');
      await send(text, `c-${run}-${i}`);
    }
    await Promise.race([reconnected, sleep(15000).then(() => Promise.reject(new Error('the traveller socket did not reconnect within 15 s')))]);
    const live = heard(traveller, `after the kill ${run}`);
    const reply = await call('/crm/api/agent/send-message', { ip: agentIp, method: 'POST', headers: auth(staff), body: { chat_id: chatId, message: `after the kill ${run}` } });
    assert(reply.status === 200, `agent send-message: ${reply.status}`);
    await live;
    await sleep(500);
    const page = await call(`/crm/api/chat/get-messages?chat_id=${chatId}&limit=50`, { ip: travellerIp, headers: auth(token) });
    assert(page.status === 200, `get-messages: ${page.status} ${page.text.slice(0, 200)}`);
    const stored = JSON.parse(page.text).data.map((m) => m.text);
    const once = (list) => texts.filter((t) => list.filter((x) => x === t).length !== 1);
    assert(once(stored).length === 0, `not stored exactly once: ${once(stored).join(', ')}`);
    assert(once(agentHeard).length === 0, `the agent did not hear exactly once: ${once(agentHeard).join(', ')}`);
    return 'api-1 killed after 3 of 10 messages: each stored once and heard once; the socket reconnected and heard the agent';
  } finally {
    traveller.disconnect();
    agent.disconnect();
  }
}

/** Waits until `ready()` answers true, every 100 ms, at most `ms`; then fails with `what`. */
async function until(ready, ms, what) {
  for (const end = Date.now() + ms; Date.now() < end; await sleep(100)) if (await ready()) return;
  throw new Error(`${what} within ${ms / 1000} s`);
}

async function checkChatPageKill(cluster) {
  const started = Date.now();
  // The previous check killed api-1: the page and the agent need both processes (and the balancer to take them).
  await Promise.all(cluster.layout.apis.map((api) => backUp(api.port)));
  const waited = Date.now() - started;
  const { id, token, staff } = await chatTokens(cluster, 'Pola');
  const auth = (t) => ({ 'x-authorization': `Bearer ${t}` });
  // The chat exists before the page asks for it (the page opens the support chat: the same one).
  const chat = await call('/crm/api/chat/get-chat-with-support?site_id=1', { ip: visitor(), headers: auth(token) });
  assert(chat.status === 200, `get-chat-with-support: ${chat.status} ${chat.text.slice(0, 200)}`);
  const chatId = JSON.parse(chat.text).id;
  const browser = await launchChromium();
  let agent = null;
  try {
    const context = await browser.newContext();
    await context.addCookies(answeredVisitorCookies(PAGE_SITE));
    await startSession(context, PAGE_SITE, token, { id, first_name: 'Pola', last_name: 'Cluster', email: `pola.${run}@example.com`, phone: null, currency: 'USD' });
    const page = await context.newPage();
    // Which API process answered each socket.io request of the page (HAProxy's X-Api-Process, through the host).
    const socketProcesses = [];
    page.on('response', (res) => {
      const name = res.url().includes('/socket.io/') ? res.headers()['x-api-process'] : null;
      if (name) socketProcesses.push(name);
    });
    await page.goto(`${PAGE_SITE}/en/chat`);
    const composer = page.getByRole('textbox', { name: COMMS['chat.composer.label'], exact: true });
    await composer.waitFor({ timeout: 15000 });
    // Online: the chat view shows no connection status ('Connecting…', 'No connection…') once its socket is up.
    const connection = page.getByRole('status').filter({ hasText: new RegExp(`^(${[COMMS['chat.status.connecting'], COMMS['chat.status.offline']].map(escapeRe).join('|')})$`) });
    await until(async () => socketProcesses.length > 0 && (await connection.count()) === 0, 10000, "the page's chat socket was not online");
    const pinned = socketProcesses.at(-1);
    const other = cluster.layout.apis.map((a) => a.name).find((name) => name !== pinned);
    const agentIp = await addressOn(other);
    agent = await connect(agentIp, staff);
    const agentHeard = [];
    agent.on('new_message', (p) => {
      if (p.chat_id === chatId && p.message) agentHeard.push(p.message.text);
    });
    const inLog = (text) => page.getByRole('log').locator('li', { hasText: text });
    const confirmed = new RegExp(`· (${escapeRe(COMMS['chat.message.sent'])}|${escapeRe(COMMS['chat.message.read'])})`);
    const type = async (text) => {
      await composer.fill(text);
      await page.getByRole('button', { name: COMMS['chat.composer.send'], exact: true }).click();
    };
    const agentSays = async (text) => {
      const res = await call('/crm/api/agent/send-message', { ip: agentIp, method: 'POST', headers: auth(staff), body: { chat_id: chatId, message: text } });
      assert(res.status === 200, `agent send-message: ${res.status} ${res.text.slice(0, 200)}`);
    };

    // A conversation across the two processes, live both ways.
    const hello = `Hello from the page ${run}`;
    await type(hello);
    await until(() => agentHeard.includes(hello), 5000, `the agent did not hear '${hello}'`);
    const answer = `Hello from support ${run}`;
    await agentSays(answer);
    await until(async () => (await inLog(answer).count()) === 1, 5000, `the page did not show '${answer}'`);

    // The process holding the page's socket dies; nothing is reloaded from here on.
    const seenBefore = socketProcesses.length;
    process.kill(cluster.status()[pinned].pid, 'SIGKILL');
    const killed = Date.now();
    const next = `Still here after the kill ${run}`;
    await agentSays(next);
    const typed = `Typed after the kill ${run}`;
    await type(typed);
    await until(async () => (await inLog(next).count()) > 0, 15000, `the page did not show the agent's '${next}'`);
    const shownAfter = Date.now() - killed;
    await until(() => agentHeard.includes(typed), 15000, `the agent did not hear '${typed}'`);
    await until(async () => (await inLog(typed).allTextContents()).some((t) => confirmed.test(t)), 5000, `'${typed}' was not shown as sent`);
    // A moment for a late duplicate (a second send, a replayed event) to show.
    await sleep(1000);
    const count = (list, text) => list.filter((t) => t === text).length;
    for (const text of [hello, answer, next, typed]) assert(await inLog(text).count() === 1, `the page shows '${text}' ${await inLog(text).count()} times`);
    for (const text of [hello, typed]) assert(count(agentHeard, text) === 1, `the agent heard '${text}' ${count(agentHeard, text)} times`);
    const stored = await call(`/crm/api/chat/get-messages?chat_id=${chatId}&limit=50`, { ip: visitor(), headers: auth(token) });
    assert(stored.status === 200, `get-messages: ${stored.status}`);
    const texts = JSON.parse(stored.text).data.map((m) => m.text);
    for (const text of [hello, answer, next, typed]) assert(count(texts, text) === 1, `'${text}' stored ${count(texts, text)} times`);
    const after = [...new Set(socketProcesses.slice(seenBefore))];
    return `the page's socket on ${pinned} (agent on ${other}), ${pinned} SIGKILLed: without a reload the page showed the agent's next message ${shownAfter} ms later`
      + ` and its own typed message reached the agent once${after.length ? ` (socket back on ${after.join(', ')})` : ''}; ${Math.round((Date.now() - started - waited) / 1000)} s`
      + ` (+ ${Math.round(waited / 1000)} s waiting for the processes to be up)`;
  } finally {
    agent?.disconnect();
    await browser.close();
  }
}

const started = Date.now();
let cluster = null;
try {
  cluster = await startCluster({ env, quiet: true, log: (line) => console.log(`[cluster] ${line}`) });
  console.log(`cluster up in ${Math.round((Date.now() - started) / 1000)} s`);
} catch (error) {
  for (const name of CHECKS) record(name, false, `the cluster did not start: ${error.message}`);
  process.exit(1);
}
const fns = { limit: checkLimit, captcha: checkCaptcha, escalation: checkEscalation, budget: checkBudget, chat: checkChat, manifest: checkManifest, rolling: checkRolling, kill: checkKill, 'chat-kill': checkChatKill, 'chat-page-kill': checkChatPageKill };
let failed = 0;
for (const name of CHECKS) {
  try {
    record(name, true, await fns[name](cluster));
  } catch (error) {
    failed++;
    record(name, false, error.stack ?? error.message);
  }
}
await cluster.stop();
console.log(`cluster suite: ${CHECKS.length - failed} passed, ${failed} failed in ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(failed ? 1 : 0);
