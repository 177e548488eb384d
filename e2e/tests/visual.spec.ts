/**
 * Visual check of the site's main layouts (issue 17, 'Tests'): the main, search, tour and error pages at 320, 375,
 * 1280 and 1920 px against committed baselines (tests/__screenshots__, one set for every platform: CI runs on this
 * machine's Chromium). It fails on a broken layout, not on content: everything that depends on the day or on the
 * seed (photos, prices, dates, counts, cards, review texts) is masked, animations are off and fonts settled, and the
 * tolerance absorbs antialiasing (2 % of the pixels, each compared with a colour threshold).
 *
 * The baselines follow the seeded catalogue and the pages' design: after a deliberate change of either, regenerate
 * them with `npx playwright test tests/visual.spec.ts --update-snapshots=all` (plain `--update-snapshots` keeps images
 * still within the tolerance) and review the new images.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { E2E_PORTS } from '../playwright.config';

const API = `http://127.0.0.1:${E2E_PORTS.api}`;
/** Tours whose seeded texts are hostile (the hostile suite) are left out, as in the other suites. */
const HOSTILE = [1007, 1023, 1042, 1099, 1150, 1234];

/** What changes with the day or the seed; each is masked (its box stays, so the layout still shows). */
const DYNAMIC = [
  'img', 'picture', 'video', 'iframe', 'canvas',
  '.ui-price', '.tour-price', '.tour-side__price', '.tour-side-date__price', '.tour-discounts',
  'time', '.tour-variants', '.tour-side__dates', '.tour-side-dates', '.tour-excursion-dates',
  '.srch-count', '.srch-chips__count', '.srch-check__count', '.ui-pagination', '.tour-intro__rating',
  '.ui-tour-card', '.srch-card', '.lay-card', '.srch-cards', '.tour-reviews', '.srch-reviews', '.tour-map-preview',
].join(', ');

let tourSlug = '';
test.beforeAll(async () => {
  for (let id = 1001; id < 1300 && !tourSlug; id++) {
    const res = await fetch(`${API}/spa/tour?slug=x-${id}`, { headers: { 'X-Language': 'en', 'X-Currency': 'USD' } });
    if (res.status !== 200) continue;
    const tour = (await res.json()) as { id: number; slug: string; type: number; is_tour_active: boolean };
    if (tour.type === 1 && tour.is_tour_active && !HOSTILE.includes(tour.id)) tourSlug = tour.slug;
  }
  expect(tourSlug).not.toBe('');
});

/** A returning visitor: the cookie alert answered and the region known, so no sheet or dropdown opens over the page. */
test.beforeEach(async ({ context, baseURL, page }) => {
  await context.addCookies([
    { name: 'cookie_alert_accepted', value: '1', url: baseURL! },
    { name: 'current_country', value: encodeURIComponent(JSON.stringify({ id: 31, name: 'United States', iso_code: 'US' })), url: baseURL! },
  ]);
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
  // No skeleton left in sight: the visible part shows its data (below the fold, lazy parts may still wait).
  await page.waitForFunction(() =>
    [...document.querySelectorAll('.ui-skeleton')].every((el) => {
      const r = el.getBoundingClientRect();
      return r.width === 0 || r.bottom <= 0 || r.top >= innerHeight;
    }),
  );
}

const PAGES: Array<{ name: string; path: () => string; ready: (page: Page) => Promise<void> }> = [
  { name: 'main', path: () => '/en', ready: (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible() },
  { name: 'search', path: () => '/en/tours', ready: (page) => expect(page.locator('.ui-tour-card').first()).toBeVisible() },
  { name: 'tour', path: () => `/en/${tourSlug}`, ready: (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible() },
  { name: 'error', path: () => '/en/this-page-does-not-exist', ready: (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible() },
];

test.describe('visual check: main, search, tour and error pages (issue 17)', () => {
  for (const { name, path, ready } of PAGES) {
    for (const width of [320, 375, 1280, 1920]) {
      test(`${name} at ${width} px`, async ({ page }) => {
        await page.setViewportSize({ width, height: 1000 });
        await page.goto(path());
        await ready(page);
        await settle(page);
        await expect(page).toHaveScreenshot(`${name}-${width}.png`, {
          animations: 'disabled',
          caret: 'hide',
          mask: [page.locator(DYNAMIC)],
          maxDiffPixelRatio: 0.02,
          threshold: 0.2,
        });
      });
    }
  }
});
