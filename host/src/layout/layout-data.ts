import { DEFAULT_SITE_SETTINGS, countryAtom, siteSettingsAtom, type CurrentCountry } from '@tours/shared/core';
import type { HostStore } from '@tours/shared/contract';
import type { ContactsAnswer, InfoAnswer, SiteTokensAnswer, SocialLink, WorkTimeAnswer } from '@tours/shared/api';
import { contactsAtom, countryResolvedAtom, serverLayoutAtom, siteInfoAtom, socialLinksAtom, workTimeAtom } from './state';

/**
 * The layout's site data as the host server found it for this page (host/server/layout-data.ts), inlined in the
 * initial state: the header and footer paint with the visitor's country, phones and schedule, so nothing moves when
 * the page starts (issue 33), and the browser asks only for what is missing here.
 */
export interface LayoutData {
  siteTokens?: SiteTokensAnswer;
  socialLinks?: SocialLink[];
  info?: InfoAnswer;
  country?: CurrentCountry;
  /** Contacts and schedule for `country` (or for no country when it is unknown). */
  contacts?: ContactsAnswer;
  workTime?: WorkTimeAnswer;
}

/** How each piece enters the store: the same for the server's data and for the browser's own calls. */
export const putSiteTokens = (store: HostStore, tokens: SiteTokensAnswer) => store.set(siteSettingsAtom, { ...DEFAULT_SITE_SETTINGS, ...tokens });

/**
 * Fills the store with what the server inlined (the server render and the browser start from the same state), and
 * remembers what it was, so the page's start does not ask for it again (useLayoutData).
 */
export function applyLayoutData(store: HostStore, data: LayoutData): void {
  store.set(serverLayoutAtom, data);
  if (data.siteTokens) putSiteTokens(store, data.siteTokens);
  if (data.socialLinks) store.set(socialLinksAtom, data.socialLinks);
  if (data.info) store.set(siteInfoAtom, data.info);
  if (data.country) {
    store.set(countryAtom, data.country);
    store.set(countryResolvedAtom, true);
  }
  if (data.contacts) store.set(contactsAtom, data.contacts);
  if (data.workTime) store.set(workTimeAtom, data.workTime);
}

type StoredCountry = Omit<CurrentCountry, 'fromCookie'>;

/** The country cookie's value, JSON {id, name, iso_code} (§9 'Current country'); anything else is not ours. */
export function parseCountryCookie(raw: string | null | undefined): StoredCountry | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoredCountry>;
    if (typeof value.id === 'number' && typeof value.name === 'string' && typeof value.iso_code === 'string') {
      return { id: value.id, name: value.name, iso_code: value.iso_code };
    }
  } catch {
    /* not ours: ignored, the country is detected again */
  }
  return null;
}
