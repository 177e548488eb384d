import { atom } from 'jotai';
import { BASE_CONFIG, type AppConfig } from '../config/app-config';
import { DEFAULT_LOCALE, type Locale } from '../i18n/locales';
import type { RouteMatch } from '../routing/match';
import type { Messages } from '../i18n/messages';

/**
 * Host-owned state. The host creates the one jotai store and writes these atoms; microfrontends read them
 * through the store they receive in the contract, and change them only through the action atoms below.
 */
export const localeAtom = atom<Locale>(DEFAULT_LOCALE);
export const messagesAtom = atom<Messages>({});
export const appConfigAtom = atom<AppConfig>(BASE_CONFIG);
export const currencyAtom = atom<string>(BASE_CONFIG.defaultCurrency);
export const routeAtom = atom<RouteMatch | null>(null);
/** Query of the current URL, kept in step with the route. */
export const queryAtom = atom<Record<string, string | string[]>>({});

export interface SessionProfile {
  id: number;
  first_name: string;
  last_name: string;
  email?: string | null;
  phone?: string | null;
  is_email_set?: boolean;
  currency?: string | null;
  /** The profile photo (update-profile-photo), when there is one. */
  avatar_url?: string | null;
}
export interface Session { token: string; profile: SessionProfile }
export const sessionAtom = atom<Session | null>(null);

/**
 * Whether internet calls work now and to whom (GET /crm/api/phone-code/web-call-settings, fetched by the host for a
 * signed-in traveller); null: not known. The host writes it; the layout's 'Call via internet' and a chat's call button
 * read it (with the site's webCalls settings).
 */
export interface WebCallsNow { available: boolean; can_call_to_support: boolean; can_call_to_organizer: boolean }
export const webCallsAtom = atom<WebCallsNow | null>(null);

/** Site settings of §3.8 'Site settings (fetched)'; defaults stay when the call fails (§8). */
export interface SiteSettings {
  captcha_provider: string | null;
  captcha_key: string | null;
  hard_captcha_key: string | null;
  invisible_captcha_provider: string | null;
  invisible_captcha_key: string | null;
  maps_provider: string | null;
  maps_token: string | null;
  maps_suggest_token: string | null;
  send_tour_program_in_pdf_via_whatsapp: boolean;
  main_auth_method: 1 | 2;
}
export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  captcha_provider: null,
  captcha_key: null,
  hard_captcha_key: null,
  invisible_captcha_provider: null,
  invisible_captcha_key: null,
  maps_provider: null,
  maps_token: null,
  maps_suggest_token: null,
  send_tour_program_in_pdf_via_whatsapp: false,
  main_auth_method: 1,
};
export const siteSettingsAtom = atom<SiteSettings>(DEFAULT_SITE_SETTINGS);

export interface CurrentCountry { id: number; name: string; iso_code: string; fromCookie: boolean }
export const countryAtom = atom<CurrentCountry | null>(null);

/** Favourite tour ids, kept on the device (§9). The host persists them. */
export const favouritesAtom = atom<number[]>([]);
export const toggleFavouriteAtom = atom(null, (get, set, tourId: number) => {
  const current = get(favouritesAtom);
  set(favouritesAtom, current.includes(tourId) ? current.filter((id) => id !== tourId) : [...current, tourId]);
});

/**
 * Sign-in's way into the session (mfe-account): the token and profile, and the favourites now kept in the account
 * (the device's were sent with the sign-in and merged there). The host persists the session and shares it with
 * other tabs.
 */
export const signInAtom = atom(null, (_get, set, signedIn: Session & { favourites?: number[] }) => {
  set(sessionAtom, { token: signedIn.token, profile: signedIn.profile });
  if (signedIn.favourites) set(favouritesAtom, [...new Set(signedIn.favourites)]);
});
/** Ends the session on this device (and, through the host, in its other tabs). */
export const signOutAtom = atom(null, (_get, set) => set(sessionAtom, null));

/** Tour selection mode (§4.9): active while a tour-selection token is stored. */
export const tourSelectionTokenAtom = atom<string | null>(null);
export const tourSelectionItemsAtom = atom<number[]>([]);
