import { promptToShow, showsPartnershipBar, type PromptState } from './first-visit';

const base: PromptState = { countryResolved: true, locationAsking: false, cookiesPending: false, ebookDue: false };

describe('promptToShow: one unasked prompt at a time', () => {
  test.each<[string, Partial<PromptState>, ReturnType<typeof promptToShow>]>([
    ['nothing pending', {}, null],
    ['the location first, the cookie alert waits', { locationAsking: true, cookiesPending: true }, 'location'],
    ['the location before a due e-book sheet', { locationAsking: true, ebookDue: true }, 'location'],
    ['the cookie alert once the location is answered', { cookiesPending: true }, 'cookies'],
    ['the cookie alert waits while the country is being found (the dropdown may still come)', { countryResolved: false, cookiesPending: true }, null],
    ['the cookie alert before the e-book sheet', { cookiesPending: true, ebookDue: true }, 'cookies'],
    ['the e-book sheet once the cookie alert is answered', { ebookDue: true }, 'ebook'],
  ])('%s', (_name, state, expected) => {
    expect(promptToShow({ ...base, ...state })).toBe(expected);
  });
});

describe('showsPartnershipBar', () => {
  test.each<[boolean, string | undefined, boolean]>([
    [false, 'index', false],
    [true, 'index', true],
    [true, 'partnership-page', false],
    [true, undefined, true],
  ])('cookies answered %s on %s → %s', (answered, route, expected) => {
    expect(showsPartnershipBar(answered, route)).toBe(expected);
  });
});
