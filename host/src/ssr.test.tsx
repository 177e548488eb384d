/** @jest-environment node */
import { BASE_CONFIG } from '@tours/shared/contract';
import { testCatalogue } from '@tours/shared/src/testing';
import { renderShell } from './ssr';
import type { InitialState } from './state/initial';

const hero = { url: '/media/tours/3635-1/{{size}}/image.svg', alt: 'Svetlogorsk wellness retreat — 1' };
const state = (firstScreen?: InitialState['firstScreen']): InitialState => ({
  locale: 'en', messages: testCatalogue('en'), messagesVersion: '1', config: BASE_CONFIG, status: 200, ...(firstScreen ? { firstScreen } : {}),
});
const url = (pathname: string) => ({ pathname, search: '' });

describe('server render of the shell', () => {
  test("a tour page's first screen is its skeleton with the hero the server knows: the LCP element needs no JavaScript", () => {
    const html = renderShell(state({ path: '/svetlogorsk-wellness-retreat-3635', locale: 'en', tourHero: hero }), url('/en/svetlogorsk-wellness-retreat-3635'));
    const img = /<img class="tour-hero__img"[^>]*>/.exec(html)?.[0] ?? '';
    expect(img).toContain('src="/media/tours/3635-1/1080x00/image.svg"');
    expect(img).toContain('/media/tours/3635-1/480x00/image.svg 480w');
    expect(img).toContain(`alt="${hero.alt}"`);
    expect(img).toMatch(/fetchpriority="high"/i);
    expect(html).toContain('data-testid="tour-skeleton"');
  });

  test('the hero is only painted on the page it belongs to; other tour pages get the skeleton without it', () => {
    const other = renderShell(state({ path: '/svetlogorsk-wellness-retreat-3635', locale: 'en', tourHero: hero }), url('/en/another-tour-12'));
    expect(other).toContain('data-testid="tour-skeleton"');
    expect(other).not.toContain('tour-hero__img');
    const otherLocale = renderShell(state({ path: '/svetlogorsk-wellness-retreat-3635', locale: 'en', tourHero: hero }), url('/de/svetlogorsk-wellness-retreat-3635'));
    expect(otherLocale).not.toContain('tour-hero__img');
  });

  test("the main page's first screen is its title, from the catalogue, in the page's header: the LCP element needs no JavaScript", () => {
    const html = renderShell(state(), url('/en'));
    expect(html).toContain('data-testid="first-screen-main"');
    expect(html).toMatch(/<header class="ui-page-header"><h1 class="ui-page-title">Tours, excursions and cruises across Russia<\/h1><\/header>/);
    const de = renderShell({ ...state(), locale: 'de', messages: testCatalogue('de') }, url('/de'));
    expect(de).toContain('<h1 class="ui-page-title">Touren, Ausflüge und Kreuzfahrten in Russland</h1>');
  });

  test("the request page's first screen: its header and the summary with the tour's image the server knows", () => {
    const html = renderShell(state({ path: '/tour/3635/order', locale: 'en', tourImage: '/media/tours/3635-1/{{size}}/image.svg' }), url('/en/tour/3635/order'));
    expect(html).toContain('data-testid="first-screen-request"');
    expect(html).toContain('<h1 class="ui-page-title">Tour request</h1>');
    expect(html).toMatch(/<a[^>]*href="\/en"[^>]*>Home<\/a>/);
    const img = /<img class="host-first-screen__summary-image"[^>]*>/.exec(html)?.[0] ?? '';
    // The URL the page's summary asks for (CARD_IMAGE_SIZE), preloaded with the HTML: one download.
    expect(img).toContain('src="/media/tours/3635-1/400x400/image.svg"');
    expect(img).toContain('fetchpriority="high"');
    // Another tour's order page (a client-side visit): the summary's place without an image.
    const other = renderShell(state({ path: '/tour/3635/order', locale: 'en', tourImage: '/media/tours/3635-1/{{size}}/image.svg' }), url('/en/tour/12/order'));
    expect(other).toContain('data-testid="first-screen-request"');
    expect(other).not.toContain('<img class="host-first-screen__summary-image"');
  });

  test("the search page's first screen: its header and the first results' images in their cards; without them the generic skeleton", () => {
    const images = ['/media/tours/1-1/{{size}}/a.svg', '/media/tours/2-1/{{size}}/b.svg'];
    const html = renderShell(state({ path: '/tours', locale: 'en', cardImages: images }), url('/en/tours'));
    expect(html).toContain('data-testid="first-screen-search"');
    expect(html).toContain('<h1 class="ui-page-title">Search tours</h1>');
    const imgs = html.match(/<img src="\/media[^>]*>/g) ?? [];
    expect(imgs).toHaveLength(2);
    expect(imgs[0]).toContain('src="/media/tours/1-1/400x400/a.svg"');
    expect(imgs[0]).toContain('fetchpriority="high"');
    expect(imgs[1]).toContain('src="/media/tours/2-1/400x400/b.svg"');
    expect(imgs[1]).toContain('loading="lazy"');
    const place = renderShell(state({ path: '/baikal', locale: 'en', cardImages: images, placeName: 'Lake Baikal' }), url('/en/baikal'));
    expect(place).toContain('<h1 class="ui-page-title">Lake Baikal</h1>');
    const without = renderShell(state(), url('/en/tours'));
    expect(without).toContain('ui-page-skeleton');
    expect(without).not.toContain('first-screen-search');
  });

  test('other pages get the generic skeleton', () => {
    const html = renderShell(state(), url('/en/visa'));
    expect(html).toContain('ui-page-skeleton');
    expect(html).not.toContain('tour-skeleton');
  });
});
