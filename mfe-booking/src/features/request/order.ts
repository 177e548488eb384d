/**
 * The request page's rules as pure functions (public-site §3.7 'Selected tour date', §4.2 date variants, §5.3
 * counters, §6 logged-in prefill, §7.4 submit-order): which dates the traveller may choose, which one comes
 * preselected, the counters' bounds and the `data` of POST /spa/submit-order.
 */
import { MAX_PARTY, hasIndividualDates, isOtherOption, isVariantDisabled } from '@tours/shared/domain';
import { privateTourBounds, type OrderData, type TourForRequestAnswer, type TourVariant } from '@tours/shared/api';

export type { OrderData };
import { clampCount } from '../common/counter-rules';

export { clampCount };

/** A date the traveller may choose: a variant (of this tour or another option), an excursion time, or individual dates. */
export type DateOption =
  | { kind: 'variant'; value: string; variant: TourVariant; disabled: boolean; otherOption: boolean }
  | { kind: 'excursion'; value: string; date: string; timeId: number; start: string; end: string }
  | { kind: 'individual'; value: 'individual' };

/**
 * The dates of the order page: every variant (another option's too, §4.2; a busy one is listed but disabled), the
 * excursion times, and 'individual' when the tour has a request period — or when there is nothing else to choose
 * (a 'Request info' tour): the traveller then names the dates they want.
 */
export function dateOptions(tour: Pick<TourForRequestAnswer, 'id' | 'variants' | 'excursion_dates' | 'use_request_period' | 'request_period_start' | 'request_period_end'>): DateOption[] {
  const out: DateOption[] = tour.variants.map((variant) => ({
    kind: 'variant', value: String(variant.id), variant, disabled: isVariantDisabled(variant), otherOption: isOtherOption(variant, tour.id),
  }));
  for (const day of tour.excursion_dates) {
    for (const time of day.time) out.push({ kind: 'excursion', value: `excursion:${day.date}:${time.id}`, date: day.date, timeId: time.id, start: time.start, end: time.end });
  }
  const selectable = out.some((o) => o.kind !== 'variant' || !o.disabled);
  if (hasIndividualDates(tour) || !selectable) out.push({ kind: 'individual', value: 'individual' });
  return out;
}

/**
 * The date preselected (§3.7 'Selected tour date'): the stored choice of the tour page when the order page offers
 * it and it is not disabled; else the only selectable option; else none ('' — the traveller chooses).
 */
export function preselectedDate(stored: string | null | undefined, options: readonly DateOption[]): string {
  const selectable = options.filter((o) => o.kind !== 'variant' || !o.disabled);
  const value = stored?.trim();
  if (value && selectable.some((o) => o.value === value)) return value;
  return selectable.length === 1 ? selectable[0]!.value : '';
}

export interface PartyLimits {
  adults: { min: number; max: number };
  children: { min: number; max: number };
}

/**
 * Counter bounds (§5.3, §5.6): at least 1 adult, children from 0; together at most the group's maximum (or the
 * chosen variant's free seats when fewer). A tour whose minimum age is 18 or more takes no children (children are 17
 * and younger).
 */
export function partyLimits(tour: Pick<TourForRequestAnswer, 'group_max' | 'min_age'>, chosen: DateOption | undefined, party: { adults: number; children: number }): PartyLimits {
  let total = tour.group_max > 0 ? Math.min(tour.group_max, MAX_PARTY) : MAX_PARTY;
  if (chosen?.kind === 'variant' && !chosen.disabled) total = Math.max(1, Math.min(total, chosen.variant.number_of_free_seats));
  const childrenAllowed = tour.min_age < 18;
  return {
    adults: { min: 1, max: Math.max(1, total - party.children) },
    children: { min: 0, max: childrenAllowed ? Math.max(0, total - party.adults) : 0 },
  };
}

/** The party kept within the limits of the chosen date (children first give way, then adults). */
export function clampParty(tour: Pick<TourForRequestAnswer, 'group_max' | 'min_age'>, chosen: DateOption | undefined, party: { adults: number; children: number }) {
  const adults = clampCount(party.adults, partyLimits(tour, chosen, { adults: 1, children: 0 }).adults);
  const children = clampCount(party.children, partyLimits(tour, chosen, { adults, children: 0 }).children);
  return { adults, children };
}

/** The order's total as shown under the party (issue 29). */
export interface OrderTotal {
  people: number;
  /** In the answer's currency (the visitor's), and in roubles: the stored price the Price component converts from. */
  amount: number;
  currency: string;
  original: { amount: number; currency: 'RUB' };
  /**
   * Not a date's fixed price: the tour's price per person for an excursion time or individual dates, which the
   * coordinator confirms.
   */
  estimate: boolean;
}

/**
 * The total the coordinator's confirmation will count (the API's `requestPrice`: the chosen variant's price per
 * person, else the tour's, × adults and children). None while no date is chosen or the chosen one has no seats.
 */
export function orderTotal(tour: Pick<TourForRequestAnswer, 'price' | 'original_price' | 'currency'>, chosen: DateOption | undefined, party: { adults: number; children: number }): OrderTotal | null {
  if (!chosen || (chosen.kind === 'variant' && chosen.disabled)) return null;
  const people = Math.max(1, party.adults + party.children);
  const per = chosen.kind === 'variant'
    ? { amount: chosen.variant.price, currency: chosen.variant.currency, original: chosen.variant.original_price }
    : { amount: tour.price, currency: tour.currency, original: tour.original_price };
  if (!(per.amount > 0)) return null;
  return { people, amount: per.amount * people, currency: per.currency, original: { amount: per.original * people, currency: 'RUB' }, estimate: chosen.kind !== 'variant' };
}

/** The signed-in traveller's name for the form (§6 prefills their contacts; the name is required, so it is prefilled too). */
export function profileName(profile: { first_name?: string | null; last_name?: string | null } | null | undefined): string {
  return [profile?.first_name, profile?.last_name].map((x) => (x ?? '').trim()).filter(Boolean).join(' ').slice(0, 100);
}

/** The form's values, as typed (and as kept in the draft). */
export type OrderValues = {
  dates: string;
  date_start: string;
  date_end: string;
  adults: number;
  children: number;
  name: string;
  /** As typed; normalised to '+…' when sent. */
  phone: string;
  email: string;
  comment: string;
  agree: boolean;
};

export const EMPTY_ORDER: OrderValues = { dates: '', date_start: '', date_end: '', adults: 1, children: 0, name: '', phone: '', email: '', comment: '', agree: false };

/** What the client sends with `data` (§7.4): the timezone and the attribution. */
export interface OrderContext {
  currency: string;
  /** Hours from Moscow time (−15…+11). */
  timezone: number;
  referer: string;
  utmSource?: string | null;
}

/**
 * `data` of POST /spa/submit-order: the tour, or the option the chosen variant belongs to (§4.2: its tour_id); the
 * chosen variant id or 'individual' with both dates (an excursion time is an individual day with its `time_start`,
 * stored with the request: issue 29); the party; the contacts (the phone normalised by `phone`); the timezone and the
 * attribution.
 */
export function orderData(tourId: number, values: OrderValues, options: readonly DateOption[], ctx: OrderContext, phone: (typed: string) => string = (p) => p): OrderData {
  const chosen = options.find((o) => o.value === values.dates);
  const opt = (v: string) => (v.trim() ? v.trim() : undefined);
  const base: OrderData = { tour_id: tourId, dates: values.dates, adults: values.adults, children: values.children, agree: values.agree };
  const comment = values.comment.trim();
  if (chosen?.kind === 'variant') {
    base.tour_id = chosen.variant.tour_id;
  } else if (chosen?.kind === 'excursion') {
    base.dates = 'individual';
    base.date_start_formatted = chosen.date;
    base.date_end_formatted = chosen.date;
    base.time_start = chosen.start;
  } else if (values.dates === 'individual') {
    base.date_start_formatted = values.date_start;
    base.date_end_formatted = values.date_end;
  }
  const typedPhone = opt(values.phone);
  const out: OrderData = {
    ...base,
    name: opt(values.name),
    phone: typedPhone ? phone(typedPhone) : undefined,
    email: opt(values.email),
    comment: comment || undefined,
    // The host's currency is one of the site's (the API refuses any other on `currency`).
    currency: ctx.currency as OrderData['currency'],
    timezone: ctx.timezone,
    referer: ctx.referer,
    utm_source: ctx.utmSource ?? undefined,
  };
  for (const key of Object.keys(out) as (keyof OrderData)[]) if (out[key] === undefined) delete out[key];
  return out;
}

/** The earliest and latest individual date (§5.6): the later of the request period start and today; the period end. */
export function individualBounds(tour: Pick<TourForRequestAnswer, 'request_period_start' | 'request_period_end'>, today: string): { min: string; max?: string } {
  // The API's own rule (shared), so the form and the server bound the dates alike.
  const { min, max } = privateTourBounds({ requestPeriodStart: tour.request_period_start, requestPeriodEnd: tour.request_period_end }, today);
  return { min, ...(max ? { max } : {}) };
}

/** A server field of submit-order → the form field that shows it. */
const SERVER_FIELD: Readonly<Record<string, keyof OrderValues>> = {
  tour_id: 'dates', dates: 'dates', date_start_formatted: 'date_start', date_end_formatted: 'date_end', adults: 'adults', children: 'children',
  name: 'name', phone: 'phone', email: 'email', comment: 'comment', agree: 'agree',
};

/** The server's field errors keyed by the form's fields (the first message of a field wins). */
export function formFieldErrors(fieldErrors: Readonly<Record<string, string>>): Partial<Record<keyof OrderValues, string>> {
  const out: Partial<Record<keyof OrderValues, string>> = {};
  for (const [key, message] of Object.entries(fieldErrors)) {
    const field = SERVER_FIELD[key.replace(/^data\./, '')];
    if (field && out[field] === undefined) out[field] = message;
  }
  return out;
}
