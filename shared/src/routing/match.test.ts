import { buildHref, buildPath, matchRoute, parseQuery, splitLocale, switchLocalePath } from './match';
import { DEFAULT_SEARCH_SLUGS, isDefaultSearchSlug } from './search-slugs';

const ru = { russianIsAvailable: true };
const noRu = { russianIsAvailable: false };

describe('matchRoute', () => {
  test.each([
    ['/', 'index', 'cn', {}],
    ['/en', 'index', 'en', {}],
    ['/de/', 'index', 'de', {}],
    ['/en/altai-jeep-tour-1234', 'tour-page', 'en', { slug: 'altai-jeep-tour-1234' }],
    ['/en/altai', 'tours', 'en', { slug: 'altai' }],
    ['/lvyou', 'tours', 'cn', { slug: 'lvyou' }],
    ['/en/order/5b1c/individual-tour', 'individual-tour-page', 'en', { uuid: '5b1c' }],
    ['/en/order/77/add-tourists', 'add-tourists', 'en', { id: '77' }],
    ['/en/tour/15/order', 'request-page', 'en', { id: '15' }],
    ['/en/arrival/abc', 'arrival-page', 'en', { uuid: 'abc' }],
    ['/en/meet', 'meet', 'en', {}],
    ['/en/for-agencies', 'partnership-page', 'en', {}],
    ['/duiyu-lvxingshe', 'partnership-page', 'cn', {}],
    ['/de/fur-agenturen', 'partnership-page', 'de', {}],
    ['/qianzheng', 'visa-page', 'cn', {}],
    ['/de/visum', 'visa-page', 'de', {}],
    ['/en/agreement', 'agreement', 'en', { version: '' }],
    ['/en/agreement/2024/v2', 'agreement', 'en', { version: '2024/v2' }],
    ['/xieyi/3', 'agreement', 'cn', { version: '3' }],
    ['/de/datenschutzrichtlinie', 'privacy', 'de', { version: '' }],
    ['/de/cookie-richtlinie', 'cookies', 'de', {}],
    ['/luxian', 'destinations', 'cn', {}],
    ['/de/fragen-und-antworten', 'faq', 'de', {}],
    ['/xinwen', 'press', 'cn', {}],
    ['/boke', 'blog-index', 'cn', { slug: '' }],
    ['/en/blog/altai', 'blog-index', 'en', { slug: 'altai' }],
    ['/en/blog/winter-in-karelia-12', 'blog-article-id', 'en', { slug: 'winter-in-karelia-12' }],
    ['/de/reiseblog/karelien-3', 'blog-article-id', 'de', { slug: 'karelien-3' }],
    ['/en/reviews', 'reviews-index', 'en', {}],
    ['/en/reviews/altai', 'reviews-index', 'en', { region: 'altai' }],
    ['/pinglun/a/b', 'reviews-index', 'cn', { region: 'a/b' }],
    ['/de/kundenbewertungen', 'reviews-index', 'de', {}],
    ['/ru/visa', 'visa-page', 'ru', {}],
  ])('%s → %s (%s)', (path, name, locale, params) => {
    const m = matchRoute(path, ru);
    expect(m?.name).toBe(name);
    expect(m?.locale).toBe(locale);
    expect(m?.params).toEqual(params);
  });

  test.each([['/en/order/x/y/z'], ['/en/a/b'], ['/en/tour/1/order/extra']])('%s is unmatched', (path) => {
    expect(matchRoute(path, ru)).toBeNull();
  });

  test('ru exists only behind russianIsAvailable', () => {
    expect(matchRoute('/ru/visa', noRu)).toBeNull();
    expect(matchRoute('/ru/visa', ru)?.locale).toBe('ru');
  });

  test('the English path does not match under the German prefix when a German path exists', () => {
    expect(matchRoute('/de/visa', ru)?.name).toBe('tours');
  });
});

describe('buildPath and switchLocalePath', () => {
  test.each([
    ['visa-page', {}, 'cn', '/qianzheng'],
    ['visa-page', {}, 'en', '/en/visa'],
    ['visa-page', {}, 'de', '/de/visum'],
    ['visa-page', {}, 'ru', '/ru/visa'],
    ['index', {}, 'cn', '/'],
    ['index', {}, 'de', '/de'],
    ['tour-page', { slug: 'altai-1' }, 'en', '/en/altai-1'],
    ['reviews-index', {}, 'en', '/en/reviews'],
    ['agreement', { version: '2024/v2' }, 'de', '/de/vereinbarung/2024/v2'],
    ['chat-index', { id: 5 }, 'en', '/en/chat/5'],
  ] as const)('%s %j in %s → %s', (name, params, locale, expected) => {
    expect(buildPath(name, params, locale)).toBe(expected);
  });

  test('a required parameter must be given', () => {
    expect(() => buildPath('tour-page', {}, 'en')).toThrow(/slug/);
  });

  test('switches a localized page to its path in another locale', () => {
    const m = matchRoute('/de/kontakt', ru)!;
    expect(switchLocalePath(m, 'cn')).toBe('/lianxi-fangshi');
    expect(switchLocalePath(m, 'en')).toBe('/en/contacts');
  });

  test('splitLocale never treats cn as a prefix', () => {
    expect(splitLocale('/cn/visa', true)).toEqual({ locale: 'cn', path: '/cn/visa', unavailableLocale: false });
  });
});

describe('buildHref and parseQuery (the host context and the store)', () => {
  test('adds the query, leaving out undefined and empty values', () => {
    expect(buildHref('tours', { slug: 'tours' }, 'en', { query: 'baikal lake', page: 2, sort: undefined, empty: '' })).toBe('/en/tours?query=baikal+lake&page=2');
    expect(buildHref('visa-page', {}, 'de', {})).toBe('/de/visum');
    expect(buildHref('index', {}, 'cn')).toBe('/');
  });

  test('keeps a repeated key as a list', () => {
    expect(parseQuery('?regions=1&regions=2&page=3')).toEqual({ regions: ['1', '2'], page: '3' });
    expect(parseQuery('')).toEqual({});
  });
});

describe('default search slugs (§2.2): one table', () => {
  test('one slug per locale, each a search page of its locale', () => {
    expect(DEFAULT_SEARCH_SLUGS).toEqual({ cn: 'lvyou', en: 'tours', de: 'touren', ru: 'tury' });
    for (const [locale, slug] of Object.entries(DEFAULT_SEARCH_SLUGS)) {
      const m = matchRoute(buildPath('tours', { slug }, locale as keyof typeof DEFAULT_SEARCH_SLUGS), ru);
      expect(m).toMatchObject({ name: 'tours', locale, params: { slug } });
    }
  });

  test('isDefaultSearchSlug knows every locale\'s slug and nothing else', () => {
    expect(['tours', 'lvyou', 'touren', 'tury'].every(isDefaultSearchSlug)).toBe(true);
    expect(isDefaultSearchSlug('altai')).toBe(false);
    expect(isDefaultSearchSlug('')).toBe(false);
  });
});
