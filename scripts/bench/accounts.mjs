// Accounts budgets (issue 13), for `npm run bench` (part `areas`):
//   opening the login modal downloads ≤ 35 KB gzip of new JS (the captcha widget only when a captcha is needed);
//   code sign-in round trip (send-auth-code + auth-via-code) p95 ≤ 30 ms at 16 connections;
//   solving the default captcha ≤ 1.5 s in Chromium (the first, normal one; a repeated need gets the hard one,
//   reported beside it).
// `benchAccounts({ browser, baseUrl, apiUrl })` runs against a started product in development mode (codes are read
// from the API's outbox page, never from an answer).
import { execSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { openConnections, steadyMedian } from './connections.mjs';

/**
 * What the bench's product needs: the development outbox (codes), and the per-address send limit out of the way of
 * the sign-ins the bench makes from its own address (signInByCode, and the timed ones when no internal secret gives
 * each its own visitor address); the per-login limit, 3, still asks for the captcha.
 */
export const ACCOUNT_BENCH_ENV = { DEV_MODE: '1', AUTH_CODE_SENDS_PER_VISITOR: '1000000', RATE_LIMIT_PER_MIN: '10000000' };
export const ACCOUNT_BUDGETS = { loginModalGzipKB: 35, codeSignInP95Ms: 30, captchaSolveMs: 1500 };
const KB = (bytes) => Math.round((bytes / 1024) * 10) / 10;
const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : 0);
const round = (n) => Math.round(n * 10) / 10;
/** How long the sign-ins run before the measured one (see benchAccounts). */
const WARMUP_MS = 10_000;

async function gzipKB(urls) {
  let raw = 0;
  let gzip = 0;
  for (const url of urls) {
    const buf = Buffer.from(await (await fetch(url, { headers: { 'Accept-Encoding': 'identity' } })).arrayBuffer());
    raw += buf.length;
    gzip += gzipSync(buf, { level: 9 }).length;
  }
  return { rawKB: KB(raw), gzipKB: KB(gzip) };
}

async function codeOf(apiUrl, login) {
  for (let i = 0; i < 40; i++) {
    const { messages } = await (await fetch(`${apiUrl}/internal/outbox?to=${encodeURIComponent(login)}`)).json();
    if (messages[0]?.code) return messages[0].code;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no code for ${login} in the outbox (is DEV_MODE on?)`);
}

/** A traveller signed in by code (the development outbox gives the code): their token. */
export async function signInByCode(apiUrl, login) {
  if ((await post(apiUrl, '/crm/api/user/send-auth-code', { login, code_sender: 'email' })) !== 200) throw new Error(`send-auth-code failed for ${login}`);
  const res = await fetch(`${apiUrl}/crm/api/user/auth-via-code`, {
    method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ login, code: await codeOf(apiUrl, login), verify_method: 'email' }),
  });
  const answer = await res.json();
  if (!answer.token) throw new Error(`auth-via-code failed for ${login}: ${res.status}`);
  return answer.token;
}

const post = async (apiUrl, path, body) => {
  const res = await fetch(`${apiUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(body) });
  await res.arrayBuffer();
  return res.status;
};

/** The JS a click on the header's 'Log in' fetches, once the page has settled. */
async function loginModalJs(browser, baseUrl) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  try {
    await page.goto(`${baseUrl}/en/about`, { waitUntil: 'networkidle' });
    const scripts = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') scripts.push(res.url());
    });
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByRole('dialog', { name: 'Log in or sign up' }).waitFor();
    await page.waitForLoadState('networkidle');
    const opened = await gzipKB(scripts);
    // The phone metadata comes on the phone field's first focus (public-site §5.2), as in every phone form.
    const before = scripts.length;
    await page.getByRole('dialog').getByRole('textbox').first().focus();
    await page.waitForLoadState('networkidle');
    const onFocus = await gzipKB(scripts.slice(before));
    return { ...opened, files: before, phoneOnFocusGzipKB: onFocus.gzipKB };
  } finally {
    await context.close();
  }
}

/** Time from the click on 'I'm not a robot' to the captcha modal closing with its token (solve + verify). */
async function captchaSolve(browser, baseUrl, apiUrl, login) {
  for (let i = 0; i < 3; i++) await post(apiUrl, '/crm/api/user/send-auth-code', { login, code_sender: 'email' });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  try {
    await page.goto(`${baseUrl}/en/about`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Log in or sign up' });
    await dialog.getByRole('button', { name: 'Log in with email' }).click();
    await dialog.getByRole('textbox', { name: 'E-mail' }).fill(login);
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: 'Continue' }).click();
    const captcha = page.getByRole('dialog', { name: "Confirm that you aren't a robot" });
    const robot = captcha.getByText("I'm not a robot");
    await robot.waitFor();
    const started = Date.now();
    await robot.click();
    await captcha.waitFor({ state: 'hidden', timeout: 60_000 });
    return Date.now() - started;
  } finally {
    await context.close();
  }
}

/** Visitor addresses, one per sign-in of the whole bench run (10.0.0.1, 10.0.0.2, …). */
let visitors = 0;
const nextVisitor = () => {
  const n = ++visitors;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

/**
 * 16 travellers signing in by code at once, each on a connection and an address of its own (bench/connections.mjs),
 * with logins of its own: the 16 send the codes (send-auth-code), the codes are read from the development outbox,
 * then the 16 sign in with them (auth-via-code); a sign-in's round trip is its send plus its sign-in. Reading the
 * outbox stands for the traveller reading the message, seconds later in life: it is a development-only call, so it is
 * kept out of the timed phases rather than charged to the budget as load the product never sees.
 *
 * With `internalSecret` the connections are the host server's, as in production: each sign-in is a traveller of its
 * own, the address in X-Forwarded-For (host/server/api-call.ts). Without it every sign-in of a connection comes from
 * that connection's address, so each visitor's code count grows by 20 a run and the send limit's count scans
 * hundreds of the visitor's codes (limits lifted), load no traveller brings.
 */
export async function codeSignIns(apiUrl, { connections = 16, perConnection = 20, internalSecret = null } = {}) {
  const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const logins = Array.from({ length: connections }, (_, c) => Array.from({ length: perConnection }, (_, i) => `bench-${run}-${c}-${i}@example.com`));
  const { callers, close } = openConnections(apiUrl, connections);
  const sendMs = new Map();
  const codes = new Map();
  const headersOf = new Map(logins.flat().map((login) => [login, internalSecret ? { 'x-internal-secret': internalSecret, 'x-forwarded-for': nextVisitor() } : {}]));
  let errors = 0;
  const timed = (work) => Promise.all(logins.map(async (own, c) => {
    for (const login of own) await work(login, callers[c]);
  }));
  try {
    await timed(async (login, caller) => {
      const t0 = performance.now();
      if ((await caller.post('/crm/api/user/send-auth-code', { login, code_sender: 'email' }, headersOf.get(login))).status !== 200) errors++;
      sendMs.set(login, performance.now() - t0);
    });
    for (const own of logins) for (const login of own) codes.set(login, await codeOf(apiUrl, login));
    const times = [];
    await timed(async (login, caller) => {
      const t0 = performance.now();
      if ((await caller.post('/crm/api/user/auth-via-code', { login, code: codes.get(login), verify_method: 'email' }, headersOf.get(login))).status !== 200) errors++;
      times.push(sendMs.get(login) + (performance.now() - t0));
    });
    times.sort((a, b) => a - b);
    const sends = [...sendMs.values()].sort((a, b) => a - b);
    return { signIns: times.length, connections, visitors: internalSecret ? 'one per sign-in' : 'one per connection', errors, sendP50: round(percentile(sends, 50)), p50: round(percentile(times, 50)), p95: round(percentile(times, 95)), max: round(times.at(-1) ?? 0) };
  } finally {
    close();
  }
}

export async function benchAccounts({ browser, baseUrl, apiUrl, internalSecret = null }) {
  const modal = await loginModalJs(browser, baseUrl);
  const run = Date.now().toString(36);
  const normal = await captchaSolve(browser, baseUrl, apiUrl, `bench-captcha-${run}-1@example.com`);
  const hard = await captchaSolve(browser, baseUrl, apiUrl, `bench-captcha-${run}-2@example.com`);
  // Warm-up at the same load, then three measured runs, the one with the median p95 reported (bench/connections.mjs
  // steadyMedian): the budget is the steady state, as in the hardening bench; this shared 2-core machine's p95 moves
  // by a third from run to run, the median compares changes, the three p95s show the spread.
  const { median: signIn, warmup } = await steadyMedian(() => codeSignIns(apiUrl, { internalSecret }), { warmupMs: WARMUP_MS });
  return {
    loginModal: { ...modal, ok: modal.gzipKB <= ACCOUNT_BUDGETS.loginModalGzipKB },
    captchaSolveMs: { normal, hard, ok: normal <= ACCOUNT_BUDGETS.captchaSolveMs },
    codeSignIn: { ...signIn, ok: signIn.errors === 0 && signIn.p95 <= ACCOUNT_BUDGETS.codeSignInP95Ms },
    codeSignInWarmup: warmup,
    budgets: ACCOUNT_BUDGETS,
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const { startProduct } = await import('../lib/processes.mjs');
  const { chromium } = await import('playwright-core');
  const tmp = path.join(ROOT, '.tmp/bench-accounts');
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  const env = { ...process.env, ...ACCOUNT_BENCH_ENV, HOST_PORT: '28280', API_PORT: '23201', REMOTE_PORT_BASE: '28281', WIDGETS_PORT: '28297', PARTNER_PORT: '28298' };
  const product = await startProduct({ env, quiet: true, dbFile: path.join(tmp, 'catalogue.sqlite'), manifestFile: path.join(tmp, 'mfe-manifest.json') });
  const executablePath = process.env.CHROMIUM_PATH ?? execSync('command -v chromium', { encoding: 'utf8' }).trim();
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'] });
  try {
    console.log(JSON.stringify(await benchAccounts({ browser, baseUrl: 'http://localhost:28280', apiUrl: `http://127.0.0.1:${product.apiPort}`, internalSecret: product.internalSecret }), null, 2));
  } finally {
    await browser.close();
    await product.stop();
  }
}
