import { expect, productNow, productToday, test } from './fixtures';
import { axeViolations, trackRemoteRequests } from './support';
import { E2E_CLOCK_START, E2E_PORTS } from '../playwright.config';

test.describe('host shell', () => {
  const locales = [
    { path: '/', lang: 'zh-CN', title: '俄罗斯旅游', cookie: 'cn' },
    { path: '/en', lang: 'en', title: 'Tours of Russia' },
    { path: '/de', lang: 'de', title: 'Russland-Touren' },
    { path: '/ru', lang: 'ru', title: 'Туры по России' },
  ];
  for (const l of locales) {
    test(`renders the layout in ${l.lang}`, async ({ page, baseURL }) => {
      // The browser's Accept-Language is English; the remembered choice keeps the default locale.
      if (l.cookie) await page.context().addCookies([{ name: 'i18n_redirected', value: l.cookie, url: baseURL! }]);
      await page.goto(l.path);
      await expect(page.locator('html')).toHaveAttribute('lang', l.lang);
      await expect(page).toHaveTitle(new RegExp(l.title));
      await expect(page.locator('header').first()).toBeVisible();
      await expect(page.locator('footer').first()).toContainText(String(new Date(productNow()).getUTCFullYear()));
      // The page's one visible title: the host's first screen carries the main page's title too, hidden once the page paints.
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    });
  }

  test('redirects the root by Accept-Language and cookie with 302', async ({ playwright, baseURL }) => {
    // A fresh client per call: the first answer sets the locale cookie, which would steer the next ones.
    const get = async (path: string, headers: Record<string, string>) => {
      const client = await playwright.request.newContext({ baseURL });
      const res = await client.get(path, { headers, maxRedirects: 0 });
      const out = { status: res.status(), headers: res.headers() };
      await client.dispose();
      return { status: () => out.status, headers: () => out.headers };
    };
    const byHeader = await get('/', { 'Accept-Language': 'de-DE,de;q=0.9,en;q=0.5' });
    expect(byHeader.status()).toBe(302);
    expect(byHeader.headers().location).toBe('/de');
    expect(byHeader.headers()['set-cookie']).toMatch(/i18n_redirected=de;.*Max-Age=31536000.*SameSite=Lax/i);
    const byCookie = await get('/', { Cookie: 'i18n_redirected=en', 'Accept-Language': 'de' });
    expect(byCookie.status()).toBe(302);
    expect(byCookie.headers().location).toBe('/en');
    const chinese = await get('/', { 'Accept-Language': 'zh-CN' });
    expect(chinese.status()).toBe(200);
    const cnPrefix = await get('/cn/visa', {});
    expect(cnPrefix.status()).toBe(302);
    expect(cnPrefix.headers().location).toBe('/visa');
  });

  test('answers unmatched routes with a real 404 and the spec text', async ({ page, request }) => {
    const res = await request.get('/en/order/x/y/z');
    expect(res.status()).toBe(404);
    await page.goto('/en/order/x/y/z');
    await expect(page.getByText('Page not found: /en/order/x/y/z')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to home page' })).toBeVisible();
  });

  test('an invalid search slug gives 404 Page Not Found', async ({ page, request }) => {
    const res = await request.get('/en/no-such-region-anywhere');
    expect(res.status()).toBe(404);
    await page.goto('/en/no-such-region-anywhere');
    await expect(page.getByText('Page Not Found: /en/no-such-region-anywhere')).toBeVisible();
  });

  test('server route rules redirect, keeping the locale', async ({ request }) => {
    const internal = await request.get('/en/gift-certificates', { maxRedirects: 0 });
    expect(internal.status()).toBe(301);
    expect(internal.headers().location).toBe('/en/gift-cards');
    // No ORGANIZER_AREA_URL in the suites: the organizer area's links lead to the site's page for organizers, in the
    // visitor's locale (issue 29: /org had led to /org-area, a 404 in Chinese). With it set, they lead there
    // (host/server/route-rules.test.ts).
    for (const [url, location] of [['/en/org', '/en/for-organizers'], ['/de/org/register', '/de/for-organizers']]) {
      const res = await request.get(url!, { maxRedirects: 0 });
      expect([url, res.status(), res.headers().location]).toEqual([url, 302, location]);
    }
  });

  test("'I provide tours' → 'Login in as a travel expert' opens the organizers' page in English, not a 404 (issue 29)", async ({ page, context, baseURL }) => {
    await context.addCookies([
      { name: 'cookie_alert_accepted', value: '1', url: baseURL! },
      { name: 'current_country', value: encodeURIComponent(JSON.stringify({ id: 31, name: 'United States', iso_code: 'US' })), url: baseURL! },
    ]);
    await page.goto('/en/about');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: /Log in/ });
    await dialog.getByRole('radio', { name: 'I provide tours' }).check();
    const [tab] = await Promise.all([context.waitForEvent('page'), dialog.getByRole('link', { name: /Login in as a travel expert/ }).click()]);
    await tab.waitForLoadState();
    await expect(tab).toHaveURL(/\/en\/for-organizers$/);
    await expect(tab.locator('html')).toHaveAttribute('lang', 'en');
    await expect(tab.getByRole('heading', { level: 1, name: 'Tour organizers: the organizer area' })).toBeVisible();
    await expect(tab.getByRole('heading', { level: 2, name: 'How to apply' })).toBeVisible();
    await expect(tab.getByRole('link', { name: 'help@tours.example' }).first()).toBeVisible();
    expect(await axeViolations(tab)).toEqual([]);
    // The page answers as a page of the site in each locale.
    const de = await page.request.get('/de/for-organizers');
    expect(de.status()).toBe(200);
    expect(await de.text()).toContain('<title>Für Veranstalter: der Veranstalterbereich | Russland-Touren</title>');
  });

  test('sends per-route head: title, description, canonical and hreflang', async ({ request }) => {
    const html = await (await request.get('/de/visum')).text();
    expect(html).toContain('<title>Visum für Russland | Russland-Touren</title>');
    expect(html).toMatch(/<meta name="description" content="[^"]+">/);
    expect(html).toContain('rel="canonical" href="http://localhost:18080/de/visum"');
    expect(html).toContain('hreflang="zh-CN" href="http://localhost:18080/qianzheng"');
    expect(html).toContain('hreflang="en-US" href="http://localhost:18080/en/visa"');
  });

  test('fetches a microfrontend only when its route is active', async ({ page }) => {
    const seen = trackRemoteRequests(page);
    await page.goto('/en/visa');
    await expect(page.getByRole('heading', { level: 1, name: 'Visa to Russia' })).toBeVisible();
    expect([...seen]).toEqual(['mfe-search']);
    seen.clear();
    await page.goto('/en/meet');
    await expect(page.getByRole('heading', { level: 1, name: 'Meet your organizer' })).toBeVisible();
    expect([...seen].sort()).toEqual(['mfe-booking']);
  });

  test('navigates between microfrontends without a page load', async ({ page }) => {
    await page.goto('/en/visa');
    await expect(page.getByRole('heading', { level: 1, name: 'Visa to Russia' })).toBeVisible();
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
    await page.evaluate(() => {
      window.history.pushState(null, '', '/en/chat');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.getByRole('heading', { level: 1, name: 'Live chat' })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'Visa to Russia' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
  });

  test('serves hashed assets immutable and manifests short-lived', async ({ request, page }) => {
    const manifest = await request.get('/mfe-manifest.json');
    expect(manifest.headers()['cache-control']).toBe('no-cache');
    let asset = '';
    page.on('response', (r) => {
      if (/\/assets\/\d+\.[0-9a-f]{8}\.js$/.test(r.url())) asset = r.url();
    });
    await page.goto('/en/visa');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(asset).not.toBe('');
    const res = await request.get(asset);
    expect(res.headers()['cache-control']).toContain('immutable');
    const remoteManifest = await request.get('http://localhost:18081/mf-manifest.json');
    expect(remoteManifest.headers()['cache-control']).toBe('no-cache');
  });

  test('the layout has no axe violations', async ({ page }) => {
    await page.goto('/en/visa');
    await expect(page.getByRole('heading', { level: 1, name: 'Visa to Russia' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe("the layout's drawings are image files", () => {
  test('the icon sprite and the payment marks the server renders exist, and the page draws them', async ({ page, request }) => {
    const html = await (await request.get('/en/about')).text();
    const urls = [...new Set([...html.matchAll(/(?:href|src)="(\/assets\/[^"#]+\.svg)(?:#[^"]*)?"/g)].map((m) => m[1]!))];
    // One sprite (header, footer, bubble icons) and the four card brands.
    expect(urls.length).toBeGreaterThanOrEqual(5);
    for (const url of urls) {
      const res = await request.get(url);
      expect(res.status(), url).toBe(200);
      expect(res.headers()['content-type']).toMatch(/^image\/svg\+xml/);
    }
    await page.goto('/en/about');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('list', { name: 'We accept' }).getByRole('img', { name: 'Mastercard' })).toBeVisible();
    // Every icon the running page draws names a symbol its sprite has (a missing one would leave an empty box).
    const refs = await page.locator('svg use').evaluateAll((uses) => uses.map((u) => u.getAttribute('href') ?? ''));
    expect(refs.length).toBeGreaterThan(3);
    for (const ref of new Set(refs)) {
      const [url, id] = ref.split('#');
      expect(await (await request.get(url!)).text(), ref).toContain(`<symbol id="${id}"`);
    }
  });
});

test.describe("the suites' calendar (E2E_CLOCK_START)", () => {
  test("the pages and the API take the suites' day for today, and time still ticks", async ({ page, request }) => {
    const day = new Date(E2E_CLOCK_START).toISOString().slice(0, 10);
    expect(productToday()).toBe(day);
    await page.goto('/en/about');
    const seen = await page.evaluate(async () => {
      const first = Date.now();
      await new Promise((r) => setTimeout(r, 50));
      return { today: new Date().toISOString().slice(0, 10), text: Date(), ticked: Date.now() - first, epoch: new Date(0).toISOString(), isDate: new Date() instanceof Date };
    });
    expect(seen).toMatchObject({ today: day, epoch: '1970-01-01T00:00:00.000Z', isDate: true });
    expect(seen.ticked).toBeGreaterThanOrEqual(40);
    expect(new Date(seen.text).toISOString().slice(0, 10)).toBe(day);
    // The API stamps what it writes with its own clock: a sign-in code's message, seconds after now on that day.
    const login = `e2e-clock-${Date.now().toString(36)}@example.com`;
    const api = `http://127.0.0.1:${E2E_PORTS.api}`;
    expect((await request.post(`${api}/crm/api/user/send-auth-code`, { data: { login, code_sender: 'email' } })).status()).toBe(200);
    const { messages } = (await (await request.get(`${api}/internal/outbox?to=${encodeURIComponent(login)}`)).json()) as { messages: Array<{ created_at: string }> };
    expect(Math.abs(Date.parse(messages[0]!.created_at) - productNow())).toBeLessThan(60_000);
  });
});
