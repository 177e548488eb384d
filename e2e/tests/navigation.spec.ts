/**
 * Where a page stands after a navigation (issue 17, defect 1): a new page starts at the top, back and forward return
 * to the place left — for cards, footer links and the header alike (host/src/app/scroll-restoration.ts).
 */
import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures';
import { asAnsweredVisitor } from './support';

const scrollY = (page: import('@playwright/test').Page) => page.evaluate(() => Math.round(window.scrollY));

test.describe('scroll position across navigations, desktop (1280 px)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });
  asAnsweredVisitor();
  /** Where an element stands in the viewport (px from its top): what the visitor sees, whatever grew above it meanwhile. */
  const viewportTop = (target: Locator) => target.evaluate((el) => Math.round(el.getBoundingClientRect().top));

  test('a card far down the results opens its tour at the top; back restores the list, forward the tour where it was left', async ({ page }) => {
    await page.goto('/en/tours');
    const cards = page.locator('main article');
    await expect(cards.nth(12)).toBeVisible();
    // The fourth row of the four-column grid, about 2,000 px down.
    const card = cards.nth(12).getByRole('link').first();
    await card.scrollIntoViewIfNeeded();
    expect(await scrollY(page)).toBeGreaterThan(1200);
    const cardTop = await viewportTop(cards.nth(12));
    const title = (await cards.nth(12).locator('h3').textContent())!.trim();

    await card.click();
    const heading = page.getByRole('heading', { level: 1, name: title });
    await expect(heading).toBeVisible();
    await expect.poll(() => scrollY(page)).toBeLessThan(5);

    // The tour page read down to its lower sections, once drawn, then back to the list: the card where it was.
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
    const lowest = await page.evaluate(() => ['reviews', 'schedule', 'faq', 'conditions', 'accommodation', 'route'].find((id) => document.getElementById(id)));
    const section = page.locator(`#${lowest}`);
    await section.scrollIntoViewIfNeeded();
    expect(await scrollY(page)).toBeGreaterThan(1000);
    const sectionTop = await viewportTop(section);
    await page.goBack();
    await expect(cards.nth(12)).toBeVisible();
    await expect.poll(() => viewportTop(cards.nth(12))).toBe(cardTop);
    expect(await scrollY(page)).toBeGreaterThan(1200);

    // Forward: the tour page at that section, where it was left, not at its top.
    await page.goForward();
    await expect(heading).toBeAttached();
    await expect.poll(() => viewportTop(section)).toBe(sectionTop);
    expect(await scrollY(page)).toBeGreaterThan(1000);
  });

  test('a header link opens its page at the top', async ({ page }) => {
    await page.goto('/en/about');
    const link = page.getByRole('banner').getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Tours', exact: true });
    await expect(link).toBeVisible();
    // Scrolled until the header's links reach the top edge: still in view, the page no longer at its top.
    const top = await link.evaluate((a) => Math.floor(a.getBoundingClientRect().top + window.scrollY) - 4);
    await page.evaluate((y) => window.scrollTo(0, y), top);
    await expect.poll(() => scrollY(page)).toBeGreaterThan(40);
    await link.click();
    await expect(page).toHaveURL(/\/en\/tours$/);
    await expect(page.locator('main article').first()).toBeVisible();
    await expect.poll(() => scrollY(page)).toBeLessThan(5);
  });

  test('a footer link opens its page at the top', async ({ page }) => {
    await page.goto('/en/tours');
    await expect(page.locator('main article').first()).toBeVisible();
    const about = page.getByRole('contentinfo').getByRole('link', { name: 'About us' });
    await about.scrollIntoViewIfNeeded();
    expect(await scrollY(page)).toBeGreaterThan(2000);
    await about.click();
    await expect(page).toHaveURL(/\/en\/about$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect.poll(() => scrollY(page)).toBeLessThan(5);
  });

  test("an in-site link with an anchor opens its page at the anchor (a tour's reviews)", async ({ page }) => {
    await page.goto('/en/tours');
    const first = page.locator('main article').first();
    await expect(first).toBeVisible();
    const href = await first.getByRole('link').first().getAttribute('href');
    // A link to the tour's reviews, followed as the site's own links are (single-spa, no page load).
    await page.evaluate((to) => {
      const a = document.createElement('a');
      a.href = to;
      a.textContent = 'Read the reviews';
      a.addEventListener('click', (e) => {
        e.preventDefault();
        window.history.pushState(null, '', to);
      });
      document.querySelector('main')!.prepend(a);
    }, `${href}#reviews`);
    await page.getByRole('link', { name: 'Read the reviews' }).click();
    const reviews = page.locator('#reviews');
    await expect(reviews).toBeVisible();
    await expect.poll(() => scrollY(page)).toBeGreaterThan(500);
    // At the anchor, and still there once the sections above it have drawn.
    await expect.poll(() => viewportTop(reviews)).toBeLessThan(80);
    let height = -1;
    await expect.poll(async () => {
      const now = await page.evaluate(() => document.documentElement.scrollHeight);
      const settled = now === height;
      height = now;
      return settled;
    }, { intervals: [300] }).toBe(true);
    expect(await viewportTop(reviews)).toBeLessThan(80);
    expect(await viewportTop(reviews)).toBeGreaterThanOrEqual(-5);
  });
});

test.describe('scroll position across navigations', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('a card opened far down the list opens its tour at the top; back returns to the place in the list', async ({ page }) => {
    await page.goto('/en/tours');
    const cards = page.locator('main article');
    await expect(cards.nth(2)).toBeVisible();
    // About 1,800 px down, where the third card's link is in view (the list is one column at 375 px).
    const third = cards.nth(2).getByRole('link').first();
    await third.scrollIntoViewIfNeeded();
    const listY = await scrollY(page);
    expect(listY).toBeGreaterThan(600);
    const title = (await cards.nth(2).locator('h3').textContent())!.trim();

    await third.click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect.poll(() => scrollY(page)).toBeLessThan(5);

    await page.goBack();
    await expect(cards.nth(2)).toBeVisible();
    await expect.poll(() => scrollY(page)).toBeGreaterThan(listY - 5);
    expect(Math.abs((await scrollY(page)) - listY)).toBeLessThanOrEqual(5);

    await page.goForward();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect.poll(() => scrollY(page)).toBeLessThan(5);
  });

  test('a footer link opens its page at the top', async ({ page }) => {
    await page.goto('/en/tours');
    await expect(page.locator('main article').first()).toBeVisible();
    const footer = page.getByRole('contentinfo');
    const about = footer.getByRole('link', { name: 'About us' });
    await about.scrollIntoViewIfNeeded();
    expect(await scrollY(page)).toBeGreaterThan(1000);
    await about.click();
    await expect(page).toHaveURL(/\/en\/about$/);
    await expect.poll(() => scrollY(page)).toBeLessThan(5);
  });

  test("a card's picture keeps its 4:3 place when it arrives: nothing below moves under the pointer", async ({ page }) => {
    await page.goto('/en/tours');
    const media = page.locator('main article .ui-tour-card__media');
    await expect(media.first()).toBeVisible();
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    // The last three cards, each on screen when measured with its picture arrived (the seeded pictures are square,
    // which an unclipped 4:3 box grows to). Not cards scrolled past: `content-visibility: auto` (search.css) skips
    // them and lays them out inside their reserved 440 px, which says nothing about what a visitor sees.
    const cards = page.locator('main article');
    const count = await cards.count();
    expect(count).toBeGreaterThan(3);
    const ratios: number[] = [];
    for (let i = count - 3; i < count; i++) {
      const card = cards.nth(i);
      await card.scrollIntoViewIfNeeded();
      await expect.poll(() => card.locator('img').first().evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      ratios.push(await card.locator('.ui-tour-card__media').evaluate((b) => b.getBoundingClientRect().height / b.getBoundingClientRect().width));
    }
    for (const r of ratios) expect(r).toBeCloseTo(0.75, 2);
  });
});

