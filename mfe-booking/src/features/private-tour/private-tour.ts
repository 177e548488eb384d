/**
 * The private tour request's rules as pure functions (public-site §2.7 'Private tour request modal', §3.7 'Private
 * tour request', §4.4, §5.6, §7.4 'Help requests'): the selectable dates, the date range's checks, the counters'
 * bounds, the `data` of POST /spa/submit-help-request (type individual_tour) and where a success goes.
 */
import { formatIndividualDates, privateTourBounds as apiBounds } from '@tours/shared/api';
import { MAX_PARTY, helpRequestComment } from '@tours/shared/domain';

/** The form's values, as typed (and as kept in the draft). */
export type PrivateTourValues = {
  name: string;
  /** YYYY-MM-DD, as the date inputs give it. */
  date_start: string;
  date_end: string;
  adults: number;
  children: number;
  comment: string;
  email: string;
  /** As typed; normalised to '+…' when sent. */
  phone: string;
  agree: boolean;
};

export const EMPTY_PRIVATE_TOUR: PrivateTourValues = { name: '', date_start: '', date_end: '', adults: 1, children: 0, comment: '', email: '', phone: '', agree: false };

/** The tour's request period as the modal gets it (ISO dates or null). */
export interface RequestPeriod {
  start: string | null;
  end: string | null;
}

export interface DateBounds {
  min: string;
  max?: string;
}

/** §5.6: the earliest date is the later of the request period's start and today; the latest is the period's end (the API's rule). */
export function privateTourBounds(period: RequestPeriod, today: string): DateBounds {
  const { min, max } = apiBounds({ requestPeriodStart: period.start, requestPeriodEnd: period.end }, today);
  return { min, ...(max ? { max } : {}) };
}

/** A field's problem as a catalogue message, or null when it is fine. */
export type DateProblem = { id: string } | null;

const outside = (date: string, b: DateBounds) => date < b.min || (b.max !== undefined && date > b.max);

/** The start date: required, within the bounds. */
export function startDateProblem(start: string, bounds: DateBounds): DateProblem {
  if (!start) return { id: 'forms.validation.required' };
  return outside(start, bounds) ? { id: 'booking.date.outOfPeriod' } : null;
}

/** The end date: required, not before the start, within the bounds. */
export function endDateProblem(start: string, end: string, bounds: DateBounds): DateProblem {
  if (!end) return { id: 'forms.validation.required' };
  if (start && end < start) return { id: 'booking.date.endBeforeStart' };
  return outside(end, bounds) ? { id: 'booking.date.outOfPeriod' } : null;
}

/** §5.6: adults from 1 (18 and older), children from 0 (17 and younger); together at most MAX_PARTY. */
export function partyBounds(party: { adults: number; children: number }) {
  return {
    adults: { min: 1, max: Math.max(1, MAX_PARTY - party.children) },
    children: { min: 0, max: Math.max(0, MAX_PARTY - party.adults) },
  };
}

/** ['YYYY-MM-DD', 'YYYY-MM-DD'] → 'YYYYMMDD-YYYYMMDD' (the private tour payload of §3.7). */
export const individualDates = formatIndividualDates;


/** The `data` of the private tour request (POST /spa/submit-help-request). */
export interface PrivateTourData {
  type: 'individual_tour';
  tour_id: number;
  name: string;
  phone: string;
  email: string;
  individual: true;
  individual_dates: string;
  adults: number;
  children: number;
  comment: string;
  timezone: number;
  referer: string;
  utm_source?: string;
}

/** What the client adds to a help request (§7.4). */
export interface HelpRequestContext {
  /** Hours from Moscow time (−15…+11). */
  timezone: number;
  /** The current URL: the referer and the comment's 'request from' line. */
  url: string;
  utmSource?: string | null;
}

/**
 * `data` of the private tour request (§3.7, §7.4): the tour, the contacts (the phone normalised by `phone`), the
 * range as 'YYYYMMDD-YYYYMMDD', the party, the comment with its 'request from {url}' line, the timezone and the
 * attribution (utm_source only when there is one).
 */
export function privateTourData(tourId: number, values: PrivateTourValues, ctx: HelpRequestContext, phone: (typed: string) => string = (p) => p): PrivateTourData {
  return {
    type: 'individual_tour',
    tour_id: tourId,
    name: values.name.trim(),
    phone: phone(values.phone.trim()),
    email: values.email.trim(),
    individual: true,
    individual_dates: individualDates(values.date_start, values.date_end),
    adults: values.adults,
    children: values.children,
    comment: helpRequestComment(values.comment, ctx.url),
    timezone: ctx.timezone,
    referer: ctx.url,
    ...(ctx.utmSource ? { utm_source: ctx.utmSource } : {}),
  };
}

/** A server field of the private tour request → the form fields that show it (the range goes on both dates). */
const SERVER_FIELD: Readonly<Record<string, readonly (keyof PrivateTourValues)[]>> = {
  name: ['name'], phone: ['phone'], email: ['email'], adults: ['adults'], children: ['children'], comment: ['comment'],
  individual_dates: ['date_start', 'date_end'],
};

/** The server's field errors keyed by the form's fields (§5.8, §8 'Private tour submit fails'); others stay with the toast. */
export function privateTourFieldErrors(fieldErrors: Readonly<Record<string, string>>): Partial<Record<keyof PrivateTourValues, string>> {
  const out: Partial<Record<keyof PrivateTourValues, string>> = {};
  for (const [key, message] of Object.entries(fieldErrors)) {
    for (const field of SERVER_FIELD[key.replace(/^data\./, '')] ?? []) out[field] ??= message;
  }
  return out;
}

/** §4.4: where a stored private tour request goes: add-tourists of its uuid, with its id as `request_id`. */
export function addTouristsTarget(answer: { request_id: number; requestUUID: string }) {
  return { params: { id: answer.requestUUID }, query: { request_id: answer.request_id } };
}
