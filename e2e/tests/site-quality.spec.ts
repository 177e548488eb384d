/**
 * The built site as a new traveller meets it (issue 17): real statuses for pages that do not exist, numbers in the
 * locale's format, controls whose name contains what they show.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';

test.describe('site quality', () => {
  test('a blog article or category that does not exist is a real 404, not a 404 page answered 200', async ({ request }) => {
    for (const url of ['/en/blog/no-such-article-999999', '/de/reiseblog/no-such-article-999999', '/en/blog/no-such-category']) {
      const res = await request.get(url);
      expect([url, res.status()]).toEqual([url, 404]);
    }
    const index = await request.get('/en/blog');
    expect(index.status()).toBe(200);
  });

  test("the results caption counts with the locale's separators", async ({ page }) => {
    await page.goto('/en/tours');
    const caption = page.locator('.ui-pagination__caption');
    await expect(caption).toHaveText(/^1–18 of \d{1,3}(,\d{3})+$/);
    await page.goto('/de/tours');
    await expect(page.locator('.ui-pagination__caption')).toHaveText(/^1–18 von \d{1,3}(\.\d{3})+$/);
  });

  test('header controls: their names contain the text they show (axe label-content-name-mismatch)', async ({ page }) => {
    await page.goto('/en/about');
    await expect(page.getByRole('button', { name: 'EN Language: English' })).toBeVisible();
    const results = await new AxeBuilder({ page }).include('header').withRules(['label-content-name-mismatch']).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});
