/**
 * The calls of the layout's modals (callback, e-mail request, e-book, other countries' phones, region settings): a
 * module of their own, so their answer schemas load with the modals, not with every page (layout/api.ts).
 */
import { routeAtom } from '@tours/shared/core';
import { COOKIES, type HostContext } from '@tours/shared/contract';
import { helpRequestData } from '@tours/shared/kit';
import { ContactsAnswer, CountriesAnswer, SubmitHelpRequestAnswer } from '@tours/shared/api';
import { readCookie } from '../../state/cookies';
import { browser } from '../browser';
import { pageErrorAtom } from '../../routing/sync';
import { tourOfPage } from '../tour-of-page';

/** Every country's contacts, for the 'Other countries' modal. */
export function loadAllContacts(host: HostContext, countryId: number | undefined): Promise<ContactsAnswer> {
  return host.api.get('/spa/contacts', { schema: ContactsAnswer, query: { country_id: countryId, all: 1 } });
}

/** Countries for the region settings modal. */
export function loadCountries(host: HostContext): Promise<CountriesAnswer> {
  return host.api.get('/crm/api/dropdown/country', { schema: CountriesAnswer });
}

/** Help request types the layout sends (public-site §3.7). */
type LayoutHelpRequestType = 'phone_call_request' | 'common_help_by_email';

export interface HelpRequestFields {
  type: LayoutHelpRequestType;
  name?: string;
  phone?: string;
  email?: string;
  comment?: string;
  /** Where the form was opened from, e.g. 'support_popup'. */
  click_source?: string;
  /** The tour the page is about (set from the page when not given). */
  tour_id?: number;
}

/**
 * POST /spa/submit-help-request (§7.4): adds the visitor's timezone (hours from Moscow time), a
 * 'request from {url}' line in the comment, the referer, the stored utm_source and the page's tour. Callback requests
 * and e-mail requests use it (their own paths are not in the spec); the e-book has its own call (sheets/ebook-api.ts).
 */
export function submitHelpRequest(host: HostContext, fields: HelpRequestFields) {
  // Asked for on a tour's page, the request names the tour (issue 29: a callback had not said which tour it was about).
  const tourId = fields.tour_id ?? tourOfPage(host.store.get(routeAtom), host.store.get(pageErrorAtom));
  // The one builder of the site's help requests (shared with the common help card, @tours/shared/kit).
  const data = helpRequestData({ ...fields, ...(tourId ? { tour_id: tourId } : {}) }, { url: browser.currentUrl(), timezone: browser.moscowOffsetHours(), utmSource: readCookie(COOKIES.utmSource.name) });
  // Marked captcha in the spec (public-site §7.4): the invisible token goes with it when a provider is set.
  return host.api.post('/spa/submit-help-request', { data }, { schema: SubmitHelpRequestAnswer, captcha: true });
}
