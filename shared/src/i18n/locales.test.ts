import { availableLocales, localeFromAcceptLanguage } from './locales';

describe('locales', () => {
  test.each([
    ['de-DE,de;q=0.9,en;q=0.8', true, 'de'],
    ['en-GB,en;q=0.9', true, 'en'],
    ['zh-CN,zh;q=0.9', true, 'cn'],
    ['ru-RU,ru;q=0.9,en;q=0.5', true, 'ru'],
    ['ru-RU,ru;q=0.9,en;q=0.5', false, 'en'],
    ['fr-FR,fr;q=0.9', true, null],
    ['fr;q=0.9,de;q=0.95', true, 'de'],
    ['en;q=0', true, null],
    ['', true, null],
  ] as const)('%s (russian %s) → %s', (header, russian, expected) => {
    expect(localeFromAcceptLanguage(header, russian)).toBe(expected);
  });

  test('ru is offered only behind russianIsAvailable', () => {
    expect(availableLocales(false)).toEqual(['cn', 'en', 'de']);
    expect(availableLocales(true)).toEqual(['cn', 'en', 'de', 'ru']);
  });
});
