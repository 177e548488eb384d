/** @jest-environment node */
import { renderHead } from './head';
import { buildTourHead, tourHead, tourJsonLd, type TourHeadInput } from './tour-head';
import fixture from './tour-head.fixture.json';

/** A hostile tour of the seed (id 1007): its description carries script, onerror and javascript: payloads. */
const tour = fixture as unknown as Parameters<typeof buildTourHead>[0];
const EN = 'pacific-ocean-cruise-from-petropavlovsk-kamchatsky-1007';
const DE = 'kreuzfahrt-ab-petropavlovsk-kamchatsky-1007';

function answer(status: number, body: unknown): typeof fetch {
  return (async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })) as unknown as typeof fetch;
}

const base: TourHeadInput = { apiUrl: 'http://api', slug: EN, locale: 'en', origin: 'https://site', russianIsAvailable: true, currency: 'USD', siteName: 'Tours of Russia' };

describe('tour page head', () => {
  test('title, plain-text description, canonical and hreflang with each locale\'s own slug, hero preload', async () => {
    const calls: Array<{ url: string; headers: Record<string, string> }> = [];
    const fetchSpy = (async (url: string, init: RequestInit) => {
      calls.push({ url, headers: init.headers as Record<string, string> });
      return new Response(JSON.stringify(tour), { status: 200 });
    }) as unknown as typeof fetch;
    const head = await tourHead({ ...base, fetch: fetchSpy });
    expect(calls[0]!.url).toBe(`http://api/spa/tour?slug=${EN}&format=main&expand_program=0&with_alt=1&site_id=1`);
    // One of the host server's own calls: marked, with the secret when one is configured (host/server/api-call.ts).
    expect(calls[0]!.headers).toMatchObject({ 'X-Language': 'en-US', 'X-Currency': 'USD', 'X-USER-ROLE': 'client', 'x-internal-call': 'host-server' });
    expect(calls[0]!.headers).not.toHaveProperty('x-internal-secret');
    await tourHead({ ...base, internalSecret: 's3cret', fetch: fetchSpy });
    expect(calls[1]!.headers).toMatchObject({ 'x-internal-call': 'host-server', 'x-internal-secret': 's3cret' });
    if (head.kind !== 'ok') throw new Error(head.kind);
    expect(head.extra.title).toBe(tour.title);
    expect(head.extra.description).not.toMatch(/<|script|onerror|javascript:/);
    expect(head.extra.description!.length).toBeLessThanOrEqual(160);
    expect(head.extra.robots).toBeUndefined();
    expect(head.links).toContain(`<link rel="canonical" href="https://site/en/${EN}">`);
    expect(head.links).toContain(`hreflang="de" href="https://site/de/${DE}"`);
    expect(head.links).toContain(`hreflang="zh-CN" href="https://site/${tour.slugs.cn}"`);
    expect(head.links).toContain(`hreflang="ru" href="https://site/ru/${tour.slugs.ru}"`);
    expect(head.links).toContain(`hreflang="x-default" href="https://site/${tour.slugs.cn}"`);
    expect(head.links).toMatch(/<link rel="preload" as="image" href="\/media\/tours\/1007-1\/1080x00\/image.svg" imagesrcset="[^"]*480x00\/image.svg 480w[^"]*1920w" imagesizes="[^"]+" fetchpriority="high" data-tour-hero="1007" data-hero-url="\/media\/tours\/1007-1\/\{\{size\}\}\/image.svg" data-hero-alt="[^"]+">/);
    // The hero the shell paints as the first screen (host/src/app/Slots.tsx).
    expect(head.hero).toEqual({ url: '/media/tours/1007-1/{{size}}/image.svg', alt: tour.images[0]?.alt ?? tour.title });
  });

  test('ru is left out of hreflang when Russian is not offered', () => {
    const head = buildTourHead(tour, { ...base, russianIsAvailable: false });
    expect(head.links).not.toContain('hreflang="ru"');
  });

  test('TouristTrip JSON-LD with an Offer in the answer\'s price and currency', () => {
    const ld = tourJsonLd(tour, { canonical: `https://site/en/${EN}`, origin: 'https://site', siteName: 'Tours of Russia' });
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'TouristTrip',
      name: tour.title,
      url: `https://site/en/${EN}`,
      offers: { '@type': 'Offer', price: tour.price, priceCurrency: tour.currency, url: `https://site/en/${EN}` },
      provider: { '@type': 'Organization', name: 'Tours of Russia' },
    });
    expect((ld.image as string[])[0]).toBe('https://site/media/tours/1007-1/1200x00/image.svg');
    expect((ld.itinerary as { numberOfItems: number }).numberOfItems).toBe(tour.program.length);
    expect(JSON.stringify(ld)).not.toMatch(/<script|onerror/);
  });

  test('the JSON-LD goes into the head as a script that data cannot close, with noindex when is_indexed is false', async () => {
    const head = await tourHead({ ...base, fetch: answer(200, { ...tour, is_indexed: false, title: 'Trip </script><script>alert(1)</script>' }) });
    if (head.kind !== 'ok') throw new Error(head.kind);
    expect(head.extra.robots).toBe('noindex, follow');
    const html = renderHead({ origin: 'https://site', match: null, locale: 'en', messages: { 'meta.siteName': 'Tours of Russia' }, russianIsAvailable: true, status: 200, path: `/en/${EN}`, extra: head.extra });
    expect(html).toContain('<meta name="robots" content="noindex, follow">');
    expect(html).toContain('<script type="application/ld+json">');
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).toContain('<title>Trip &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; | Tours of Russia</title>');
  });

  test('another locale\'s slug, or an answer with redirect, is a redirect to the locale\'s own slug', async () => {
    expect(await tourHead({ ...base, locale: 'de', slug: EN, fetch: answer(200, tour) })).toEqual({ kind: 'redirect', location: `/de/${DE}` });
    expect(await tourHead({ ...base, slug: 'old-text-1007', fetch: answer(200, { ...tour, redirect: `/${EN}` }) })).toEqual({ kind: 'redirect', location: `/en/${EN}` });
    expect(await tourHead({ ...base, locale: 'cn', slug: tour.slugs.cn, fetch: answer(200, tour) })).toMatchObject({ kind: 'ok' });
  });

  test('404s: a missing tour, a removed one (the page shows its variant), a malformed slug without a call', async () => {
    expect(await tourHead({ ...base, fetch: answer(404, { message: 'Not found' }) })).toEqual({ kind: 'not-found', removed: false });
    expect(await tourHead({ ...base, fetch: answer(404, { message: 'Not found', data: { reason: 'removed_from_publication', similar_tours: [] } }) })).toEqual({ kind: 'not-found', removed: true });
    const never = jest.fn();
    expect(await tourHead({ ...base, slug: 'Bad Slug-1', fetch: never as unknown as typeof fetch })).toEqual({ kind: 'not-found', removed: false });
    expect(never).not.toHaveBeenCalled();
  });

  test('an API that fails, limits the host or is slow cannot decide (503); a 200 it cannot read gives the generic head', async () => {
    expect(await tourHead({ ...base, fetch: answer(500, { message: 'Internal server error' }) })).toEqual({ kind: 'unavailable' });
    expect(await tourHead({ ...base, fetch: answer(429, { message: 'Too many requests' }) })).toEqual({ kind: 'unavailable' });
    expect(await tourHead({ ...base, fetch: answer(403, { message: 'Forbidden' }) })).toEqual({ kind: 'unavailable' });
    expect(await tourHead({ ...base, fetch: answer(200, { id: 1 }) })).toEqual({ kind: 'generic' });
    expect(await tourHead({ ...base, fetch: answer(410, { message: 'Gone' }) })).toEqual({ kind: 'not-found', removed: false });
    const hang = ((_u: string, init: RequestInit) => new Promise((_r, reject) => init.signal?.addEventListener('abort', () => reject(new Error('aborted'))))) as unknown as typeof fetch;
    expect(await tourHead({ ...base, timeoutMs: 30, fetch: hang })).toEqual({ kind: 'unavailable' });
    const refused = (async () => { throw new TypeError('fetch failed'); }) as unknown as typeof fetch;
    expect(await tourHead({ ...base, fetch: refused })).toEqual({ kind: 'unavailable' });
  });
});
