import { decideLocaleRedirect } from './locale-redirect';

const base = { search: '', cookieLocale: undefined, acceptLanguage: undefined, russianIsAvailable: true };

describe('locale redirects (302, §2.1)', () => {
  test.each([
    [{ pathname: '/', acceptLanguage: 'de-DE,de;q=0.9' }, { location: '/de', setCookie: 'de' }],
    [{ pathname: '/', acceptLanguage: 'en-US', search: '?utm_source=x' }, { location: '/en?utm_source=x', setCookie: 'en' }],
    [{ pathname: '/', acceptLanguage: 'zh-CN' }, null],
    [{ pathname: '/', acceptLanguage: 'fr' }, null],
    [{ pathname: '/', cookieLocale: 'en', acceptLanguage: 'de' }, { location: '/en' }],
    [{ pathname: '/', cookieLocale: 'cn', acceptLanguage: 'de' }, null],
    [{ pathname: '/', cookieLocale: 'ru', acceptLanguage: 'de', russianIsAvailable: false }, { location: '/de', setCookie: 'de' }],
    [{ pathname: '/visa', acceptLanguage: 'de' }, null],
    [{ pathname: '/cn/visa' }, { location: '/visa' }],
    [{ pathname: '/cn' }, { location: '/' }],
    [{ pathname: '/ru/visa', russianIsAvailable: false }, { location: '/visa' }],
    [{ pathname: '/ru/visa' }, null],
  ])('%j → %j', (input, expected) => {
    expect(decideLocaleRedirect({ ...base, ...input })).toEqual(expected);
  });
});
