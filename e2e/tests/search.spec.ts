import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { API, axeViolations, createTraveller as createSignedInTraveller, startSession, asAnsweredVisitor } from './support';


/** A traveller with a token, as sign-in (the accounts issue) creates them. */
const createTraveller = (currency: string | null) => createSignedInTraveller({ first_name: 'Anna', last_name: 'Petrova', email: 'anna@example.com', currency });

asAnsweredVisitor();

const cards = (page: Page) => page.locator('main article');
const cardTitles = (page: Page) => page.locator('main article h3').allTextContents();
async function openSearch(page: Page, path = '/en/tours') {
  await page.goto(path);
  await expect(cards(page).first()).toBeVisible();
}

test.describe('search and discovery', () => {
  test('search by region through the autocomplete of the main page', async ({ page }) => {
    await page.goto('/en');
    const input = page.getByRole('combobox', { name: 'Search tours' });
    await input.fill('Altai Rep');
    const option = page.getByRole('option', { name: 'Altai Republic' });
    await expect(option).toBeVisible();
    await expect(page.getByRole('group', { name: 'Regions' })).toBeVisible();
    await option.click();
    await expect(page).toHaveURL(/\/en\/altai-republic$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Altai Republic' })).toBeVisible();
    await expect(cards(page).first()).toBeVisible();
    const places = await page.locator('main article .ui-tour-card__location').allTextContents();
    expect(places.length).toBeGreaterThan(0);
    // Every card is a tour of the region (its main place is the region or one of its towns).
    expect(places.some((p) => /Altai/.test(p))).toBe(true);
  });

  test('apply and reset filters: the URL carries them, the page resets to 1', async ({ page }) => {
    await openSearch(page, '/en/tours?page=2');
    const before = await page.locator('.srch-count').textContent();
    await page.getByRole('button', { name: 'Filters' }).click();
    const dialog = page.getByRole('dialog', { name: 'Search tours' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: /^Comfort/ }).click();
    const comfort = page.getByRole('dialog', { name: 'Comfort' });
    await comfort.getByRole('checkbox', { name: /Premium/ }).check();
    await comfort.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/\/en\/tours\?comfort=5$/);
    await expect(page.locator('.srch-count')).not.toHaveText(before ?? '');
    await expect(page.getByRole('button', { name: /Filters/ }).locator('.srch-badge')).toHaveText('1');
    await page.getByRole('button', { name: /^Filters/ }).click();
    await page.getByRole('dialog', { name: 'Search tours' }).getByRole('button', { name: 'Reset all filters' }).click();
    await page.getByRole('dialog', { name: 'Search tours' }).getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/\/en\/tours$/);
    await expect(page.locator('.srch-count')).toHaveText(before ?? '');
  });

  test('the Cruises tab shows cruises and its own filters', async ({ page }) => {
    await openSearch(page);
    await page.getByRole('tab', { name: 'Cruises' }).first().click();
    await expect(page).toHaveURL(/isCruisesSearch=1/);
    await expect(page.getByRole('heading', { level: 2, name: 'Cruises' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Tours' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Filters' }).click();
    const dialog = page.getByRole('dialog', { name: 'Search tours' });
    for (const name of ['Cruises type', 'City of departure', 'Direction', 'Cruise ships']) await expect(dialog.getByRole('button', { name: new RegExp(`^${name}`) })).toBeVisible();
    await dialog.getByRole('button', { name: /^Cruise ships/ }).click();
    const ships = page.getByRole('dialog', { name: 'Cruise ships' });
    const first = ships.getByRole('checkbox').first();
    const count = Number(await first.locator('xpath=..').locator('.srch-check__count').textContent());
    await first.check();
    await ships.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/ships=\d+/);
    await expect(page.locator('.srch-count')).toHaveText(new RegExp(`^${count} tours? found$`));
  });

  test('load more appends the next page and merges it into its group', async ({ page }) => {
    await openSearch(page);
    await expect(cards(page)).toHaveCount(18);
    await expect(page.getByText(/^1–18 of [\d,]+$/)).toBeVisible();
    await page.getByRole('button', { name: 'Show more' }).click();
    await expect(cards(page)).toHaveCount(36);
    await expect(page.getByRole('heading', { level: 2, name: 'Tours' })).toHaveCount(1);
    await expect(page.getByText(/^1–36 of [\d,]+$/)).toBeVisible();
    const titles = await cardTitles(page);
    expect(new Set(titles).size).toBe(36);
  });

  test('switching the currency changes every visible price', async ({ page }) => {
    await openSearch(page);
    const prices = page.locator('main .ui-price__current');
    await expect(prices.first()).toBeVisible();
    await page.getByRole('combobox', { name: 'Currency' }).first().selectOption('EUR');
    // Converted prices arrive card by card (each shows a skeleton meanwhile): wait until the whole page shows them.
    const shown = (symbol: string) => async () => {
      const texts = await prices.allTextContents();
      return { moreThan10: texts.length > 10, allIn: texts.every((p) => p.includes(symbol)) };
    };
    await expect.poll(shown('€'), { timeout: 15_000 }).toEqual({ moreThan10: true, allIn: true });
    await page.getByRole('combobox', { name: 'Currency' }).first().selectOption('RUB');
    await expect.poll(shown('₽'), { timeout: 15_000 }).toEqual({ moreThan10: true, allIn: true });
  });

  test('logged in, switching the currency saves it to the profile', async ({ page, request, baseURL }) => {
    const traveller = createTraveller('USD');
    await startSession(page.context(), baseURL!, traveller.token, { id: traveller.id, first_name: 'Anna', last_name: 'Petrova', currency: 'USD' });
    // The server cannot know the session: it enters after hydration, so the server HTML still hydrates cleanly.
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await openSearch(page);
    await expect(page.getByRole('button', { name: 'Call via internet' }).first()).toBeVisible();
    expect(pageErrors).toEqual([]);
    const saved = page.waitForResponse((r) => r.url().endsWith('/crm/api/user/set-currency') && r.request().method() === 'POST');
    await page.getByRole('combobox', { name: 'Currency' }).first().selectOption('EUR');
    const answer = await saved;
    expect(answer.status()).toBe(200);
    expect(answer.request().postDataJSON()).toEqual({ currency_code: 'EUR' });
    expect((await answer.json()).user).toMatchObject({ id: traveller.id, currency: 'EUR' });
    const profile = await request.get(`${API}/crm/api/user/profile`, { headers: { 'X-Authorization': `Bearer ${traveller.token}` } });
    expect((await profile.json()).profile.currency).toBe('EUR');
    await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('session') ?? 'null')?.profile.currency)).toBe('EUR');
    await expect(page.locator('main .ui-price__current').first()).toContainText('€');
  });

  test('back and forward restore the same search', async ({ page }) => {
    await openSearch(page);
    const firstDefault = (await cardTitles(page))[0];
    await page.getByRole('combobox', { name: 'Sort' }).selectOption('price');
    await expect(page).toHaveURL(/sort=price/);
    await expect.poll(async () => (await cardTitles(page))[0]).not.toBe(firstDefault);
    const firstByPrice = (await cardTitles(page))[0];
    await page.goBack();
    await expect(page).toHaveURL(/\/en\/tours$/);
    await expect(page.getByRole('combobox', { name: 'Sort' })).toHaveValue('default');
    await expect.poll(async () => (await cardTitles(page))[0]).toBe(firstDefault);
    await page.goForward();
    await expect(page.getByRole('combobox', { name: 'Sort' })).toHaveValue('price');
    await expect.poll(async () => (await cardTitles(page))[0]).toBe(firstByPrice);
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Sort' })).toHaveValue('price');
    await expect.poll(async () => (await cardTitles(page))[0]).toBe(firstByPrice);
  });

  test('an invalid search slug gives the 404 of the platform', async ({ page, request }) => {
    expect((await request.get('/en/no-such-search-slug')).status()).toBe(404);
    await page.goto('/en/no-such-search-slug');
    await expect(page.getByText('Page Not Found: /en/no-such-search-slug')).toBeVisible();
  });

  test('the main page and the search page have no axe violations', async ({ page }) => {
    await page.goto('/en');
    await expect(page.getByRole('combobox', { name: 'Search tours' })).toBeVisible();
    await expect(page.locator('.srch-promo')).toBeVisible();
    expect(await axeViolations(page, 'main')).toEqual([]);
    await openSearch(page);
    expect(await axeViolations(page, 'main')).toEqual([]);
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByRole('dialog', { name: 'Search tours' }).getByRole('button', { name: /^Where to go/ }).click();
    await expect(page.getByRole('dialog', { name: 'Where to go?' })).toBeVisible();
    expect(await axeViolations(page, '.srch-filters')).toEqual([]);
  });

  test('usable at 320 px wide: no sideways scrolling, filters open fullscreen and apply', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await openSearch(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    const card = cards(page).first();
    const box = await card.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(320);
    await page.getByRole('button', { name: 'Filters' }).click();
    const dialog = page.getByRole('dialog', { name: 'Search tours' });
    await dialog.getByRole('button', { name: /^Difficulty/ }).click();
    await page.getByRole('dialog', { name: 'Difficulty' }).getByRole('checkbox', { name: /Without exercise/ }).check();
    await page.getByRole('dialog', { name: 'Difficulty' }).getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/difficulty=1/);
    // on mobile, applying returns to the common list
    await expect(page.getByRole('dialog', { name: 'Search tours' })).toBeVisible();
    await page.getByRole('dialog', { name: 'Search tours' }).getByRole('button', { name: 'Close' }).click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });
});

test.describe("tour selection mode from a coordinator's link (public-site §2.3, §4.9; issue 17, defect 10f)", () => {
  test('two tours selected on the search page are still selected after a reload', async ({ page }) => {
    // The coordinator's link: any page with the request's token (§3.7 'requestId-…'), which the page stores and drops from the URL.
    await page.goto('/en/tours?tour-selection-token=4711-e2e-selection');
    await expect(page).toHaveURL(/\/en\/tours$/);
    const sheet = page.getByRole('region', { name: 'Tour selection' });
    await expect(sheet).toContainText('Tour selection for request #4711: no tours selected yet');
    await expect(cards(page).nth(1)).toBeVisible();
    const titles = (await cardTitles(page)).slice(0, 3).map((t) => t.trim());

    // 'Select' opens the tour's dates; choosing one selects the tour.
    for (const [i, title] of [titles[0]!, titles[2]!].entries()) {
      await page.getByRole('button', { name: `Select ${title}`, exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: /^Select/ }).first().click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByRole('button', { name: `Unselect ${title}`, exact: true })).toBeVisible();
      await expect(sheet).toContainText(i === 0 ? '1 tour selected' : '2 tours selected');
    }

    await page.reload();
    await expect(cards(page).nth(2)).toBeVisible();
    await expect(sheet).toContainText('Tour selection for request #4711: 2 tours selected');
    await expect(page.getByRole('button', { name: `Unselect ${titles[0]}`, exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: `Unselect ${titles[2]}`, exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: `Select ${titles[1]}`, exact: true })).toBeVisible();
  });
});

test.describe("full-text search reads what the tour page shows, title matches first (issue 17, defect 3)", () => {
  /** A traveller types a text into the main page's search box and presses its search button. */
  async function searchFromMainPage(page: Page, home: string, names: { box: string; submit: string }, text: string) {
    await page.goto(home);
    const box = page.getByRole('combobox', { name: names.box });
    await box.fill(text);
    await page.getByRole('search').filter({ has: box }).getByRole('button', { name: names.submit, exact: true }).click();
  }

  test("words only in the tours' programme days find them, in English and in Chinese", async ({ page, context, baseURL }) => {
    // 'briefing' is only in a first day's description ('… welcome dinner and a briefing from the guide'): no title has it.
    await searchFromMainPage(page, '/en', { box: 'Search tours', submit: 'Search' }, 'briefing');
    await expect(page).toHaveURL(/\/en\/tours\?query=briefing$/);
    await expect(page.locator('.srch-count')).toHaveText(/^[\d,]+ tours? found$/);
    expect(Number((await page.locator('.srch-count').textContent())!.replace(/\D/g, ''))).toBeGreaterThan(100);
    const titles = await cardTitles(page);
    expect(titles.filter((t) => /briefing/i.test(t))).toEqual([]);
    // The first result has the word in its programme (the first day is open).
    await cards(page).first().getByRole('heading').getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1, name: titles[0]!.trim() })).toBeVisible();
    await page.locator('#route').scrollIntoViewIfNeeded();
    await expect(page.locator('#route')).toContainText('a briefing from the guide');

    // The Chinese site (at the root, once chosen) searches the Chinese texts: '欢迎晚餐' (welcome dinner) is only in first days too.
    await context.addCookies([{ name: 'i18n_redirected', value: 'cn', url: baseURL! }]);
    await searchFromMainPage(page, '/', { box: '搜索线路', submit: '搜索' }, '欢迎晚餐');
    await expect(page).toHaveURL(/\/lvyou\?query=/);
    await expect(page.locator('.srch-count')).toHaveText(/^找到[\d,]+条线路$/);
    const cnTitles = await cardTitles(page);
    expect(cnTitles.length).toBeGreaterThan(0);
    expect(cnTitles.filter((t) => t.includes('欢迎晚餐'))).toEqual([]);
    await cards(page).first().getByRole('heading').getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1, name: cnTitles[0]!.trim() })).toBeVisible();
    await page.locator('#route').scrollIntoViewIfNeeded();
    await expect(page.locator('#route')).toContainText('欢迎晚餐');
  });

  test('a word in a few titles and in other tours\' descriptions: the title matches are listed first', async ({ page }) => {
    // 'Cathedral' names two tours (Königsberg Cathedral) and is in the description of other tours of the Kaliningrad region.
    await searchFromMainPage(page, '/en', { box: 'Search tours', submit: 'Search' }, 'cathedral');
    await expect(page).toHaveURL(/\/en\/tours\?query=cathedral$/);
    const tours = page.getByRole('region', { name: 'Tours' });
    await expect(tours.getByRole('article').first()).toBeVisible();
    const titles = (await tours.locator('article h3').allTextContents()).map((t) => t.trim());
    const titled = titles.map((t) => /cathedral/i.test(t));
    expect({ titled: titled.some(Boolean), untitled: titled.some((x) => !x) }).toEqual({ titled: true, untitled: true });
    expect(titled.lastIndexOf(true), titles.join(' | ')).toBeLessThan(titled.indexOf(false));
    // The first tour without it in its title has it in its description.
    const other = titles[titled.indexOf(false)]!;
    await tours.getByRole('article').nth(titled.indexOf(false)).getByRole('heading').getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1, name: other })).toBeVisible();
    // The description comes in as it nears the screen: it sits above the map preview.
    await page.getByRole('button', { name: 'Show on map' }).scrollIntoViewIfNeeded();
    await expect(page.locator('#overview')).toContainText(/cathedral/i);
  });
});
