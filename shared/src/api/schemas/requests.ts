/**
 * Help requests (public-site §3.7, §7.4): POST /spa/submit-help-request with `{ data: {form fields, timezone} }`.
 * The answer carries the new request's id.
 *
 * Besides the §3.7 fields the product adds (§7.4): `timezone` (hours from Moscow time, −15…+11), a
 * 'request from {url}' line in `comment`, `referer` (the page URL) and the stored `utm_source`. Partner
 * widgets also send `partner_id` (and `utm_campaign` / `utm_content` when the partner set them); the server
 * stores where the request came from (`source`: 'partner_widget' when a partner id or click_source
 * 'partner_widget' came with it, else 'site') and the calling Origin.
 */
import { type Infer, boolean, enums, integer, refine, string, type } from 'superstruct';
import { bodyEmail as email, bodyId, bodyPhone as phone, bodyText as text, coerceIf, dflt, isStringOrNumber, opt, queryString, withMeta } from './common';

/** Help request types of §3.7. */
export const HELP_REQUEST_TYPES = [
  'learn_more', 'corp_tour_request', 'subsidies', 'quarantine_refund', 'individual_tour', 'phone_call_request', 'city_calculate',
  'common_help', 'add_email_to_request', 'certificate', 'cashback', 'organizer_request', 'without_prepayment', 'forecast_request',
  'common_help_by_email', 'add_phone_and_tourist_name_to_request', 'future_year_tours_request',
] as const;
export type HelpRequestType = (typeof HELP_REQUEST_TYPES)[number];

/** Where a help request was sent from. */
export const HELP_REQUEST_SOURCES = ['site', 'partner_widget'] as const;
export type HelpRequestSource = (typeof HELP_REQUEST_SOURCES)[number];

/** A partner id (the `partner` attribute of the widgets, sent as utm_source): letters, digits, '.', '_' and '-'. */
export const PARTNER_ID_RE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** Moscow-time offsets of §7.4 / §9. */
export const TIMEZONE_MIN = -15;
export const TIMEZONE_MAX = 11;

/** An id or a short token, sent as a number or a string; kept as text. */
const idOrText = (max: number, description: string) =>
  withMeta(coerceIf(queryString(max), isStringOrNumber, (v) => String(v).trim()), { maxLength: max, description });

const count = (min: number, max: number) =>
  withMeta(refine(integer(), 'range', (v) => (v < min ? `Minimum ${min}` : v > max ? `Maximum ${max}` : true)), { minimum: min, maximum: max });

export const dateText = withMeta(queryString(10, { pattern: /^(\d{4}-\d{2}-\d{2})?$/ }), { description: 'YYYY-MM-DD', maxLength: 10 });
/** A start time of day: 'HH:MM', 24-hour (the cost calculation's, an excursion order's). */
export const startTime = queryString(5, { pattern: /^(([01]\d|2[0-3]):[0-5]\d)?$/, description: 'HH:MM, 24-hour' });

/**
 * The client's idempotency key of a submit (header `Idempotency-Key`, or `data.idempotency_key` where a header cannot
 * be set): 8–128 of letters, digits, '.', '_', ':' and '-' (a UUID is the usual one). The same key answers the same
 * request, whatever happens to the network, the server or a double click.
 */
export const IDEMPOTENCY_KEY_RE = /^[A-Za-z0-9._:-]{8,128}$/;
export const idempotencyKey = withMeta(queryString(128, { pattern: IDEMPOTENCY_KEY_RE }), {
  description: 'Idempotency key of this submit (also the Idempotency-Key header): a resend with the same key answers the same request',
});

/** A request's random UUID, lower case (the link's secret: arrival page, add tourists). */
export const REQUEST_UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const requestUuid = (description: string) => withMeta(queryString(36, { min: 1, pattern: REQUEST_UUID_RE }), { description });

/** The form fields (`data`) of a help request (§3.7) plus the attribution the product and the widgets add. */
export const HelpRequestData = type({
  type: withMeta(enums(HELP_REQUEST_TYPES), { description: 'Help request type (§3.7)' }),
  tour_id: opt(bodyId('A tour (it must exist)')),
  /** The private tour payload of §3.7 names the tour `tour`; the same as tour_id (both given, they must agree). */
  tour: opt(bodyId('The tour of a private tour request (§3.7; the same as tour_id)')),
  /** Private tour (§3.7): true. */
  individual: opt(boolean()),
  /** Private tour dates (§3.7): 'YYYYMMDD-YYYYMMDD'. */
  individual_dates: opt(withMeta(queryString(17, { pattern: /^(\d{8}-\d{8})?$/ }), { description: "Private tour dates 'YYYYMMDD-YYYYMMDD' (§3.7)", maxLength: 17 })),
  city: opt(idOrText(200, 'City (id or name)')),
  dates: opt(idOrText(40, "Date variant id, 'individual' or 'select_individual'")),
  name: opt(text(100)),
  first_name: opt(text(100)),
  last_name: opt(text(100)),
  phone: opt(phone),
  email: opt(email),
  comment: opt(text(3000, undefined, true)),
  adults: dflt(count(0, 100), 1),
  children: dflt(count(0, 100), 0),
  timezone: opt(withMeta(count(TIMEZONE_MIN, TIMEZONE_MAX), { description: 'Hours from Moscow time (−15…+11, §7.4)' })),
  agree: dflt(boolean(), true),
  is_travel_by_avia: opt(boolean()),
  is_travel_by_train: opt(boolean()),
  request_id_to_update: opt(bodyId('A request sent before (its request_id; it must exist, and requestUUID must be its uuid)')),
  /** The uuid of the request named by request_id_to_update (the id alone is a guessable number: it is not enough). */
  requestUUID: opt(requestUuid('The uuid of the request to update (required with request_id_to_update; alone, it names the request)')),
  idempotency_key: opt(idempotencyKey),
  organizer_id: opt(bodyId('An organizer (it must exist)')),
  utm_source: opt(text(100)),
  utm_campaign: opt(text(100)),
  utm_content: opt(text(100)),
  referer: opt(text(2000, 'The page the request was sent from (defaults to the current URL, §7.4)')),
  date_start_formatted: opt(dateText),
  date_end_formatted: opt(dateText),
  time_start: opt(startTime),
  /** Where the form was opened from (e.g. support_popup). */
  click_source: opt(queryString(50, { pattern: /^[a-z0-9_-]*$/i })),
  /** The partner whose widget sent the request. */
  partner_id: opt(withMeta(queryString(64, { pattern: PARTNER_ID_RE }), { description: 'Partner id of the widget that sent the request' })),
});
export type HelpRequestData = Infer<typeof HelpRequestData>;

/** The body of POST /spa/submit-help-request. */
export const SubmitHelpRequestBody = type({ data: HelpRequestData });
export type SubmitHelpRequestBody = Infer<typeof SubmitHelpRequestBody>;

/** Fields each type needs (§5.7 help card: name and phone; e-mail requests: an e-mail; …). */
export const HELP_REQUEST_REQUIRED: Readonly<Partial<Record<HelpRequestType, readonly (keyof HelpRequestData)[]>>> = {
  common_help: ['name', 'phone'],
  phone_call_request: ['phone'],
  common_help_by_email: ['email'],
  add_email_to_request: ['email', 'request_id_to_update'],
  add_phone_and_tourist_name_to_request: ['phone', 'request_id_to_update'],
  individual_tour: ['name', 'phone', 'email', 'individual_dates'],
  city_calculate: ['city', 'dates', 'email', 'phone'],
};

/**
 * Checks that a request carries what its type needs, and a way to reach the traveller (a phone or an e-mail)
 * for every other type. Returns field errors keyed by field ('Required field').
 */
export function missingHelpRequestFields(data: HelpRequestData): Record<string, string> {
  const out: Record<string, string> = {};
  const present = (key: keyof HelpRequestData) => data[key] !== undefined && data[key] !== '';
  const required = HELP_REQUEST_REQUIRED[data.type];
  if (required) {
    // The request to update may be named by its uuid alone.
    for (const key of required) if (!present(key) && !(key === 'request_id_to_update' && present('requestUUID'))) out[key] = 'Required field';
  } else if (!present('phone') && !present('email')) {
    out.phone = 'Required field';
  }
  return out;
}

/** The stored request: its id (shown to the traveller) and its uuid (the key to it: add tourists, arrival page, updates). */
export const SubmitHelpRequestAnswer = type({
  request_id: integer(),
  requestUUID: string(),
  /** city_calculate: the e-mail the flight quote goes to (§7.4 'From a cost calculation answer, the e-mail is read'). */
  email: opt(string()),
});
export type SubmitHelpRequestAnswer = Infer<typeof SubmitHelpRequestAnswer>;

/** What the rules of a type need to know of the request's tour (public-site §3.3, §5.5, §5.6). */
export interface HelpRequestTourFacts {
  /** 1 TOUR, 2 EXCURSION. */
  type: number;
  /** YYYY-MM-DD, when the tour uses a request period. */
  requestPeriodStart: string | null;
  requestPeriodEnd: string | null;
}

/** The dates types that need both a start and an end date (§4.3). */
export const INDIVIDUAL_DATES = ['individual', 'select_individual'] as const;

const isoOf = (compact: string) => `${compact.slice(0, 4)}-${compact.slice(4, 6)}-${compact.slice(6, 8)}`;
const isRealDate = (iso: string) => {
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso;
};

/** 'YYYYMMDD-YYYYMMDD' → ['YYYY-MM-DD', 'YYYY-MM-DD'], or null when malformed or not a calendar date. */
export function parseIndividualDates(value: string): [string, string] | null {
  const m = /^(\d{8})-(\d{8})$/.exec(value);
  if (!m) return null;
  const range: [string, string] = [isoOf(m[1]!), isoOf(m[2]!)];
  return range.every(isRealDate) ? range : null;
}

/** ['YYYY-MM-DD', 'YYYY-MM-DD'] → 'YYYYMMDD-YYYYMMDD' (the private tour payload of §3.7). */
export function formatIndividualDates(start: string, end: string): string {
  return `${start.replace(/-/g, '')}-${end.replace(/-/g, '')}`;
}

/**
 * The private tour's bounds (§5.6): from the later of the request period's start and today, to the period's end.
 * `today` is the earliest calendar day anywhere (the server passes the date at UTC−12), so no traveller's today is refused.
 */
export function privateTourBounds(tour: Pick<HelpRequestTourFacts, 'requestPeriodStart' | 'requestPeriodEnd'> | null, today: string): { min: string; max: string | null } {
  const start = tour?.requestPeriodStart?.slice(0, 10) ?? '';
  return { min: start > today ? start : today, max: tour?.requestPeriodEnd?.slice(0, 10) ?? null };
}

/**
 * The rules of a type beyond its required fields (public-site §4.3, §5.5, §5.6), as field errors keyed by field:
 * - individual_tour: individual_dates a real range within the bounds; adults at least 1;
 * - city_calculate: individual dates need both dates (end not before start); an excursion with a request period
 *   needs time_start; plane or train: at least one ('Select ticket type', on is_travel_by_avia).
 */
export function helpRequestRuleErrors(data: HelpRequestData, tour: HelpRequestTourFacts | null, today: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (data.type === 'individual_tour') {
    if (data.adults < 1) out.adults = 'Minimum 1';
    if (data.individual_dates) {
      const range = parseIndividualDates(data.individual_dates);
      const bounds = privateTourBounds(tour, today);
      if (!range || range[1] < range[0]) out.individual_dates = 'Incorrect value';
      else if (range[0] < bounds.min || (bounds.max && range[1] > bounds.max)) out.individual_dates = 'The dates are outside the period the tour can be requested for';
    }
  }
  if (data.type === 'city_calculate') {
    if (data.dates && (INDIVIDUAL_DATES as readonly string[]).includes(data.dates)) {
      if (!data.date_start_formatted) out.date_start_formatted = 'Required field';
      if (!data.date_end_formatted) out.date_end_formatted = 'Required field';
      if (data.date_start_formatted && data.date_end_formatted && data.date_end_formatted < data.date_start_formatted) out.date_end_formatted = 'Incorrect value';
    }
    if (tour && tour.type === 2 && tour.requestPeriodStart && !data.time_start) out.time_start = 'Required field';
    if (!data.is_travel_by_avia && !data.is_travel_by_train) out.is_travel_by_avia = 'Select ticket type';
  }
  return out;
}

/** POST /spa/send-chat-link-sms (public-site §2.7 'SMS chat link'): the request just made, named by id and uuid. */
export const ChatLinkSmsBody = type({
  request_id: bodyId('The request (its id)'),
  requestUUID: requestUuid("The request's uuid"),
});
export type ChatLinkSmsBody = Infer<typeof ChatLinkSmsBody>;
/** The SMS is on its way to the request's phone (masked: the country code and the last two digits). */
export const ChatLinkSmsAnswer = type({ success: boolean(), phone: string() });
export type ChatLinkSmsAnswer = Infer<typeof ChatLinkSmsAnswer>;
/** At most this many chat-link SMS per request (an SMS costs money: a form cannot be used to pump them). */
export const MAX_CHAT_LINK_SMS = 3;
/** §8 'SMS chat link unavailable'. */
export const SMS_UNAVAILABLE_MESSAGE = 'SMS service is currently unavailable due to technical reasons. Please contact the support team via the contacts on the website. We apologize for the inconvenience.';
