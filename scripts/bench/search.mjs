// Search area measurements (issue 4), run by scripts/bench.mjs against the running product.
// - filterChangeMs: a filter applied in the page → its results painted, from the page's own Performance API marks
//   ('search:filter-change' → 'search:results-painted', measure 'search:filter-to-results'), in Chromium. A plan
//   of 8 changes (sort, comfort, tabs) runs 5 times: 40 samples, so p95 is not simply the slowest one (with 16 it
//   was); the slowest is reported as max. Each change starts from a settled page (300 ms after the previous
//   results painted, as a traveller reads before the next click), and the harness polls for the mark every 50 ms
//   rather than every frame, so it does not compete with the page it measures.
// - toursP95Ms / toursRps: GET /spa/tours on a few realistic filter combinations, autocannon at 16 connections ~3 s
//   after a 1 s warm-up of the same load.
// - toursColdP95Ms: the same call one at a time on filters never asked before (nothing memoised), for reference.
import autocannon from 'autocannon';
import { PAGE_BUDGETS } from './page-budgets.mjs';

const MEASURE = 'search:filter-to-results';
const ROUNDS = 5;
const SETTLE_MS = 300;

function percentile(values, p) {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return Math.round(sorted[i] * 10) / 10;
}

/** Realistic searches: first pages with their filter options, as the search page asks for them. */
const COMBOS = [
  '/spa/tours?slug=tours&expand=filters',
  '/spa/tours?slug=altai-republic&expand=filters',
  '/spa/tours?slug=tours&expand=filters&comfort=3&comfort=4&priceMax=120000&sort=price',
  '/spa/tours?slug=tours&expand=filters&isCruisesSearch=1',
  '/spa/tours?slug=hiking-tour&expand=filters&daysMin=3&daysMax=7',
  '/spa/tours-page?slug=tours&page=2',
];

async function filterChanges(browser, baseUrl) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addCookies([
    { name: 'cookie_alert_accepted', value: '1', url: baseUrl },
    { name: 'current_country', value: encodeURIComponent(JSON.stringify({ id: 31, name: 'United States', iso_code: 'US' })), url: baseUrl },
  ]);
  const page = await context.newPage();
  const durations = [];
  try {
    await page.goto(`${baseUrl}/en/tours`, { waitUntil: 'networkidle' });
    await page.locator('main article').first().waitFor();
    const measured = () => page.evaluate((name) => performance.getEntriesByName(name).length, MEASURE);
    const step = async (action) => {
      const before = await measured();
      await action();
      await page.waitForFunction(([name, n]) => performance.getEntriesByName(name).length > n, [MEASURE, before], { timeout: 15000, polling: 50 });
      await page.waitForTimeout(SETTLE_MS);
    };
    const sort = (value) => () => page.getByRole('combobox', { name: 'Sort' }).selectOption(value);
    const comfort = (name) => async () => {
      await page.getByRole('button', { name: /^Filters/ }).click();
      await page.getByRole('dialog', { name: 'Search tours' }).getByRole('button', { name: /^Comfort/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Comfort' });
      await dialog.getByRole('checkbox', { name: new RegExp(name) }).click();
      await dialog.getByRole('button', { name: 'Apply' }).click();
    };
    const tab = (name) => () => page.getByRole('tab', { name }).first().click();
    const plan = [sort('price'), comfort('Medium'), sort('-price'), comfort('Premium'), tab('Cruises'), sort('default'), tab('Tours'), comfort('Improved')];
    for (let round = 0; round < ROUNDS; round += 1) for (const action of plan) await step(action);
    const entries = await page.evaluate((name) => performance.getEntriesByName(name).map((e) => e.duration), MEASURE);
    durations.push(...entries);
  } finally {
    await context.close();
  }
  return { p50: percentile(durations, 50), p95: percentile(durations, 95), max: percentile(durations, 100), runs: durations.length };
}

async function loadTours(apiUrl) {
  // One second of the same load first, not counted: the figure is the service's steady state, not its JIT warm-up.
  await autocannon({
    url: apiUrl,
    connections: 16,
    duration: 1,
    headers: { 'x-language': 'en', 'x-currency': 'USD' },
    requests: COMBOS.map((path) => ({ method: 'GET', path })),
  });
  const times = [];
  let errors = 0;
  const instance = autocannon({
    url: apiUrl,
    connections: 16,
    duration: 3,
    headers: { 'x-language': 'en', 'x-currency': 'USD' },
    requests: COMBOS.map((path) => ({ method: 'GET', path })),
  });
  instance.on('response', (_client, status, _bytes, responseTime) => {
    if (status !== 200) errors += 1;
    times.push(responseTime);
  });
  const result = await instance;
  return { p95: percentile(times, 95), rps: Math.round(result.requests.average), errors: errors + result.errors + result.non2xx };
}

async function coldTours(apiUrl) {
  const times = [];
  for (let i = 0; i < 20; i += 1) {
    // A price never asked before: nothing is memoised for it.
    const path = `/spa/tours?slug=tours&expand=filters&priceMin=${1000 + Math.floor(Math.random() * 50000)}&sort=${i % 2 ? 'price' : 'default'}`;
    const started = performance.now();
    const res = await fetch(`${apiUrl}${path}`, { headers: { 'x-language': 'en' } });
    await res.arrayBuffer();
    times.push(performance.now() - started);
  }
  return percentile(times, 95);
}

/** @param {{ browser: import('playwright-core').Browser, baseUrl: string, apiUrl: string }} o */
export async function benchSearch({ browser, baseUrl, apiUrl }) {
  // The API figures first, on a quiet machine: right after a browser run, Chromium's teardown still takes CPU.
  const tours = await loadTours(apiUrl);
  const toursColdP95Ms = await coldTours(apiUrl);
  const filterChangeMs = await filterChanges(browser, baseUrl);
  // Issue 33: a filter change to its results painted, p95 ≤ 50 ms (scripts/perf-budgets.json).
  const filterBudget = PAGE_BUDGETS.filterToPaintP95Ms;
  const budgetLines = [`Budget: search filter change → results painted p95 ${filterChangeMs.p95} ms (≤ ${filterBudget}; p50 ${filterChangeMs.p50}, max ${filterChangeMs.max}, ${filterChangeMs.runs} changes) → ${filterChangeMs.p95 !== null && filterChangeMs.p95 <= filterBudget ? 'OK' : 'OVER'}`];
  return { filterChangeMs, toursP95Ms: tours.p95, toursRps: tours.rps, toursErrors: tours.errors, toursColdP95Ms, budgets: { filterChangeMs: filterBudget, toursP95Ms: 25 }, budgetLines };
}
