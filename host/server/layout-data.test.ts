/** @jest-environment node */
import { createLayoutData } from './layout-data';

const ANSWERS: Record<string, unknown> = {
  '/spa/site-tokens': { captcha_provider: 'local', captcha_key: 'k', hard_captcha_key: 'h', invisible_captcha_provider: '', invisible_captcha_key: '', maps_provider: 'yandex', maps_token: '', maps_suggest_token: '', send_tour_program_in_pdf_via_whatsapp: true, main_auth_method: 1 },
  '/spa/groups-in-social-network': [{ id: 1, source: 'vk', url_to_group: 'https://vk.com/tours' }],
  '/spa/info': { totalCount: 1200, toursCount: 1200, regions: 80, types: 12 },
  '/spa/country-by-ip': { result: { id: 7, name: 'Germany', iso_code: 'DE', phone_code: '49' } },
  '/spa/contacts': { email: 'info@example.com', phones: [], has_other_phones: false, phoneMain: { phone: '+74950000000', formatted_phone: '+7 495 000-00-00' }, country: null },
  '/spa/work-time': { weekdays: { start: '09:00', end: '21:00' }, weekend: { start: '10:00', end: '19:00' }, timezone: 'MSK', utc_offset: '+03:00', utc_offset_minutes: 180 },
};

interface Call { path: string; query: string; headers: Record<string, string> }

/** The API as the host server reaches it: records each call; `slow` paths answer after `delayMs`, `broken` ones 500. */
function fakeApi(o: { slow?: string[]; delayMs?: number; broken?: string[] } = {}) {
  const calls: Call[] = [];
  const fetch = (async (input: string | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    calls.push({ path: url.pathname, query: url.search, headers: Object.fromEntries(new Headers(init?.headers).entries()) });
    if (o.slow?.includes(url.pathname)) await new Promise((r) => setTimeout(r, o.delayMs ?? 1000));
    if (o.broken?.includes(url.pathname)) return new Response('{"message":"down"}', { status: 500, headers: { 'content-type': 'application/json' } });
    return new Response(JSON.stringify(ANSWERS[url.pathname]), { status: 200, headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  return { calls, target: { apiUrl: 'http://api.test', internalSecret: 's3cret', fetch } };
}

const COOKIE = JSON.stringify({ id: 1, name: 'Russia', iso_code: 'RU' });

describe('the layout data the host server inlines (issue 33)', () => {
  test('a visitor with a country cookie: site data, the cookie country and its contacts; no country-by-ip call', async () => {
    const api = fakeApi();
    const data = await createLayoutData(api.target)({ locale: 'en', ip: '203.0.113.9', countryCookie: COOKIE });
    expect(data.country).toEqual({ id: 1, name: 'Russia', iso_code: 'RU', fromCookie: true });
    expect(data.contacts?.phoneMain.formatted_phone).toBe('+7 495 000-00-00');
    expect(data.workTime?.weekdays).toEqual({ start: '09:00', end: '21:00' });
    expect(data.info?.toursCount).toBe(1200);
    expect(data.socialLinks).toHaveLength(1);
    expect(data.siteTokens?.main_auth_method).toBe(1);
    expect(api.calls.map((c) => c.path)).not.toContain('/spa/country-by-ip');
    expect(api.calls.find((c) => c.path === '/spa/contacts')?.query).toBe('?country_id=1');
    // Site statistics over the base site (§7.5); every call is the host's own (trusted secret, internal marker).
    expect(api.calls.find((c) => c.path === '/spa/info')?.headers['x-localization']).toBe('1');
    expect(api.calls.every((c) => c.headers['x-internal-secret'] === 's3cret' && c.headers['x-internal-call'] === 'host-server')).toBe(true);
  });

  test('without the cookie the country comes from the visitor\'s address (not asked yet: fromCookie false)', async () => {
    const api = fakeApi();
    const data = await createLayoutData(api.target)({ locale: 'de', ip: '203.0.113.9', countryCookie: 'not json' });
    expect(data.country).toEqual({ id: 7, name: 'Germany', iso_code: 'DE', fromCookie: false });
    const byIp = api.calls.find((c) => c.path === '/spa/country-by-ip');
    expect(byIp?.headers['x-forwarded-for']).toBe('203.0.113.9');
    expect(byIp?.headers['x-language']).toBe('de');
    expect(api.calls.find((c) => c.path === '/spa/contacts')?.query).toBe('?country_id=7');
    // The address's country is kept: its next page does not ask again.
    const again = await createLayoutData(api.target);
    await again({ locale: 'de', ip: '203.0.113.9' });
    await again({ locale: 'de', ip: '203.0.113.9' });
    expect(api.calls.filter((c) => c.path === '/spa/country-by-ip')).toHaveLength(2);
  });

  test('answers are kept per locale (and country) for the TTL; past it the older one serves while a fresh one is asked for', async () => {
    let now = 0;
    const api = fakeApi();
    const layout = createLayoutData(api.target, { ttlMs: 60_000, now: () => now });
    await layout({ locale: 'en', ip: '1.1.1.1', countryCookie: COOKIE });
    await layout({ locale: 'en', ip: '2.2.2.2', countryCookie: COOKIE });
    expect(api.calls.filter((c) => c.path === '/spa/site-tokens')).toHaveLength(1);
    expect(api.calls.filter((c) => c.path === '/spa/contacts')).toHaveLength(1);
    await layout({ locale: 'ru', ip: '2.2.2.2', countryCookie: COOKIE });
    expect(api.calls.filter((c) => c.path === '/spa/site-tokens')).toHaveLength(2);
    // Past the TTL the page still gets the older answer at once while a fresh one is asked for.
    now = 60_001;
    const stale = await layout({ locale: 'en', ip: '1.1.1.1', countryCookie: COOKIE });
    expect(stale.info?.toursCount).toBe(1200);
    expect(api.calls.filter((c) => c.path === '/spa/site-tokens')).toHaveLength(3);
    await layout({ locale: 'en', ip: '1.1.1.1', countryCookie: COOKIE });
    expect(api.calls.filter((c) => c.path === '/spa/site-tokens')).toHaveLength(3);
  });

  test('what is late is left out (the browser asks for it); the page is not held up', async () => {
    const api = fakeApi({ slow: ['/spa/contacts'], delayMs: 400 });
    const layout = createLayoutData(api.target, { waitMs: 100 });
    const started = Date.now();
    const data = await layout({ locale: 'en', ip: '1.1.1.1', countryCookie: COOKIE });
    expect(Date.now() - started).toBeLessThan(350);
    expect(data.country?.id).toBe(1);
    expect(data.info?.toursCount).toBe(1200);
    expect(data.contacts).toBeUndefined();
    expect(data.workTime).toBeUndefined();
    // The late answer still fills the table: the next page has it at once.
    await new Promise((r) => setTimeout(r, 450));
    expect((await layout({ locale: 'en', ip: '1.1.1.1', countryCookie: COOKIE })).contacts?.email).toBe('info@example.com');
  });

  test('a failing call is left out and not kept: the next page asks again', async () => {
    const api = fakeApi({ broken: ['/spa/info'] });
    const layout = createLayoutData(api.target);
    const data = await layout({ locale: 'en', ip: '1.1.1.1' });
    expect(data.info).toBeUndefined();
    expect(data.siteTokens).toBeUndefined();
    expect(data.country?.id).toBe(7);
    await layout({ locale: 'en', ip: '1.1.1.1' });
    expect(api.calls.filter((c) => c.path === '/spa/info')).toHaveLength(2);
  });
});
