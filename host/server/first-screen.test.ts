/** @jest-environment node */
import { createSearchFirstScreen, firstCardImages, imagePreload } from './first-screen';
import { checkOrderTour, checkSearchSlug } from './validate';

const card = (id: number, image = `/media/tours/${id}-1/{{size}}/image.svg`) => ({ id, image });
const TOURS = { result: { groups: [{ key: 'tours', items: [card(1), card(2)] }, { key: 'excursions', items: [card(3), card(4), card(5)] }], pagination: {}, place: null } };

/** An API that answers every call with `status` and `body`. */
const answer = (status: number, body: unknown) => ({ apiUrl: 'http://api', fetch: (async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch });

interface Call { path: string; query: URLSearchParams; headers: Record<string, string> }

/** The API as the host server reaches it: records each call; answers `body` after `delayMs`, or `status`. */
function fakeApi(o: { body?: unknown; delayMs?: number; status?: number } = {}) {
  const calls: Call[] = [];
  const fetch = (async (input: string | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    calls.push({ path: url.pathname, query: url.searchParams, headers: Object.fromEntries(new Headers(init?.headers).entries()) });
    if (o.delayMs) await new Promise((r) => setTimeout(r, o.delayMs));
    return new Response(JSON.stringify(o.body ?? TOURS), { status: o.status ?? 200, headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  return { calls, target: { apiUrl: 'http://api.test', internalSecret: 's3cret', fetch } };
}

describe("the search page's first screen (issue 33): the first results' images, within a deadline", () => {
  test('the first page of the same search the page will ask (slug, filter and page from the URL), as the host\'s own call', async () => {
    const api = fakeApi();
    const images = await createSearchFirstScreen(api.target)({ locale: 'de', currency: 'EUR', slug: 'tours', search: '?sort=price&page=2&days=3&unknown=x' });
    // Across groups, in the page's order, the first row of the widest layout.
    expect(images).toEqual([1, 2, 3, 4].map((id) => `/media/tours/${id}-1/{{size}}/image.svg`));
    const call = api.calls[0]!;
    expect(call.path).toBe('/spa/tours');
    expect(Object.fromEntries(call.query)).toEqual({ slug: 'tours', sort: 'price', page: '2' });
    expect(call.headers).toMatchObject({ 'x-language': 'de', 'x-currency': 'EUR', 'x-internal-call': 'host-server', 'x-internal-secret': 's3cret' });
  });

  test('a filtered search (a shared link) is left out: the host searches only for landing pages, never on made-up filters', async () => {
    const api = fakeApi();
    expect(await createSearchFirstScreen(api.target)({ locale: 'en', currency: 'USD', slug: 'tours', search: '?priceMin=5000&sort=price' })).toBeUndefined();
    expect(api.calls).toHaveLength(0);
  });

  test('kept per search: the next visitor of the same search does not wait for the API; another search asks', async () => {
    const api = fakeApi();
    const first = createSearchFirstScreen(api.target);
    await first({ locale: 'en', currency: 'USD', slug: 'tours', search: '' });
    await first({ locale: 'en', currency: 'USD', slug: 'tours', search: '' });
    expect(api.calls).toHaveLength(1);
    await first({ locale: 'en', currency: 'USD', slug: 'tours', search: '?sort=-price' });
    expect(api.calls).toHaveLength(2);
  });

  test('a slow, failing or empty answer leaves the first screen out (the generic skeleton), never holding the page', async () => {
    const slow = fakeApi({ delayMs: 1000 });
    const started = Date.now();
    expect(await createSearchFirstScreen(slow.target, { waitMs: 50 })({ locale: 'en', currency: 'USD', slug: 'tours', search: '' })).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(500);
    expect(await createSearchFirstScreen(fakeApi({ status: 500, body: { message: 'down' } }).target)({ locale: 'en', currency: 'USD', slug: 'tours', search: '' })).toBeUndefined();
    expect(await createSearchFirstScreen(fakeApi({ body: { result: { groups: [] } } }).target)({ locale: 'en', currency: 'USD', slug: 'tours', search: '' })).toBeUndefined();
  });

  test.each([
    ['all with images', [card(1), card(2)], 2],
    ['a card without an image ends the first screen there (its place would differ)', [card(1), card(2, ''), card(3)], 1],
    ['no more than the first row', [1, 2, 3, 4, 5, 6].map((id) => card(id)), 4],
  ])('firstCardImages: %s', (_name, items, count) => {
    expect(firstCardImages({ result: { groups: [{ items }] } })).toHaveLength(count);
  });

  test('the preload asks for the URL the cards ask for, with high priority', () => {
    expect(imagePreload('/media/tours/1-1/{{size}}/a "b".svg')).toBe('<link rel="preload" as="image" href="/media/tours/1-1/400x400/a &quot;b&quot;.svg" fetchpriority="high">');
  });
});

describe("the request page's first screen (issue 33): the tour's image from the order page's own check", () => {
  test.each([
    ['a tour with an image', 200, { id: 3635, image: '/media/tours/3635-1/{{size}}/image.svg' }, { verdict: 'valid', image: '/media/tours/3635-1/{{size}}/image.svg' }],
    ['a tour without one', 200, { id: 3635, image: '' }, { verdict: 'valid' }],
    ['a body the host cannot read', 200, 'not json', { verdict: 'valid' }],
    ['an unknown tour', 404, { message: 'Not found' }, { verdict: 'invalid' }],
    ['an API that cannot decide', 500, { message: 'x' }, { verdict: 'unavailable' }],
  ])('%s', async (_name, status, body, expected) => {
    expect(await checkOrderTour(answer(status, body), '3635', 'en')).toEqual(expected);
  });
});

describe("a search slug's check keeps the place it names (the search page's title, issue 33)", () => {
  test.each([
    ['a region', 200, { result: { valid: true, kind: 'region', id: 5, name: 'Lake Baikal', slug: 'baikal' } }, { verdict: 'valid', place: { kind: 'region', name: 'Lake Baikal' } }],
    ['an answer without a kind', 200, { result: { valid: true } }, { verdict: 'valid' }],
    ['the old boolean answer', 200, { result: true }, { verdict: 'valid' }],
    ['no such page', 200, { result: { valid: false } }, { verdict: 'invalid' }],
    ['an API that cannot decide', 503, { message: 'x' }, { verdict: 'unavailable' }],
  ])('%s', async (_name, status, body, expected) => {
    expect(await checkSearchSlug(answer(status, body), 'baikal', 'en')).toEqual(expected);
  });
});
