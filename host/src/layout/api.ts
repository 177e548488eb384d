import { startTransition } from 'react';
import {
  COOKIES, ChatSourcesAnswer, ContactsAnswer, CountriesAnswer, CountryByIpAnswer, DEFAULT_SITE_SETTINGS, InfoAnswer, SiteTokensAnswer,
  SocialLinksAnswer, SubmitHelpRequestAnswer, WorkTimeAnswer, countryAtom, sessionAtom, siteSettingsAtom,
  type HostContext,
} from '@tours/shared';
import { readCookie } from '../state/cookies';
import { browser } from './browser';
import { logLoadFailure } from './log';
import { chatSourcesAtom, contactsAtom, countryResolvedAtom, siteInfoAtom, socialLinksAtom, workTimeAtom } from './state';
import { readCountryCookie } from './location/country-cookie';

/**
 * The layout's data arrives while the page is still starting: its re-render is a transition, so React paints
 * it in slices around the page's own work instead of one long task (the store itself is updated at once).
 */
const later = (update: () => void) => startTransition(update);

/** Site tokens, social links and site statistics: loaded once per page (public-site §7.5). */
export async function loadSiteData(host: HostContext): Promise<void> {
  const { api, store } = host;
  await Promise.all([
    api
      .get('/spa/site-tokens', { schema: SiteTokensAnswer })
      .then((tokens) => later(() => store.set(siteSettingsAtom, { ...DEFAULT_SITE_SETTINGS, ...tokens })))
      .catch((e) => logLoadFailure('site tokens', e)),
    api
      .get('/spa/groups-in-social-network', { schema: SocialLinksAnswer })
      .then((links) => later(() => store.set(socialLinksAtom, links)))
      .catch((e) => logLoadFailure('social links', e)),
    // Site statistics are counted over the base site (X-Localization 1, §7.5).
    api
      .get('/spa/info', { schema: InfoAnswer, headers: { 'X-Localization': '1' } })
      .then((info) => later(() => store.set(siteInfoAtom, info)))
      .catch((e) => logLoadFailure('site statistics', e)),
  ]);
}

/** Messenger links for the visitor: tied to the client, last request and subscriber when known. */
export async function loadChatSources(host: HostContext): Promise<void> {
  const { api, store } = host;
  const clientId = store.get(sessionAtom)?.profile.id;
  try {
    const sources = await api.get('/spa/chat-sources-list', {
      schema: ChatSourcesAnswer,
      query: {
        client_id: clientId,
        request_id: readCookie(COOKIES.lastRequestId.name) ?? undefined,
        subscriber_id: readCookie(COOKIES.subscriberId.name) ?? undefined,
      },
    });
    later(() => store.set(chatSourcesAtom, sources));
  } catch (e) {
    logLoadFailure('messenger links', e);
  }
}

/**
 * The visitor's country: kept in the store when something set it already, else from the cookie
 * (fromCookie: true), else detected from the IP (fromCookie: false, so the location dropdown asks).
 */
export async function resolveCountry(host: HostContext): Promise<void> {
  const { api, store } = host;
  try {
    if (store.get(countryAtom)) return;
    const fromCookie = readCountryCookie();
    if (fromCookie) {
      store.set(countryAtom, { ...fromCookie, fromCookie: true });
      return;
    }
    const { result } = await api.get('/spa/country-by-ip', { schema: CountryByIpAnswer });
    if (!store.get(countryAtom)) store.set(countryAtom, { id: result.id, name: result.name, iso_code: result.iso_code, fromCookie: false });
  } catch (e) {
    logLoadFailure('visitor country', e);
  } finally {
    store.set(countryResolvedAtom, true);
  }
}

/** Contacts and support schedule for the visitor's country (a local phone is preferred, §2.3). */
export async function loadContacts(host: HostContext, countryId: number | undefined): Promise<void> {
  const { api, store } = host;
  const query = { country_id: countryId };
  await Promise.all([
    api
      .get('/spa/contacts', { schema: ContactsAnswer, query, kind: 'layout-contacts' })
      .then((contacts) => later(() => store.set(contactsAtom, contacts)))
      .catch((e) => logLoadFailure('contacts', e)),
    api
      .get('/spa/work-time', { schema: WorkTimeAnswer, query, kind: 'layout-work-time' })
      .then((time) => later(() => store.set(workTimeAtom, time)))
      .catch((e) => logLoadFailure('support schedule', e)),
  ]);
}

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
  const url = browser.currentUrl();
  const comment = [fields.comment?.trim(), `request from ${url}`].filter(Boolean).join('\n');
  const data = {
    ...fields,
    comment,
    timezone: browser.moscowOffsetHours(),
    referer: url,
    utm_source: readCookie(COOKIES.utmSource.name) ?? undefined,
    agree: true,
  };
  return host.api.post('/spa/submit-help-request', { data }, { schema: SubmitHelpRequestAnswer });
}
