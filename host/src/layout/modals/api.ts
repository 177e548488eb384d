/**
 * The calls of the layout's modals (callback, e-mail request, e-book, other countries' phones, region settings): a
 * module of their own, so their answer schemas load with the modals, not with every page (layout/api.ts).
 */
import { COOKIES, type HostContext } from '@tours/shared/contract';
import { helpRequestData } from '@tours/shared/kit';
import { ContactsAnswer, CountriesAnswer, SubmitHelpRequestAnswer } from '@tours/shared/api';
import { readCookie } from '../../state/cookies';
import { browser } from '../browser';

/** Every country's contacts, for the 'Other countries' modal. */
export function loadAllContacts(host: HostContext, countryId: number | undefined): Promise<ContactsAnswer> {
  return host.api.get('/spa/contacts', { schema: ContactsAnswer, query: { country_id: countryId, all: 1 } });
}

/** Countries for the region settings modal. */
export function loadCountries(host: HostContext): Promise<CountriesAnswer> {
  return host.api.get('/crm/api/dropdown/country', { schema: CountriesAnswer });
}

/** Help request types the layout sends (public-site §3.7). */
export type LayoutHelpRequestType = 'phone_call_request' | 'common_help_by_email';

export interface HelpRequestFields {
  type: LayoutHelpRequestType;
  name?: string;
  phone?: string;
  email?: string;
  comment?: string;
  /** Where the form was opened from, e.g. 'support_popup'. */
  click_source?: string;
}

/**
 * POST /spa/submit-help-request (§7.4): adds the visitor's timezone (hours from Moscow time), a
 * 'request from {url}' line in the comment, the referer and the stored utm_source. Callback requests,
 * e-mail requests and the e-book subscription all use it (their own paths are not in the spec).
 */
export function submitHelpRequest(host: HostContext, fields: HelpRequestFields) {
  // The one builder of the site's help requests (shared with the common help card, @tours/shared/kit).
  const data = helpRequestData(fields, { url: browser.currentUrl(), timezone: browser.moscowOffsetHours(), utmSource: readCookie(COOKIES.utmSource.name) });
  // Marked captcha in the spec (public-site §7.4): the invisible token goes with it when a provider is set.
  return host.api.post('/spa/submit-help-request', { data }, { schema: SubmitHelpRequestAnswer, captcha: true });
}
