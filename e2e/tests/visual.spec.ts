/**
 * Visual check of the site's main layouts (issue 17, 'Tests'): the main, search, tour and error pages (404, the
 * removed tour's page, 403) at 320, 375, 1280 and 1920 px, each whole page top to bottom, against committed baselines (tests/__screenshots__, one set for every platform: CI runs on this
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
import { findRemovedTourId, findTour } from './support';


/** What changes with the day or the seed; each is masked (its box stays, so the layout still shows). */
const DYNAMIC = [
  'img', 'picture', 'video', 'iframe', 'canvas',
  '.ui-price', '.tour-price', '.tour-side__price', '.tour-side-date__price', '.tour-discounts',
  'time', '.tour-variants', '.tour-side__dates', '.tour-side-dates', '.tour-excursion-dates',
  '.srch-count', '.srch-chips__count', '.srch-check__count', '.ui-pagination', '.tour-intro__rating',
  '.ui-tour-card', '.srch-card', '.lay-card', '.srch-cards', '.tour-reviews', '.srch-reviews', '.tour-map-preview',
].join(', ');

let tourSlug = '';
/** A tour taken off the site: its own page (similar tours, the help card) answered 404. */
let removedId = 0;
test.beforeAll(async () => {
  tourSlug = (await findTour<{ id: number; slug: string; type: number; is_tour_active: boolean }>('en', (t) => t.type === 1 && t.is_tour_active)).slug;
  removedId = await findRemovedTourId();
});

/** A returning visitor: the cookie alert answered and the region known, so no sheet or dropdown opens over the page. */
test.beforeEach(async ({ context, baseURL, page }) => {
  await context.addCookies([
    { name: 'cookie_alert_accepted', value: '1', url: baseURL! },
    { name: 'current_country', value: encodeURIComponent(JSON.stringify({ id: 31, name: 'United States', iso_code: 'US' })), url: baseURL! },
  ]);
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

/** Whether anything on the page is still loading: a skeleton, or a section saying 'Loading…' (role status). */
const loading = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('.ui-skeleton, .ui-page-skeleton, .tour-skeleton')].some((el) => el.getBoundingClientRect().width > 0) ||
    [...document.querySelectorAll('[role="status"]')].some((el) => el.textContent?.trim() === 'Loading…'));

/**
 * The whole page with its data: scrolled to the end half a screen at a time, as a reader would, so the sections that
 * load on approach load (again from the top while something still loads: a section mounted after the reader passed
 * its place loads on the next pass), then back to the top.
 */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
  for (let pass = 0; pass < 3 && (pass === 0 || (await loading(page))); pass++) {
    for (let y = 0; ; ) {
      const { end, height } = await page.evaluate(() => ({ end: document.documentElement.scrollHeight - innerHeight, height: innerHeight }));
      await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
      await page.waitForLoadState('networkidle');
      if (y >= end) break;
      y = Math.min(end, y + height / 2);
    }
  }
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await expect.poll(() => loading(page), { message: 'nothing on the page is still loading' }).toBe(false);
  await page.waitForLoadState('networkidle');
}

/** A 403 naming the account's e-mail (public-site §2.8), as the tour call would answer it. */
const refused = async (page: Page): Promise<void> => {
  await page.route('**/spa/tour?*', (route) => route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ message: 'refused', data: { legit_user_email: 'a***@example.com' } }) }));
};

const PAGES: Array<{ name: string; path: () => string; ready: (page: Page) => Promise<void>; before?: (page: Page) => Promise<void> }> = [
  { name: 'main', path: () => '/en', ready: (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible() },
  { name: 'search', path: () => '/en/tours', ready: (page) => expect(page.locator('.ui-tour-card').first()).toBeVisible() },
  { name: 'tour', path: () => `/en/${tourSlug}`, ready: (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible() },
  { name: 'error', path: () => '/en/this-page-does-not-exist', ready: (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible() },
  { name: 'removed', path: () => `/en/removed-tour-${removedId}`, ready: (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible() },
  { name: 'forbidden', path: () => `/en/${tourSlug}`, before: refused, ready: (page) => expect(page.getByRole('button', { name: 'Log in again' })).toBeVisible() },
];

test.describe('visual check: main, search, tour and error pages (issue 17)', () => {
  for (const { name, path, ready, before } of PAGES) {
    for (const width of [320, 375, 1280, 1920]) {
      test(`${name} at ${width} px`, async ({ page }) => {
        await page.setViewportSize({ width, height: 1000 });
        await before?.(page);
        await page.goto(path());
        await ready(page);
        await settle(page);
        await expect(page).toHaveScreenshot(`${name}-${width}.png`, {
          fullPage: true,
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
