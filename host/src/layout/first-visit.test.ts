import { promptsToShow, showsPartnershipBar, type PromptState } from './first-visit';

const base: PromptState = { countryResolved: true, locationAsking: false, cookiesPending: false, ebookDue: false };

describe('promptsToShow: one unasked prompt at a time; the e-book sheet may join the cookie alert', () => {
  test.each<[string, Partial<PromptState>, ReturnType<typeof promptsToShow>]>([
    ['nothing pending', {}, []],
    ['the location first, the cookie alert waits', { locationAsking: true, cookiesPending: true }, ['location']],
    ['the location before a due e-book sheet', { locationAsking: true, ebookDue: true }, ['location']],
    ['the cookie alert once the location is answered', { cookiesPending: true }, ['cookies']],
    ['the cookie alert waits while the country is being found (the dropdown may still come)', { countryResolved: false, cookiesPending: true }, []],
    // Issue 29: the due e-book sheet had waited for 'Allow' (never, for a visitor who leaves the alert alone).
    ['a due e-book sheet beside a waiting cookie alert, stacked above it', { cookiesPending: true, ebookDue: true }, ['cookies', 'ebook']],
    ['the e-book sheet once the cookie alert is answered', { ebookDue: true }, ['ebook']],
  ])('%s', (_name, state, expected) => {
    expect(promptsToShow({ ...base, ...state })).toEqual(expected);
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
