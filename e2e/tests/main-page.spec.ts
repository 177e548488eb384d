/**
 * The main page's tour sections (issue 17, 'Content a traveller expects'): popular tours with prices, travel styles
 * whose counts equal what their links open, upcoming departures after the product's today, recent reviews linking to
 * their tour; loaded below the fold, and axe clean.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { API, axeViolations, reviewCounts, asAnsweredVisitor } from './support';


asAnsweredVisitor();

/** The product's today: the first day the search offers (its dates section starts at the API's today). */
async function productToday(): Promise<string> {
  const res = await fetch(`${API}/spa/tours?expand=filters`, { headers: { 'X-Language': 'en', 'X-Currency': 'USD' } });
  const body = (await res.json()) as { filters: { section: string; min: unknown }[] };
  const dates = body.filters.find((f) => f.section === 'dates');
  expect(typeof dates?.min).toBe('string');
  return dates!.min as string;
}

/** Opens the main page and brings the tour sections in (they load when they come near the viewport). */
async function openSections(page: Page) {
  await page.goto('/en');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByTestId('main-tours').scrollIntoViewIfNeeded();
  await expect(page.getByRole('region', { name: 'Popular tours' })).toBeVisible();
}

const digits = (text: string | null) => Number((text ?? '').replace(/\D/g, ''));

test.describe('main page: tours a traveller expects (issue 17)', () => {
  test('popular tours are tour cards with prices in the chosen currency, linking to their tour', async ({ page }) => {
    await openSections(page);
    const popular = page.getByRole('region', { name: 'Popular tours' });
    const cards = popular.getByRole('article');
    expect(await cards.count()).toBeGreaterThanOrEqual(4);
    for (const card of (await cards.all()).slice(0, 4)) {
      await expect(card.locator('.ui-price__current')).toHaveText(/^(from )?\$\d[\d,]*$/);
    }
    // The first card opens its tour page.
    const title = (await cards.first().getByRole('heading').textContent())!.trim();
    await cards.first().getByRole('heading').getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  });

  test("a travel style's count equals the number of tours its link opens", async ({ page }) => {
    await openSections(page);
    const links = page.getByTestId('travel-styles').getByRole('link');
    expect(await links.count()).toBeGreaterThan(2);
    // The last style: the smallest count of the list (the first is checked by the API tests with the rest).
    const link = links.last();
    const count = digits(await link.locator('.srch-chips__count').textContent());
    expect(count).toBeGreaterThan(0);
    await link.click();
    await expect(page.locator('.srch-count')).toHaveText(/tours? found$/);
    expect(digits(await page.locator('.srch-count').textContent())).toBe(count);
  });

  test('every popular destination chip: its count is the total of the page it opens (issue 17, defect 4)', async ({ page }) => {
    await page.goto('/en');
    const chips = page.getByRole('region', { name: 'Popular destinations' }).getByRole('link');
    await expect(chips.first()).toBeVisible();
    // What each chip says ('Republic of Tatarstan 165') and where it leads.
    const shown = await Promise.all((await chips.all()).map(async (chip) => ({
      text: (await chip.textContent())!.trim(), href: (await chip.getAttribute('href'))!, count: digits(await chip.locator('.srch-chips__count').textContent()),
    })));
    expect(shown.length).toBeGreaterThanOrEqual(8);
    // The first chip as a traveller follows it; the others by their address (the same page, without coming back).
    await chips.first().click();
    const opened: { text: string; found: number }[] = [];
    for (const [i, chip] of shown.entries()) {
      if (i > 0) await page.goto(chip.href);
      await expect(page).toHaveURL(new RegExp(`${chip.href}$`));
      await expect(page.locator('.srch-count')).toHaveText(/^[\d,]+ tours? found$/);
      opened.push({ text: chip.text, found: digits(await page.locator('.srch-count').textContent()) });
    }
    expect(opened).toEqual(shown.map((c) => ({ text: c.text, found: c.count })));
  });

  test("the first travel style's count is the total it opens; a popular tour's reviews count is the one its page shows (issue 17, defect 4)", async ({ page }) => {
    await openSections(page);
    const style = page.getByTestId('travel-styles').getByRole('link').first();
    const styleCount = digits(await style.locator('.srch-chips__count').textContent());
    const styleHref = (await style.getAttribute('href'))!;
    const card = page.getByRole('region', { name: 'Popular tours' }).getByRole('article').first();
    // '★ 4.9 (12 reviews)' on the card; its page says the same in its title and its reviews section.
    const cardReviews = Number(/\(([\d,]+) reviews?\)/.exec((await card.locator('.ui-tour-card__rating').textContent()) ?? '')?.[1]?.replace(/,/g, ''));
    expect(cardReviews).toBeGreaterThan(0);
    const title = (await card.getByRole('heading').textContent())!.trim();
    await card.getByRole('heading').getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    expect(await reviewCounts(page)).toEqual({ title: cardReviews, basedOn: cardReviews, tab: cardReviews, all: expect.any(Number) });

    await page.goto(styleHref);
    await expect(page.locator('.srch-count')).toHaveText(/^[\d,]+ tours? found$/);
    expect(digits(await page.locator('.srch-count').textContent())).toBe(styleCount);
  });

  test("upcoming departures are after the product's today, each with its date and price", async ({ page }) => {
    const today = await productToday();
    await openSections(page);
    const upcoming = page.getByTestId('upcoming');
    await expect(upcoming.getByRole('article').first()).toBeVisible();
    const items = await upcoming.getByRole('article').all();
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      const day = await item.locator('time').getAttribute('datetime');
      expect(day! > today, `${day} is after ${today}`).toBe(true);
      await expect(item.locator('time')).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
      await expect(item.locator('.ui-price__current')).toHaveText(/\$\d/);
    }
  });

  test('recent reviews link to their tour; the sections are axe clean', async ({ page }) => {
    await openSections(page);
    const reviews = page.getByRole('region', { name: 'Recent reviews' });
    await expect(reviews.getByRole('listitem').first()).toBeVisible();
    await expect(reviews.getByRole('link', { name: 'All reviews' })).toHaveAttribute('href', '/en/reviews');
    expect(await axeViolations(page)).toEqual([]);
    const tourLink = reviews.getByRole('listitem').first().getByRole('link');
    const name = (await tourLink.textContent())!.trim();
    await tourLink.click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  });

  test("the sections' code and call wait until they come near: the first screen does not fetch them", async ({ page }) => {
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/spa/main-page-tours')) calls.push(r.url());
    });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/en');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(calls).toEqual([]);
    await page.getByTestId('main-tours').scrollIntoViewIfNeeded();
    await expect(page.getByRole('region', { name: 'Popular tours' })).toBeVisible();
    expect(calls).toHaveLength(1);
  });
});
