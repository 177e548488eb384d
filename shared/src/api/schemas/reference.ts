/**
 * Reference and site data calls (public-site §7.5, §3.6, §3.8).
 */
import { type Infer, array, boolean, enums, integer, string, type } from 'superstruct';
import { MESSENGERS, PHONE_TYPES, nul, opt, queryBool, queryId, queryToken, withMeta } from './common';

// The price conversion and the site's statistics live in ./price-and-info.ts (issue 33: a chunk takes a schema file
// whole, with every schema the build uses of it; the search page needs these two, not the info pages' contacts).
export { ConvertPriceAnswer, ConvertPriceQuery, InfoAnswer } from './price-and-info';

// GET /spa/site-tokens --------------------------------------------------------

/** Site settings (fetched), public-site §3.8 and accounts-and-comms §3 'Captcha configuration'. */
export const SiteTokensAnswer = type({
  captcha_provider: string(),
  captcha_key: string(),
  hard_captcha_key: string(),
  invisible_captcha_provider: string(),
  invisible_captcha_key: string(),
  maps_provider: enums(['yandex']),
  maps_token: string(),
  maps_suggest_token: string(),
  send_tour_program_in_pdf_via_whatsapp: boolean(),
  /** 1 phone (default), 2 e-mail. */
  main_auth_method: enums([1, 2]),
});
export type SiteTokensAnswer = Infer<typeof SiteTokensAnswer>;

// Countries -------------------------------------------------------------------

export const CountryRef = type({ id: integer(), name: string(), iso_code: string() });
export type CountryRef = Infer<typeof CountryRef>;

/** A country of the phone input / dropdown (public-site §3.6). iso_code is 2-letter, iso3 the 3-letter code. */
export const CountryItem = type({
  id: integer(),
  name: string(),
  iso_code: string(),
  iso3: string(),
  phone_code: string(),
  is_primary: boolean(),
});
export type CountryItem = Infer<typeof CountryItem>;

/** GET /crm/api/dropdown/country: every country, localized, primary ones first. Russia is id 1. */
export const CountriesAnswer = array(CountryItem);
export type CountriesAnswer = Infer<typeof CountriesAnswer>;

/** GET /spa/country-by-ip: the visitor's country (the configured default for loopback/unknown addresses). */
export const CountryByIpAnswer = type({
  result: type({ id: integer(), name: string(), iso_code: string(), phone_code: string() }),
});
export type CountryByIpAnswer = Infer<typeof CountryByIpAnswer>;

// GET /spa/contacts -----------------------------------------------------------

export const ContactsQuery = type({
  city_id: opt(queryId('City the visitor looks at; a local phone is preferred')),
  country_id: opt(queryId('Visitor country; a local phone is preferred')),
  all: opt(queryBool("1: also list every country's contacts (the 'Other countries' modal)")),
});
export type ContactsQuery = Infer<typeof ContactsQuery>;

export const PhoneEntity = type({ id: integer(), kind: enums(['country', 'city']) });

/** A phone contact: type main/additional, the entity it belongs to (none for the global phone), label text. */
export const PhoneContact = type({
  type: enums(PHONE_TYPES),
  entity: nul(PhoneEntity),
  phone: string(),
  formatted_phone: string(),
  text: string(),
});
export type PhoneContact = Infer<typeof PhoneContact>;

export const PhoneMain = type({ phone: string(), formatted_phone: string() });

export const CountryContacts = type({
  country: CountryRef,
  email: string(),
  phones: array(PhoneContact),
  phoneMain: PhoneMain,
});
export type CountryContacts = Infer<typeof CountryContacts>;

export const ContactsAnswer = type({
  email: string(),
  phones: array(PhoneContact),
  has_other_phones: boolean(),
  phoneMain: PhoneMain,
  /** The country the contacts were chosen for, null for the global contacts. */
  country: nul(CountryRef),
  /** Only with all=1: contacts of every country that has its own phones. */
  all: opt(array(CountryContacts)),
});
export type ContactsAnswer = Infer<typeof ContactsAnswer>;

// GET /spa/work-time ----------------------------------------------------------

export const WorkTimeQuery = type({
  city_id: opt(queryId()),
  country_id: opt(queryId()),
});
export type WorkTimeQuery = Infer<typeof WorkTimeQuery>;

const HHMM = withMeta(string(), { pattern: '^\\d{2}:\\d{2}$', example: '09:00' });
export const TimeRange = type({ start: HHMM, end: HHMM });

/** Coordinator schedule, always given in GMT+3 (public-site §2.3, §9). */
export const WorkTimeAnswer = type({
  weekdays: TimeRange,
  weekend: TimeRange,
  /** Timezone abbreviation, e.g. 'MSK'. */
  timezone: string(),
  /** UTC offset of the schedule, e.g. '+03:00'. */
  utc_offset: string(),
  /** UTC offset in minutes (180 for GMT+3). */
  utc_offset_minutes: integer(),
});
export type WorkTimeAnswer = Infer<typeof WorkTimeAnswer>;

// GET /spa/groups-in-social-network -------------------------------------------

export const SocialLink = type({ id: integer(), source: string(), url_to_group: string() });
export type SocialLink = Infer<typeof SocialLink>;
export const SocialLinksAnswer = array(SocialLink);
export type SocialLinksAnswer = Infer<typeof SocialLinksAnswer>;

// GET /spa/chat-sources-list --------------------------------------------------

export const ChatSourcesQuery = type({
  client_id: opt(queryToken()),
  request_id: opt(queryToken()),
  subscriber_id: opt(queryToken()),
  webinar_id: opt(queryToken()),
});
export type ChatSourcesQuery = Infer<typeof ChatSourcesQuery>;

/** A map messenger → URL; keys telegram, vk, ok, whatsapp, viber, facebook, instagram. */
export const ChatSourcesAnswer = type(
  Object.fromEntries(MESSENGERS.map((m) => [m, string()])) as Record<(typeof MESSENGERS)[number], ReturnType<typeof string>>,
);
export type ChatSourcesAnswer = Infer<typeof ChatSourcesAnswer>;

// GET /spa/info, GET /spa/search-form -----------------------------------------


export const SearchFormItem = type({ id: integer(), name: string(), slug: string(), tours_count: integer() });
export type SearchFormItem = Infer<typeof SearchFormItem>;

/** Regions and travel styles (rest kinds) that have published tours, most tours first. */
export const SearchFormAnswer = type({ regions: array(SearchFormItem), types: array(SearchFormItem) });
export type SearchFormAnswer = Infer<typeof SearchFormAnswer>;
