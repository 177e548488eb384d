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
    // The Chinese-region site offers en and cn only (issue 32).
    [{ pathname: '/de/visa', variant: 'china' as const }, { location: '/visa' }],
    [{ pathname: '/ru/visa', variant: 'china' as const }, { location: '/visa' }],
    [{ pathname: '/en/visa', variant: 'china' as const }, null],
    [{ pathname: '/', acceptLanguage: 'de,en;q=0.8', variant: 'china' as const }, { location: '/en', setCookie: 'en' }],
    [{ pathname: '/', cookieLocale: 'de', variant: 'china' as const }, null],
  ])('%j → %j', (input, expected) => {
    expect(decideLocaleRedirect({ ...base, ...input })).toEqual(expected);
  });
});
