/**
 * Issue 33's size budgets as a gate of the test command: the JavaScript a first visit downloads on each landing
 * route (gzip -9, every script of the page until the network is idle), against scripts/perf-budgets.json. `gate` is
 * what CI enforces today per route; `target` (120 KB) is the issue's goal, reported beside it. The benchmark
 * (`npm run bench -- --only pages`) prints the same figures with OK/OVER.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { API, ROOT } from './support';

interface Budgets { firstVisitGzipKB: { target: number; gate: Record<string, number> }; clsObserver: { target: number; gate: Record<string, number> } }
const budgets = JSON.parse(readFileSync(path.join(ROOT, 'scripts/perf-budgets.json'), 'utf8')) as Budgets;

/** gzip KB of every script the page downloads while it loads, by file (largest first). */
async function firstVisitJs(page: Page, url: string): Promise<{ totalKB: number; files: string[] }> {
  const sizes: Promise<{ url: string; gz: number }>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script') return;
    sizes.push(res.body().then((b) => ({ url: res.url(), gz: gzipSync(b, { level: 9 }).length }), () => ({ url: res.url(), gz: 0 })));
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  // Every landing route is a microfrontend's: its container and what it mounts count too, however late they come.
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => e.name.endsWith('/remoteEntry.js')));
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  await page.waitForLoadState('networkidle');
  const files = await Promise.all(sizes);
  const unique = [...new Map(files.map((f) => [f.url, f])).values()].sort((a, b) => b.gz - a.gz);
  const total = unique.reduce((sum, f) => sum + f.gz, 0);
  return { totalKB: Math.round((total / 1024) * 10) / 10, files: unique.map((f) => `${new URL(f.url).port}${new URL(f.url).pathname} ${(f.gz / 1024).toFixed(1)}`) };
}

let tour: { id: number; slug: string };
test.beforeAll(async () => {
  const res = await fetch(`${API}/spa/tours?expand=filters`, { headers: { 'X-Language': 'en', 'X-Currency': 'USD' } });
  const body = (await res.json()) as { result: { groups: { items: { id: number; slug: string }[] }[] } };
  tour = body.result.groups.flatMap((g) => g.items)[0]!;
});

const routes: Record<string, () => string> = {
  index: () => '/en',
  search: () => '/en/tours',
  info: () => '/en/visa',
  tour: () => `/en/${tour.slug}`,
  request: () => `/en/tour/${tour.id}/order`,
  chat: () => '/en/chat',
  account: () => '/en/account',
};

test.describe('first-visit JavaScript per landing route (issue 33 budgets)', () => {

  // A desktop and a phone: what a page loads early depends on what is near the viewport (a phone's tour page showed
  // its description near the top and downloaded the sanitiser for it: 128 KB while the desktop figure was 120).
  const widths = [1280, 412];
  for (const [name, url] of Object.entries(routes)) {
    test(`${name}: within its gate at ${widths.join(' and ')} px (and reported against the ${budgets.firstVisitGzipKB.target} KB target)`, async ({ browser, baseURL }) => {
      const gate = budgets.firstVisitGzipKB.gate[name] ?? 0;
      expect(gate, `scripts/perf-budgets.json names a gate for ${name}`).toBeGreaterThan(0);
      const seen = await Promise.all(widths.map(async (width) => {
        const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
        try {
          return { width, ...(await firstVisitJs(await context.newPage(), url())) };
        } finally {
          await context.close();
        }
      }));
      for (const { width, totalKB, files } of seen) {
        test.info().annotations.push({
          type: `first-visit JS at ${width} px (gzip KB)`,
          description: `${url()}: ${totalKB} KB (gate ${gate}, target ${budgets.firstVisitGzipKB.target} ${totalKB <= budgets.firstVisitGzipKB.target ? 'OK' : 'OVER'}): ${files.join(', ')}`,
        });
        console.log(`first visit ${name} ${url()} at ${width} px: ${totalKB} KB gzip (gate ${gate}, target ${budgets.firstVisitGzipKB.target})`);
      }
      for (const { width, totalKB, files } of seen) expect(totalKB, `first-visit JS of ${url()} at ${width} px (${files.join(', ')})`).toBeLessThanOrEqual(gate);
    });
  }
});

interface Shift { value: number; nodes: string[] }

/** Layout shifts of a first visit at one width over its first 5 s, as a layout-shift observer sees them. */
async function shiftsOf(browser: Browser, baseURL: string, url: string, width: number): Promise<Shift[]> {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 915 } });
  try {
    const page = await context.newPage();
    await page.addInitScript(() => {
      const w = window as unknown as { shifts: Shift[] };
      w.shifts = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node }[] })[]) {
          if (!e.hadRecentInput) w.shifts.push({ value: e.value, nodes: (e.sources ?? []).map((x) => (x.node instanceof Element ? x.node.className : String(x.node?.nodeName))) });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(url);
    await page.waitForTimeout(5000);
    return await page.evaluate(() => (window as unknown as { shifts: Shift[] }).shifts);
  } finally {
    await context.close();
  }
}

test.describe('no layout shift on any landing page at 320–1920 px (issue 33: layout-shift observer, first 5 s)', () => {
  // The main page had jumped 98 px at 412 px when the search microfrontend mounted; the desktop header moved when
  // the country and phones came (now inlined by the host server); the tour page's description replaced a placeholder.
  const widths = [320, 412, 1280, 1920];
  for (const [name, url] of Object.entries(routes)) {
    test(`${name}: CLS within its gate (target 0) at ${widths.join(', ')} px`, async ({ browser, baseURL }) => {
      // The widths side by side: one route's visits run at once, as separate first visits.
      const seen = await Promise.all(widths.map(async (width) => ({ width, shifts: await shiftsOf(browser, baseURL!, url(), width) })));
      const gate = budgets.clsObserver.gate[name] ?? 0;
      const over = seen.filter((s) => s.shifts.reduce((sum, x) => sum + x.value, 0) > gate);
      test.info().annotations.push({ type: 'layout shifts', description: `${url()} (gate ${gate}, target ${budgets.clsObserver.target}): ${JSON.stringify(seen.filter((s) => s.shifts.length > 0))}` });
      expect(over, JSON.stringify(seen)).toEqual([]);
    });
  }
});

/** Where an element is on the page, rounded to the pixel. */
type Box = { x: number; y: number; width: number; height: number } | null;

test.describe("the largest element paints with the server's HTML (issue 33: LCP of the main, search and request pages)", () => {
  // The element Lighthouse's phone (412 px) and a laptop see as the largest: the page's title, the first result's
  // image, the tour's image in the booking summary. Painted by the host's first screen before any script runs, in the
  // place and at the size the microfrontend draws it, so its own copy is no new candidate and nothing moves.
  // The main page at 1280 px: its largest element is the about section's text further down (y ≈ 724), the page's own.
  const firstScreens: Record<string, { url: () => string; server: string; page: string; text?: string; widths: number[] }> = {
    index: { url: routes.index!, server: '.host-first-screen h1', page: '.srch-main h1', text: 'Tours, excursions and cruises across Russia', widths: [412] },
    search: { url: routes.search!, server: '.host-first-screen__media img', page: '.srch-grid img', widths: [412, 1280] },
    request: { url: routes.request!, server: 'img.host-first-screen__summary-image', page: 'img.bk-summary__image', widths: [412, 1280] },
  };
  const box = (page: Page, selector: string): Promise<Box> => page.locator(selector).first().evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { x: Math.round(r.x), y: Math.round(r.y), width: Math.round(r.width), height: Math.round(r.height) };
  });
  for (const [name, s] of Object.entries(firstScreens)) {
    for (const width of s.widths) {
      test(`${name} at ${width} px: in the HTML without JavaScript, then the page's own in the same place, the LCP the server's`, async ({ browser, baseURL, request }) => {
        // The host server waits 300 ms for the search's first page; a later answer serves the next visitor. Under the
        // suite's load the first ask may be late: the page's HTML carries its first screen once the answer is kept.
        await expect.poll(async () => (await (await request.get(s.url())).text()).includes(`data-first-screen="${name === 'index' ? 'main' : name}"`), { timeout: 10_000 }).toBe(true);
        const viewport = { width, height: 823 };
        const still = await browser.newContext({ baseURL, viewport, javaScriptEnabled: false });
        const live = await browser.newContext({ baseURL, viewport });
        try {
          const html = await still.newPage();
          await html.goto(s.url());
          const painted = html.locator(s.server).first();
          await expect(painted).toBeVisible();
          if (s.text) await expect(painted).toHaveText(s.text);
          else expect(await painted.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
          const serverBox = await box(html, s.server);

          const page = await live.newPage();
          await page.addInitScript(() => {
            const w = window as unknown as { lcp: { fromServer: boolean; size: number }[] };
            w.lcp = [];
            new PerformanceObserver((list) => {
              for (const e of list.getEntries() as (PerformanceEntry & { element?: Element | null; size: number })[]) {
                w.lcp.push({ fromServer: Boolean(e.element?.closest('.host-first-screen')), size: e.size });
              }
            }).observe({ type: 'largest-contentful-paint', buffered: true });
          });
          await page.goto(s.url());
          await expect(page.locator(s.page).first()).toBeVisible();
          await expect(page.locator('.host-first-screen')).toBeHidden();
          expect(await box(page, s.page), `the page draws its ${s.page} where the server painted ${s.server}`).toEqual(serverBox);
          const lcp = await page.evaluate(() => (window as unknown as { lcp: { fromServer: boolean; size: number }[] }).lcp);
          expect(lcp.at(-1), JSON.stringify(lcp)).toMatchObject({ fromServer: true });
        } finally {
          await still.close();
          await live.close();
        }
      });
    }
  }
});
