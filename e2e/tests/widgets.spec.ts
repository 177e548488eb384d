/**
 * Partner widgets (issue 6) on the sample partner site: its own origin (:18098), hostile CSS and a strict CSP;
 * widgets from their own origin (:18097); the main site and its API behind the host (:18080).
 */
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import AxeBuilder from '@axe-core/playwright';
import Database from 'better-sqlite3';
import { ROOT } from './support';

const PARTNER = 'http://localhost:18098';
const WIDGETS = 'http://localhost:18097';
const SITE = 'http://localhost:18080';
const DB_FILE = path.join(ROOT, '.tmp/e2e/catalogue.sqlite');
const DEFAULT_ACCENT = 'rgb(194, 65, 12)';

type PartnerEvent = { event: string; widget?: string; partner?: string; element?: string; url?: string; requestId?: number; reason?: string; attribute?: string };
const events = (page: Page) => page.evaluate(() => (window as unknown as { partnerEvents: PartnerEvent[] }).partnerEvents);

/** Opens a partner page and waits until its four widgets are ready; records CSP violations and console errors. */
async function openPartner(page: Page, pathname = '/') {
  await page.addInitScript(() => {
    const w = window as unknown as { cspViolations: string[] };
    w.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => w.cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const consoleErrors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  await page.goto(PARTNER + pathname);
  await expect.poll(async () => (await events(page)).filter((e) => e.event === 'ready').length).toBe(4);
  return { consoleErrors };
}

const widget = (page: Page, id: string) => page.locator(`#${id}`);

async function fillRequest(form: Locator, { name, phone, comment }: { name: string; phone: string; comment: string }) {
  await form.getByRole('textbox', { name: /^(Name|Имя)/ }).fill(name);
  const phoneField = form.getByRole('textbox', { name: /^(Phone|Телефон)/ });
  await phoneField.click();
  await expect(phoneField).toHaveValue(/^\+\d+$/); // the metadata arrived on first use and put the country code in
  await phoneField.fill(phone);
  await form.getByRole('textbox', { name: /^(Comment|Комментарий)/ }).fill(comment);
}

test.describe('partner widgets', () => {
  test('both widgets render in open shadow roots; their DOM and CSS stay inside', async ({ page }) => {
    await openPartner(page);
    const shadow = await page.evaluate(() =>
      [...document.querySelectorAll('tour-search-widget, tour-request-widget')].map((el) => ({ id: el.id, shadow: Boolean(el.shadowRoot), light: el.childNodes.length, h2: el.shadowRoot?.querySelector('h2')?.textContent })),
    );
    expect(shadow).toEqual([
      { id: 'search-de', shadow: true, light: 0, h2: 'Finden Sie eine Reise durch Russland' },
      { id: 'search-en', shadow: true, light: 0, h2: 'Find a tour in Russia' },
      { id: 'request-ru', shadow: true, light: 0, h2: 'Любая программа тура по вашему запросу' },
      { id: 'request-en', shadow: true, light: 0, h2: 'Any tour program on your request' },
    ]);
    // Nothing of the widgets reaches the page: no stylesheet, no style element, no widget class in the light DOM.
    const page_ = await page.evaluate(() => ({
      adopted: document.adoptedStyleSheets.length,
      sheets: [...document.styleSheets].map((s) => s.href),
      styleTags: document.querySelectorAll('style').length,
      widgetNodes: document.querySelectorAll('[class^="ui-"], [class^="wdg-"]').length,
      inlineStyles: document.querySelectorAll('[style]').length,
    }));
    expect(page_).toEqual({ adopted: 0, sheets: [`${PARTNER}/hostile.css`], styleTags: 0, widgetNodes: 0, inlineStyles: 0 });
  });

  test('hostile CSS leaves the widgets’ computed styles unchanged', async ({ browser }) => {
    const PROPS = ['font-family', 'font-size', 'font-style', 'font-weight', 'line-height', 'letter-spacing', 'text-transform', 'text-align', 'direction', 'color', 'background-color', 'box-sizing', 'padding-top', 'padding-left', 'margin-bottom', 'border-top-width', 'border-top-style', 'border-top-color', 'border-radius', 'display', 'height'];
    const probe = async (pathname: string) => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await openPartner(page, pathname);
      const out = await page.evaluate((props) => {
        const pick = (el: Element | null | undefined) => (el ? Object.fromEntries(props.map((p) => [p, getComputedStyle(el).getPropertyValue(p)])) : null);
        const result: Record<string, unknown> = {};
        for (const [id, selectors] of [
          ['search-de', ['.wdg-title', '.ui-field__label', 'input[role=combobox]', 'input[type=date]', 'select', 'button[type=submit]', '.wdg-card']],
          ['request-ru', ['.ui-help__title', 'input[name=name]', 'input[type=tel]', 'textarea', 'button[type=submit]', '.ui-help__caption', '.ui-help__caption a']],
        ] as const) {
          const root = document.getElementById(id)!.shadowRoot!;
          for (const s of selectors) result[`${id} ${s}`] = pick(root.querySelector(s));
          const host = getComputedStyle(document.getElementById(id)!);
          result[`${id} :host`] = Object.fromEntries(['font-family', 'font-size', 'color', 'line-height', 'letter-spacing', 'text-transform', 'padding-top', 'border-top-width', 'direction', 'display'].map((p) => [p, host.getPropertyValue(p)]));
        }
        return result;
      }, PROPS);
      await page.close();
      return out;
    };
    const plain = await probe('/plain');
    const hostile = await probe('/');
    expect(Object.values(plain).every(Boolean)).toBe(true);
    expect(hostile).toEqual(plain);
    // And the hostile page really is hostile to its own elements.
    const page = await browser.newPage();
    await page.goto(`${PARTNER}/`);
    expect(await page.locator('h1').evaluate((h) => getComputedStyle(h).textTransform)).toBe('uppercase');
    await page.close();
  });

  test('works under a strict CSP (nonce + strict-dynamic, no unsafe-inline) with no violation reported', async ({ page }) => {
    const response = await page.request.get(`${PARTNER}/`);
    const csp = response.headers()['content-security-policy']!;
    expect(csp).toContain("script-src 'nonce-");
    expect(csp).toContain("'strict-dynamic'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    const { consoleErrors } = await openPartner(page);
    // Use everything once: the autocomplete call, the lazy phone metadata, a submit with errors.
    await widget(page, 'search-en').getByRole('combobox', { name: 'Destination' }).pressSequentially('Irk');
    await expect(widget(page, 'search-en').getByRole('listbox').getByRole('option').first()).toBeVisible();
    await widget(page, 'request-en').getByRole('textbox', { name: /^Phone/ }).click();
    await expect(widget(page, 'request-en').getByRole('textbox', { name: /^Phone/ })).toHaveValue(/^\+\d+$/);
    await widget(page, 'request-en').getByRole('button', { name: 'Submit request' }).click();
    await expect(widget(page, 'request-en').getByText('Required field')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    expect(consoleErrors.filter((m) => /Content Security Policy|Refused to/i.test(m))).toEqual([]);
  });

  test('the loader is short-lived; the bundles are content-hashed and immutable', async ({ request }) => {
    const loader = await request.get(`${WIDGETS}/loader.js`);
    expect(loader.headers()['cache-control']).toBe('public, max-age=300');
    const body = await loader.text();
    expect(body).toContain(SITE);
    const manifest = (await (await request.get(`${WIDGETS}/manifest.json`)).json()) as { bundles: Record<string, { js: string; css: string }> };
    for (const { js, css } of Object.values(manifest.bundles)) {
      for (const file of [js, css]) {
        expect(file).toMatch(/\.[0-9A-Z]{8}\.(js|css)$/);
        expect((await request.get(`${WIDGETS}/${file}`)).headers()['cache-control']).toBe('public, max-age=31536000, immutable');
      }
    }
  });

  test('first paint fetches each bundle with its chunks and nothing lazy; the request form’s sending code comes on its first focus (issue 33)', async ({ page }) => {
    type Manifest = { bundles: Record<string, { js: string; imports: string[] }>; lazy: string[]; phone: string[]; captcha: string[] };
    const manifest = (await (await page.request.get(`${WIDGETS}/manifest.json`)).json()) as Manifest;
    const fetched: string[] = [];
    page.on('request', (r) => {
      if (r.url().startsWith(`${WIDGETS}/`)) fetched.push(r.url().slice(WIDGETS.length + 1));
    });
    await openPartner(page);
    for (const { js, imports } of Object.values(manifest.bundles)) expect(fetched).toEqual(expect.arrayContaining([js, ...imports]));
    expect(fetched.filter((f) => manifest.lazy.includes(f) || manifest.captcha.includes(f))).toEqual([]);
    const onFirstUse = manifest.lazy.filter((f) => !manifest.phone.includes(f));
    expect(onFirstUse.length).toBeGreaterThan(0);
    await widget(page, 'request-en').getByRole('textbox', { name: /^Name/ }).focus();
    await expect.poll(() => onFirstUse.filter((f) => !fetched.includes(f))).toEqual([]);
    expect(fetched.filter((f) => manifest.phone.includes(f) || manifest.captcha.includes(f))).toEqual([]);
  });

  test('search opens the main site’s search page with the filter and the partner attribution', async ({ page, context, request }) => {
    await openPartner(page);
    const box = widget(page, 'search-de');
    // What the autocomplete will offer for 'Irkutsk' and the travel styles, straight from the API.
    const suggest = (await (await request.get(`${SITE}/spa/autocomplete?query=Irkutsk&only=regions,cities,showplaces,water_objects`, { headers: { 'X-Language': 'de' } })).json()) as {
      result: { kind: string; items: { id: number; name: string }[] }[];
    };
    const city = suggest.result.find((g) => g.kind === 'cities')!.items[0]!;
    const form = (await (await request.get(`${SITE}/spa/search-form`, { headers: { 'X-Language': 'de' } })).json()) as { types: { id: number; name: string }[] };
    const style = form.types[0]!;

    await box.getByRole('combobox', { name: 'Reiseziel' }).pressSequentially('Irkutsk');
    await box.getByRole('listbox').getByRole('group', { name: 'Städte' }).getByRole('option', { name: city.name }).click();
    await expect(box.getByRole('combobox', { name: 'Reiseziel' })).toHaveValue(city.name);
    await box.getByLabel('Von').fill('2030-07-01');
    await box.getByLabel('Bis').fill('2030-07-12');
    await box.getByRole('combobox', { name: 'Reiseart' }).selectOption({ label: style.name });
    const [popup] = await Promise.all([context.waitForEvent('page'), box.getByRole('button', { name: 'Reisen finden' }).click()]);
    const expected = `${SITE}/de/touren?cities=${city.id}&dateFrom=2030-07-01&dateTo=2030-07-12&restKinds=${style.id}&utm_source=baikal-travel&utm_campaign=summer-2026&utm_content=header-box`;
    await popup.waitForLoadState('domcontentloaded');
    expect(popup.url()).toBe(expected);
    expect((await events(page)).filter((e) => e.event === 'search')).toEqual([{ event: 'search', widget: 'search', partner: 'baikal-travel', element: 'search-de', url: expected }]);
    await popup.close();

    // The English box opens in the same tab (target="_top"), with no campaign.
    await widget(page, 'search-en').getByRole('button', { name: 'Find tours' }).click();
    await page.waitForURL(`${SITE}/en/tours?utm_source=baikal-travel`);
  });

  test('a request sent from the partner page is stored with the partner id, the referer and the timezone', async ({ page }) => {
    await openPartner(page);
    const form = widget(page, 'request-en');
    await fillRequest(form, { name: 'Anna Smith', phone: '+1 212 736 5000', comment: 'Lake Baikal in February' });
    await form.getByRole('button', { name: 'Submit request' }).dblclick();
    const heading = form.getByRole('heading', { name: /^Request #\d+ has been sent$/ });
    await expect(heading).toBeVisible();
    await expect(heading).toBeFocused();
    const requestId = Number(/#(\d+)/.exec((await heading.textContent())!)![1]);
    await expect(form.getByText('Our travel expert will contact you at +1 212 736 5000.')).toBeVisible();
    await expect.poll(async () => (await events(page)).filter((e) => e.event === 'requestSubmitted')).toEqual([
      { event: 'requestSubmitted', widget: 'request', partner: 'baikal-travel-2', element: 'request-en', requestId },
    ]);
    const db = new Database(DB_FILE, { readonly: true, fileMustExist: true });
    try {
      const rows = db.prepare('select * from help_requests where partner_id = ?').all('baikal-travel-2') as Record<string, unknown>[];
      expect(rows).toHaveLength(1); // a double click sent one request
      expect(rows[0]).toMatchObject({
        id: requestId, type: 'common_help', name: 'Anna Smith', phone: '+1 212 736 5000', comment: `Lake Baikal in February\nrequest from ${PARTNER}/`,
        referer: `${PARTNER}/`, utm_source: 'baikal-travel-2', utm_campaign: 'sidebar', partner_id: 'baikal-travel-2', source: 'partner_widget',
        origin: PARTNER, locale: 'en', timezone: await page.evaluate(() => Math.min(11, Math.max(-15, Math.round(-new Date().getTimezoneOffset() / 60) - 3))),
      });
    } finally {
      db.close();
    }
  });

  test('a captcha-required answer: the captcha step inside the widget, solved by the real proof of work under the partner CSP; the request is then sent once more, with the token', async ({ page }) => {
    test.setTimeout(90_000);
    const { consoleErrors } = await openPartner(page);
    const { captcha } = (await (await page.request.get(`${WIDGETS}/manifest.json`)).json()) as { captcha: string[] };
    expect(captcha.length).toBeGreaterThan(0);
    const captchaChunks: string[] = [];
    page.on('request', (r) => {
      if (r.url().startsWith(WIDGETS) && captcha.includes(r.url().split('/').pop()!)) captchaChunks.push(r.url());
    });
    // The API asks for the captcha once a visitor passes the writes limit (api/test/requests.test.ts drives that limit
    // across origins); here the first send is answered so, and the retry goes to the real API.
    const sends: (string | null)[] = [];
    await page.route(`${SITE}/spa/submit-help-request`, async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      sends.push(route.request().headers()['x-captcha-token'] ?? null);
      if (sends.length > 1) return route.fallback();
      await route.fulfill({
        status: 429, contentType: 'application/json', headers: { 'access-control-allow-origin': PARTNER },
        body: JSON.stringify({ message: 'Слишком много запросов', data: { type: 'captcha' } }),
      });
    });
    const form = widget(page, 'request-ru');
    const comment = `Байкал зимой ${Date.now().toString(36)}`; // one request of this run, whatever the database holds
    await fillRequest(form, { name: 'Капча Тестова', phone: '+7 916 123-45-67', comment });
    expect(captchaChunks).toEqual([]);
    await form.getByRole('button', { name: 'Отправить заявку' }).click();
    await expect(form.getByRole('heading', { name: 'Подтвердите, что вы не робот' })).toBeVisible();
    await expect(form.getByText('Зачем это нужно?')).toBeVisible();
    await expect.poll(() => captchaChunks.length).toBeGreaterThan(0); // fetched now, not with the form

    // As a person does: a click on ALTCHA's label starts the proof of work.
    await form.getByText('Я не робот').click();
    await expect(form.getByRole('heading', { name: /^Заявка #\d+ отправлена$/ })).toBeVisible({ timeout: 30_000 });
    expect(sends).toHaveLength(2);
    expect(sends[0]).toBeNull();
    expect(sends[1]).toBeTruthy();
    const db = new Database(DB_FILE, { readonly: true, fileMustExist: true });
    try {
      expect(db.prepare('select count(*) as n from help_requests where comment like ?').get(`${comment}\n%`)).toEqual({ n: 1 });
    } finally {
      db.close();
    }
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    expect(consoleErrors.filter((m) => /Content Security Policy|Refused to/i.test(m))).toEqual([]);
  });

  test('an invalid theme colour is rejected with a console error naming the attribute; the default colour is used', async ({ page }) => {
    const { consoleErrors } = await openPartner(page);
    await page.evaluate(() => document.getElementById('spa-slot')!.insertAdjacentHTML('beforeend', '<tour-search-widget id="bad-colour" partner="baikal-travel" color="tomato"></tour-search-widget>'));
    const submit = widget(page, 'bad-colour').getByRole('button', { name: 'Find tours' });
    await expect(submit).toBeVisible();
    expect(await submit.evaluate((b) => getComputedStyle(b).backgroundColor)).toBe(DEFAULT_ACCENT);
    expect(consoleErrors).toContain('tour-search-widget: attribute "color" is invalid ("tomato"): colours must be #ABC, #AABBCC or r,g,b; the default colour is used');
    expect((await events(page)).filter((e) => e.event === 'error')).toEqual([{ event: 'error', widget: 'search', partner: 'baikal-travel', element: 'bad-colour', reason: 'attribute', attribute: 'color' }]);
  });

  test('two widgets of a kind coexist, each with its own configuration', async ({ page }) => {
    await openPartner(page);
    const de = widget(page, 'search-de').getByRole('button', { name: 'Reisen finden' });
    const en = widget(page, 'search-en').getByRole('button', { name: 'Find tours' });
    expect(await de.evaluate((b) => getComputedStyle(b).backgroundColor)).toBe('rgb(10, 125, 90)');
    expect(await en.evaluate((b) => getComputedStyle(b).backgroundColor)).toBe(DEFAULT_ACCENT);
    const ru = widget(page, 'request-ru').getByRole('button', { name: 'Отправить заявку' });
    const en2 = widget(page, 'request-en').getByRole('button', { name: 'Submit request' });
    expect(await ru.evaluate((b) => getComputedStyle(b).backgroundColor)).toBe('rgb(21, 101, 192)');
    expect(await en2.evaluate((b) => [getComputedStyle(b).backgroundColor, getComputedStyle(b).color])).toEqual(['rgb(181, 23, 158)', 'rgb(255, 255, 255)']);
    // Typing in one leaves the other alone.
    await widget(page, 'search-de').getByRole('combobox', { name: 'Reiseziel' }).fill('Kasan');
    await expect(widget(page, 'search-en').getByRole('combobox', { name: 'Destination' })).toHaveValue('');
  });

  test('a single-page app inserts and removes widgets: they mount and unmount by themselves', async ({ page }) => {
    await openPartner(page);
    await page.getByRole('button', { name: 'Add a search box' }).click();
    const spa = widget(page, 'search-spa');
    await expect(spa.getByRole('button', { name: 'Найти туры' })).toBeVisible();
    await expect.poll(async () => (await events(page)).filter((e) => e.element === 'search-spa' && e.event === 'ready').length).toBe(1);
    await spa.getByRole('combobox', { name: 'Направление' }).fill('Байкал');
    await page.getByRole('button', { name: 'Remove it' }).click();
    await expect(page.locator('tour-search-widget#search-spa')).toHaveCount(0);
    await page.getByRole('button', { name: 'Add a search box' }).click();
    await expect(widget(page, 'search-spa').getByRole('combobox', { name: 'Направление' })).toHaveValue('');
    await expect.poll(async () => (await events(page)).filter((e) => e.element === 'search-spa' && e.event === 'ready').length).toBe(2);
    // The other widgets were not touched, and destroy() takes them all down.
    await expect(widget(page, 'search-de').getByRole('button', { name: 'Reisen finden' })).toBeVisible();
    await page.evaluate(() => (window as unknown as { tourWidgets: { destroy(): void } }).tourWidgets.destroy());
    await expect.poll(() => page.evaluate(() => [...document.querySelectorAll('tour-search-widget, tour-request-widget')].every((el) => el.shadowRoot?.childNodes.length === 0))).toBe(true);
  });

  test('API down: compact messages with a link to the main site; retry works once it is back', async ({ page }) => {
    await page.route(`${SITE}/spa/**`, (route) => route.abort('connectionrefused'));
    await openPartner(page);
    const search = widget(page, 'search-de');
    const alert = search.getByRole('alert');
    await expect(alert).toContainText('Die Reisesuche ist gerade nicht verfügbar.');
    await expect(alert.getByRole('link', { name: /Russland-Touren/ })).toHaveAttribute('href', `${SITE}/de?utm_source=baikal-travel`);
    const form = widget(page, 'request-en');
    await fillRequest(form, { name: 'Ivan Petrov', phone: '+1 212 736 5000', comment: 'Altai in June' });
    await form.getByRole('button', { name: 'Submit request' }).click();
    await expect(form.getByRole('alert')).toContainText("We couldn't send your request: there is no connection to our server. Everything you typed is kept.");
    await expect(form.getByRole('textbox', { name: /^Name/ })).toHaveValue('Ivan Petrov');
    await expect(form.getByRole('textbox', { name: 'Comment' })).toHaveValue('Altai in June');

    await page.unroute(`${SITE}/spa/**`);
    await alert.getByRole('button', { name: 'Erneut versuchen' }).click();
    await expect(search.getByRole('button', { name: 'Reisen finden' })).toBeVisible();
    await form.getByRole('alert').getByRole('button', { name: 'Try again' }).click();
    await expect(form.getByRole('heading', { name: /^Request #\d+ has been sent$/ })).toBeVisible();
  });

  test('a blocked bundle leaves a compact message with a link, never a blank box', async ({ page }) => {
    await page.route(`${WIDGETS}/request.*`, (route) => route.abort('blockedbyclient'));
    await page.goto(PARTNER);
    const root = widget(page, 'request-ru');
    await expect(root.getByRole('link', { name: 'Туры по России' })).toHaveAttribute('href', `${SITE}/ru?utm_source=baikal-travel`);
    await expect(root).toContainText('Туры и заявки на сайте Туры по России');
    await expect(widget(page, 'search-de').getByRole('button', { name: 'Reisen finden' })).toBeVisible();
    await expect.poll(async () => (await events(page)).filter((e) => e.event === 'error' && e.reason === 'bundle').map((e) => e.element).sort()).toEqual(['request-en', 'request-ru']);
  });

  test('axe: no violations inside the widgets, also with errors and suggestions showing', async ({ page }) => {
    await openPartner(page, '/plain');
    const scan = async () => (await new AxeBuilder({ page }).include('tour-search-widget').include('tour-request-widget').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()).violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`);
    expect(await scan()).toEqual([]);
    await widget(page, 'request-en').getByRole('button', { name: 'Submit request' }).click();
    await expect(widget(page, 'request-en').getByText('Required field').first()).toBeVisible();
    await widget(page, 'search-en').getByRole('combobox', { name: 'Destination' }).pressSequentially('Irk');
    await expect(widget(page, 'search-en').getByRole('listbox').getByRole('option').first()).toBeVisible();
    expect(await scan()).toEqual([]);
    // Keyboard: Tab reaches the fields with a visible focus ring.
    await widget(page, 'request-ru').getByRole('textbox', { name: /^Имя/ }).focus();
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const active = document.getElementById('request-ru')!.shadowRoot!.activeElement as HTMLElement;
      return { role: active.getAttribute('role'), label: active.getAttribute('aria-label'), outline: getComputedStyle(active).outlineStyle };
    });
    // The phone's country code search (§5.2), a combobox whose list opens on focus: also axe clean when open.
    expect(focused).toEqual({ role: 'combobox', label: 'Код страны', outline: 'solid' });
    await page.keyboard.type('49');
    await expect(widget(page, 'request-ru').getByRole('option', { name: /\+49$/ })).toBeVisible();
    expect(await scan()).toEqual([]);
  });
});

test.describe('/for-agencies configurator', () => {
  test('choose widget, language, currency and colour; the live preview is the real widget; copy the snippet', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: SITE });
    await page.goto('/en/for-agencies');
    await expect(page.getByRole('heading', { level: 1, name: 'For travel agencies' })).toBeVisible();
    const preview = page.getByTestId('widget-preview');
    await expect(preview.locator('tour-search-widget').getByRole('button', { name: 'Find tours' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Partner id' }).fill('baikal-travel');
    await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'Deutsch' });
    await page.getByRole('textbox', { name: 'Theme colour' }).fill('#0A7D5A');
    const button = preview.locator('tour-search-widget').getByRole('button', { name: 'Reisen finden' });
    await expect(button).toBeVisible();
    expect(await button.evaluate((b) => getComputedStyle(b).backgroundColor)).toBe('rgb(10, 125, 90)');
    await page.getByRole('radio', { name: 'Request form' }).check();
    await expect(preview.locator('tour-request-widget').getByRole('button', { name: 'Anfrage senden' })).toBeVisible();
    await page.getByRole('button', { name: 'Copy the snippet' }).click();
    await expect(page.getByText('The snippet has been copied')).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied.split('\n')).toEqual([
      `<script async src="${WIDGETS}/loader.js"></script>`,
      expect.stringMatching(/^<tour-request-widget partner="baikal-travel" locale="de" currency="[A-Z]{3}" color="#0A7D5A"><\/tour-request-widget>$/),
      `<noscript><a href="${SITE}/de?utm_source=baikal-travel">Tours of Russia</a></noscript>`,
    ]);
  });
});
