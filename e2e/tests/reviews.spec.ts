import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { API, axeViolations, reviewCounts, asAnsweredVisitor } from './support';

/**
 * The site-wide reviews page (/reviews/{region?}, GET /spa/reviews) on the seeded catalogue: the summary and the
 * newest reviews, the region picker (the region's URL, heading and reviews — each checked against the tour's
 * regions through the API), page 2 and back with the browser, and axe.
 */


asAnsweredVisitor();

const list = (page: Page) => page.getByRole('list', { name: 'Latest reviews' });
const cards = (page: Page) => list(page).getByTestId('review');
const summary = (page: Page) => page.getByTestId('reviews-summary');
/** N of 'Based on N reviews'. */
async function basedOn(page: Page): Promise<number> {
  const text = (await summary(page).textContent()) ?? '';
  const m = /Based on ([\d,]+) reviews?/.exec(text);
  expect(m, text).not.toBeNull();
  return Number(m![1]!.replace(/,/g, ''));
}

test.describe('reviews page', () => {
  test('summary and newest reviews; a region from the picker; page 2 and back; axe clean', async ({ page, request }) => {
    await page.goto('/en/reviews');
    await expect(page.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible();
    await expect(cards(page)).toHaveCount(10);
    await expect(summary(page)).toContainText(/^\d\.\d/);
    const siteTotal = await basedOn(page);
    expect(siteTotal).toBeGreaterThan(100);
    await expect(page).toHaveTitle(/^Reviews/);
    expect(await axeViolations(page)).toEqual([]);

    // The picker: every region with its count, most first. Take the second one (a smaller region).
    const picker = page.getByRole('combobox', { name: 'Region' });
    await expect(picker).toHaveValue('');
    const options = await picker.locator('option').evaluateAll((els) => els.map((o) => ({ value: (o as HTMLOptionElement).value, label: o.textContent ?? '' })));
    expect(options[0]).toEqual({ value: '', label: 'All regions' });
    const choice = options[2]!;
    const [, name, count] = /^(.*) \(([\d,]+)\)$/.exec(choice.label)!;
    await picker.selectOption(choice.value);

    await expect(page).toHaveURL(new RegExp(`/en/reviews/${choice.value}$`));
    await expect(page.getByRole('heading', { level: 1, name: `Reviews: ${name}` })).toBeVisible();
    await expect(summary(page)).toContainText(`Based on ${count} review`);
    const regionTotal = Number(count!.replace(/,/g, ''));
    expect(regionTotal).toBeLessThan(siteTotal);
    expect(regionTotal).toBeGreaterThan(10);
    await expect(page).toHaveTitle(new RegExp(`^Reviews: ${name}`));
    await expect(picker).toHaveValue(choice.value);
    await expect(page.getByText(`1–${Math.min(10, regionTotal)} of ${count}`)).toBeVisible();
    // Each review is about a tour of that region (the tour's own regions, from the tour call).
    const tourLinks = await cards(page).getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    expect(tourLinks.length).toBe(await cards(page).count());
    for (const href of tourLinks.slice(0, 5)) {
      const slug = href.replace(/^\/en\//, '');
      const tour = (await (await request.get(`${API}/spa/tour?slug=${slug}`, { headers: { 'X-Language': 'en' } })).json()) as { regions: { slug: string }[] };
      expect(tour.regions.map((r) => r.slug)).toContain(choice.value);
    }
    expect(await axeViolations(page)).toEqual([]);

    // Page 2, then the browser's back button restores page 1.
    const firstOnPage1 = await cards(page).first().textContent();
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Page 2', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/en/reviews/${choice.value}\\?page=2$`));
    await expect(page.getByText(`11–${Math.min(20, regionTotal)} of ${count}`)).toBeVisible();
    await expect(cards(page).first()).not.toHaveText(firstOnPage1!);
    await expect(page.getByRole('link', { name: 'Page 2', exact: true })).toHaveAttribute('aria-current', 'page');
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/en/reviews/${choice.value}$`));
    await expect(cards(page).first()).toHaveText(firstOnPage1!);
    await expect(page.getByRole('link', { name: 'Page 1', exact: true })).toHaveAttribute('aria-current', 'page');
    await page.goBack();
    await expect(page).toHaveURL(/\/en\/reviews$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible();
    await expect(summary(page)).toContainText(`Based on ${siteTotal.toLocaleString('en-US')} reviews`);
  });

  test('an unknown region is the 404 page, with a real 404 status from the server', async ({ page, request }) => {
    expect((await request.get('/en/reviews/atlantis')).status()).toBe(404);
    await page.goto('/en/reviews/atlantis');
    await expect(page.getByRole('heading', { level: 1, name: "We couldn't find this page" })).toBeVisible();
  });
});

test.describe("a tour's review counts (issue 17, defect 4)", () => {
  test("a tour with reviews of its own and of its provider: its card, its title's '· N reviews', and its reviews section's 'Based on N reviews' and tab agree", async ({ page }) => {
    // The most reviewed tour of the search's first page whose provider has reviews too, so 'All' counts more than the tour's own.
    const search = (await (await fetch(`${API}/spa/tours`, { headers: { 'X-Language': 'en' } })).json()) as { result: { groups: { items: { id: number; slug: string }[] }[] } };
    let tour: { id: number; slug: string } | undefined;
    for (const item of search.result.groups.flatMap((g) => g.items)) {
      const reviews = (await (await fetch(`${API}/spa/tour-reviews?id=${item.id}&type=tour&limit=1`)).json()) as { counts: { organizer: number } };
      if (reviews.counts.organizer > 0) {
        tour = item;
        break;
      }
    }
    expect(tour).toBeTruthy();
    // Its card in the search as a traveller finds it: '★ 4.9 (12 reviews)'.
    await page.goto('/en/tours');
    const card = page.locator('main article').filter({ has: page.locator(`a[href$="/${tour!.slug}"]`) }).first();
    await expect(card).toBeVisible();
    const cardReviews = Number(/\(([\d,]+) reviews?\)/.exec((await card.locator('.ui-tour-card__rating').textContent()) ?? '')?.[1]?.replace(/,/g, ''));
    const title = (await card.getByRole('heading').textContent())!.trim();
    await card.getByRole('heading').getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const counts = await reviewCounts(page);
    expect({ ...counts, allIsMore: counts.all > cardReviews }).toEqual({ title: cardReviews, basedOn: cardReviews, tab: cardReviews, all: counts.all, allIsMore: true });
  });
});
