/**
 * The order of what the layout shows unasked on a visit (issue 17: a first visit was covered by four overlays at once:
 * the partnership bar, the location dropdown, the cookie alert and the support bubble).
 *
 * One unasked prompt at a time, the most useful first (the e-book sheet may join the cookie alert):
 * 1. the location dropdown ('You're browsing the website for {country}'), once the country is known and did not come
 *    from the cookie (it opens 500 ms after, §2.3): it decides the prices and contacts of every page;
 * 2. the cookie alert, once the location needs no answer (answered, not needed, or the country could not be found);
 * 3. the e-book sheet (after more than 3 route changes, §4.11), whether or not the cookie alert was answered: the two
 *    stand one above the other in the sheet stack (issue 29: waiting for 'Allow', the sheet never came to a visitor who
 *    left the alert alone, a promise of §4.11 broken). By then the visitor has read four pages: not a first screen.
 * The partnership bar is not an overlay but sits above the header: it is shown from the first page after the cookie
 * alert was answered (the server knows it from the cookie, so it never appears or vanishes under the reader's eyes).
 * The support bubble is always there: it is small and stands above the sheets (the sheet stack).
 */
export type FirstVisitPrompt = 'location' | 'cookies' | 'ebook';

export interface PromptState {
  /** The visitor's country is known or could not be found. */
  countryResolved: boolean;
  /** The location dropdown waits for an answer (about to open, or open). */
  locationAsking: boolean;
  /** The cookie alert has not been answered. */
  cookiesPending: boolean;
  /** The e-book sheet is due (enough route changes, not hidden before). */
  ebookDue: boolean;
}

/** The prompts that may show now, in the order above (none: an empty list). */
export function promptsToShow(state: PromptState): FirstVisitPrompt[] {
  if (state.locationAsking) return ['location'];
  const out: FirstVisitPrompt[] = [];
  if (state.cookiesPending && state.countryResolved) out.push('cookies');
  if (state.ebookDue) out.push('ebook');
  return out;
}

/** Whether the partnership bar belongs on this page: only once the cookie alert was answered (a returning visitor). */
export function showsPartnershipBar(cookiesAnswered: boolean, routeName: string | undefined): boolean {
  return cookiesAnswered && routeName !== 'partnership-page';
}
