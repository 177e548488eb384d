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
    expect(img).toMatch(/fetchPriority="high"/i);
    expect(html).toContain('data-testid="tour-skeleton"');
  });

  test('the hero is only painted on the page it belongs to; other tour pages get the skeleton without it', () => {
    const other = renderShell(state({ path: '/svetlogorsk-wellness-retreat-3635', locale: 'en', tourHero: hero }), url('/en/another-tour-12'));
    expect(other).toContain('data-testid="tour-skeleton"');
    expect(other).not.toContain('tour-hero__img');
    const otherLocale = renderShell(state({ path: '/svetlogorsk-wellness-retreat-3635', locale: 'en', tourHero: hero }), url('/de/svetlogorsk-wellness-retreat-3635'));
    expect(otherLocale).not.toContain('tour-hero__img');
  });

  test('other pages get the generic skeleton', () => {
    const html = renderShell(state(), url('/en/visa'));
    expect(html).toContain('ui-page-skeleton');
    expect(html).not.toContain('tour-skeleton');
  });
});
