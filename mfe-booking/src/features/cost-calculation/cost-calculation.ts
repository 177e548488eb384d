/**
 * The cost calculation's rules as pure functions (public-site §4.3, §5.5, §5.7, §6 'Gated features', §7.4): the
 * city search text, the plane/train gate, the dates and start time a tour needs, the form's checks (a `useForm`
 * schema) and the `data` of POST /spa/submit-help-request of type city_calculate.
 */
import { INDIVIDUAL_DATES, type TicketsAnswer, type TourForRequestAnswer, type TourVariant } from '@tours/shared/api';
import { helpRequestComment, isBlankPhone, isExcursionType, phoneToSend } from '@tours/shared/domain';
import type { useForm } from '@tours/shared/kit';
import type { MessageId } from '../../i18n/t';

/** The country id of Russia in the site's reference data (§6: a Russian arrival, a Russian city). */
const RUSSIA_COUNTRY_ID = 1;

/**
 * A date the traveller may choose: the shape of the request page's date options (features/request `dateOptions`,
 * handed in by the parcel: a feature imports no other feature).
 */
export type CostDateOption =
  | { kind: 'variant'; value: string; variant: TourVariant; disabled: boolean; otherOption: boolean }
  | { kind: 'excursion'; value: string; date: string; start: string; end: string }
  | { kind: 'individual'; value: 'individual' };

/** The form's values, as typed (and as kept in the draft). Field names are the call's, so server errors land as they come. */
export type CostValues = {
  /** The chosen city's name, or the text typed when no suggestion was picked. */
  city: string;
  /** The picked suggestion's id and country id; 0 for free text (then the city is not known to be Russian). */
  city_id: number;
  city_country_id: number;
  /** A variant id, an excursion time ('excursion:…') or 'individual'. */
  dates: string;
  date_start_formatted: string;
  date_end_formatted: string;
  /** 'HH:MM' (masked 99:99). */
  time_start: string;
  is_travel_by_avia: boolean;
  is_travel_by_train: boolean;
  email: string;
  /** As typed; normalised to '+…' when sent. */
  phone: string;
};

export const EMPTY_COST: CostValues = {
  city: '', city_id: 0, city_country_id: 0, dates: '', date_start_formatted: '', date_end_formatted: '', time_start: '',
  is_travel_by_avia: true, is_travel_by_train: false, email: '', phone: '',
};

export type CostField = 'city' | 'dates' | 'date_start_formatted' | 'date_end_formatted' | 'time_start' | 'is_travel_by_avia' | 'email' | 'phone';

/** The catalogue key of each checked field's name (for 'Please check: …'). */
export const FIELD_LABEL_IDS: Readonly<Record<CostField, MessageId>> = {
  city: 'costCalculation.city.label',
  dates: 'booking.field.dates',
  date_start_formatted: 'booking.field.date_start',
  date_end_formatted: 'booking.field.date_end',
  time_start: 'costCalculation.time.label',
  is_travel_by_avia: 'costCalculation.travel.legend',
  email: 'booking.field.email',
  phone: 'booking.field.phone',
};

// §5.7 City autocomplete ------------------------------------------------------------

/** The text sent to GET /spa/cities-by-query: trimmed and lower-cased; '' asks nothing (no results). */
export function cityQuery(text: string): string {
  return text.trim().toLowerCase();
}

// §6 Gated features ----------------------------------------------------------------

/** The tour has a Russian arrival: an arrival entry with an item whose country id is 1. */
export function hasRussianArrival(tickets: Pick<TicketsAnswer, 'arrival'> | null | undefined): boolean {
  return Boolean(tickets?.arrival.some((entry) => entry.items.some((item) => item.country.id === RUSSIA_COUNTRY_ID)));
}

/** The plane/train choice is offered only with all three: the russianIsAvailable setting, a Russian arrival, a Russian city. */
export function travelChoiceAvailable(o: { russianIsAvailable: boolean; tickets: Pick<TicketsAnswer, 'arrival'> | null | undefined; cityCountryId: number }): boolean {
  return o.russianIsAvailable && hasRussianArrival(o.tickets) && o.cityCountryId === RUSSIA_COUNTRY_ID;
}

/** What is sent (§4.3): the traveller's choice when it is offered; otherwise plane, not train. */
export function travelFlags(values: Pick<CostValues, 'is_travel_by_avia' | 'is_travel_by_train'>, available: boolean): { is_travel_by_avia: boolean; is_travel_by_train: boolean } {
  return available ? { is_travel_by_avia: values.is_travel_by_avia, is_travel_by_train: values.is_travel_by_train } : { is_travel_by_avia: true, is_travel_by_train: false };
}

// §4.3, §5.5 Dates and start time ----------------------------------------------------

/** The dates values that need both a start and an end date (§4.3: 'individual', 'select_individual'). */
export const isIndividualDates = (dates: string) => (INDIVIDUAL_DATES as readonly string[]).includes(dates);

/**
 * The dates the cost calculation offers: the request page's options of this tour (another option's variants are
 * another tour, whose price is not the one asked for). The only selectable one comes preselected.
 */
export function costDateOptions(options: readonly CostDateOption[]): { options: CostDateOption[]; preselected: string } {
  const own = options.filter((o) => !(o.kind === 'variant' && o.otherOption));
  const selectable = own.filter((o) => o.kind !== 'variant' || !o.disabled);
  return { options: own, preselected: selectable.length === 1 ? selectable[0]!.value : '' };
}

export type RequestPeriod = Pick<TourForRequestAnswer, 'use_request_period' | 'request_period_start'>;

/**
 * The start time is asked (§5.5) for an excursion (tour type 2) with a request period, unless the chosen date is
 * one of its times, which brings its own start.
 */
export function timeAsked(tourType: number, tour: RequestPeriod, chosen: CostDateOption | undefined): boolean {
  return isExcursionType(tourType) && tour.use_request_period && Boolean(tour.request_period_start) && chosen?.kind !== 'excursion';
}

/** The 99:99 mask of the start time: digits only, at most four, a ':' after the hours ('930' → '93:0'). */
export function maskTime(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 4);
  return digits.length <= 2 ? digits : `${digits.slice(0, 2)}:${digits.slice(2)}`;
}

/** A 24-hour 'HH:MM'. */
export function isTime(value: string): boolean {
  return /^([01]\d|2[0-3]):[0-5]\d$/.test(value);
}

// §5.5 The form's checks -----------------------------------------------------------

type CostSchema = Parameters<typeof useForm<CostValues>>[1];

export interface CostFacts {
  options: readonly CostDateOption[];
  tourType: number;
  tour: RequestPeriod;
  /** The plane/train choice is offered (§6) for the values being checked. */
  travelAvailable(values: Readonly<Record<string, unknown>>): boolean;
  /** The signed-in traveller's contacts ('' when none): not required, nor checked, unless edited (§6). */
  prefilled: { email: string; phone: string };
  /** The phone's country (ISO alpha-2), for a national number. */
  phoneCountry(): string;
}

const REQUIRED = { id: 'forms.validation.required' };
const text = (v: unknown) => (typeof v === 'string' ? v : '');
const chosenOf = (options: readonly CostDateOption[], dates: unknown) => options.find((o) => o.value === dates);

/** The rules of §5.5 as a `useForm` schema, in the form's order (the first failing field is focused). */
export function costSchema(f: CostFacts): CostSchema {
  const individual = (all: Readonly<Record<string, unknown>>) => isIndividualDates(text(all.dates));
  const asked = (all: Readonly<Record<string, unknown>>) => timeAsked(f.tourType, f.tour, chosenOf(f.options, all.dates));
  const kept = (field: 'email' | 'phone', v: unknown) => f.prefilled[field] !== '' && v === f.prefilled[field];
  return {
    city: ['required', { rule: 'max', param: 200 }],
    dates: ['required'],
    date_start_formatted: [(v, all) => !individual(all) || text(v) !== '' || REQUIRED],
    date_end_formatted: [
      (v, all) => !individual(all) || text(v) !== '' || REQUIRED,
      (v, all) => !individual(all) || !text(all.date_start_formatted) || text(v) >= text(all.date_start_formatted) || { id: 'booking.date.endBeforeStart' },
    ],
    time_start: [
      (v, all) => !asked(all) || text(v) !== '' || REQUIRED,
      (v, all) => !asked(all) || isTime(text(v)) || { id: 'costCalculation.time.invalid' },
    ],
    is_travel_by_avia: [(_v, all) => !f.travelAvailable(all) || all.is_travel_by_avia === true || all.is_travel_by_train === true || { id: 'costCalculation.travel.required' }],
    email: [(v) => kept('email', v) || text(v).trim() !== '' || REQUIRED, 'email', { rule: 'max', param: 254 }],
    phone: [
      (v) => kept('phone', v) || !isBlankPhone(text(v)) || REQUIRED,
      (v) => kept('phone', v) || /^\+\d{9,}$/.test(phoneToSend(text(v), f.phoneCountry())) || { id: 'forms.validation.phone' },
    ],
  };
}

// §3.7, §7.4 The call ---------------------------------------------------------------

/** `data` of POST /spa/submit-help-request for a cost calculation (§3.7 'Cost calculation request', §7.4). */
export interface CostCalculationData {
  type: 'city_calculate';
  tour_id: number;
  city: string;
  dates: string;
  date_start_formatted?: string;
  date_end_formatted?: string;
  time_start?: string;
  is_travel_by_avia: boolean;
  is_travel_by_train: boolean;
  email: string;
  phone: string;
  timezone: number;
  /** The 'request from {url}' line every help request carries (§7.4). */
  comment: string;
  referer: string;
  utm_source?: string;
}

export interface CostContext {
  tourId: number;
  tourType: number;
  tour: RequestPeriod;
  travelAvailable: boolean;
  /** Hours from Moscow time (−15…+11). */
  timezone: number;
  /** The page the request is sent from. */
  url: string;
  utmSource?: string | null;
}

/**
 * The request's `data`: the city as chosen or typed; the chosen variant's id, or 'individual' with both dates (an
 * excursion time is an individual day with its start time); the start time when asked; plane/train as §4.3 says;
 * the contacts (the phone normalised by `phone`), the timezone and the attribution of §7.4.
 */
export function costCalculationData(values: CostValues, options: readonly CostDateOption[], ctx: CostContext, phone: (typed: string) => string = (p) => p): CostCalculationData {
  const chosen = chosenOf(options, values.dates);
  const dates: Pick<CostCalculationData, 'dates' | 'date_start_formatted' | 'date_end_formatted' | 'time_start'> = { dates: values.dates };
  if (chosen?.kind === 'excursion') {
    Object.assign(dates, { dates: 'individual', date_start_formatted: chosen.date, date_end_formatted: chosen.date });
    const start = chosen.start.slice(0, 5);
    if (isTime(start)) dates.time_start = start;
  } else if (isIndividualDates(values.dates)) {
    Object.assign(dates, { date_start_formatted: values.date_start_formatted, date_end_formatted: values.date_end_formatted });
  }
  if (timeAsked(ctx.tourType, ctx.tour, chosen)) dates.time_start = values.time_start;
  const utm = ctx.utmSource?.trim();
  return {
    type: 'city_calculate',
    tour_id: ctx.tourId,
    city: values.city.trim(),
    ...dates,
    ...travelFlags(values, ctx.travelAvailable),
    email: values.email.trim(),
    phone: phone(values.phone),
    timezone: ctx.timezone,
    comment: helpRequestComment(null, ctx.url),
    referer: ctx.url,
    ...(utm ? { utm_source: utm } : {}),
  };
}

/** The server's field errors on the form's fields ('data.city' → city; the train flag's on the ticket type). */
export function costFieldErrors(fieldErrors: Readonly<Record<string, string>>): Partial<Record<CostField, string>> {
  const out: Partial<Record<CostField, string>> = {};
  for (const [key, message] of Object.entries(fieldErrors)) {
    const name = key.replace(/^data\./, '');
    const field = (name === 'is_travel_by_train' ? 'is_travel_by_avia' : name) as CostField;
    if (field in FIELD_LABEL_IDS && out[field] === undefined) out[field] = message;
  }
  return out;
}

/** Reset of the individual dates (§4.3): no dates chosen, no start, no end. */
export function resetDates(): Pick<CostValues, 'dates' | 'date_start_formatted' | 'date_end_formatted'> {
  return { dates: '', date_start_formatted: '', date_end_formatted: '' };
}
