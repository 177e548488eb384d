import { contentLanguage } from './content-language';

describe('contentLanguage', () => {
  it.each([
    ['German page, English texts', { fallback_locale: 'en' }, 'de', 'en'],
    ['Russian page, English texts', { fallback_locale: 'en' }, 'ru', 'en'],
    ['German page, German texts (no fallback)', {}, 'de', null],
    ['English page (never a fallback)', { fallback_locale: 'en' }, 'en', null],
    ['null fallback', { fallback_locale: null }, 'de', null],
  ] as const)('%s', (_name, answer, locale, expected) => {
    expect(contentLanguage(answer, locale)).toBe(expected);
  });
});
