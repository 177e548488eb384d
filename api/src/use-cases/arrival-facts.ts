/**
 * What the arrival page shows of a booking beyond its record (issue 29: it showed the tour's 'city' or 'region' code
 * instead of a place, no meeting place and no money): the tour's place in the reader's language, where the tour
 * gathers, and the total, what was paid and what is left to pay.
 */
import type { Selectable } from 'kysely';
import type { ApiLocale } from '@tours/shared/src/api/schemas/common';
import type { Invoice, TravelAgreement } from '@tours/shared/src/api/schemas/payments';
import { PAYMENT_STATUS } from '@tours/shared/src/api/schemas/payments';
import type { RequestMoney } from '@tours/shared/src/api/schemas/booking';
import type { RequestRow, Schema } from '../db/schema';
import { cityById } from '../db/queries/reference';
import { regionById } from '../db/queries/tour-extras';
import type { Services } from '../services';
import { t } from '../lib/i18n';
import { requestPrice } from './payments';

type TourRow = Selectable<Schema['tours']>;

/**
 * The money of a booking: once confirmed, the travel agreement's total (what will be charged); before, the price the
 * confirmation would count (`requestPrice`: the date's price per person × the party), marked an estimate. Paid: the
 * invoices paid; the balance what is left of the total (never below 0). No total known: no balance.
 */
export function bookingMoney(input: {
  agreement: Pick<TravelAgreement, 'amount' | 'currency'> | null;
  price: number | null;
  currency: string;
  invoices: readonly Pick<Invoice, 'amount' | 'status'>[];
}): RequestMoney {
  const paid = input.invoices.filter((x) => x.status === PAYMENT_STATUS.PAYED).reduce((sum, x) => sum + x.amount, 0);
  const total = input.agreement ? input.agreement.amount : input.price;
  return {
    total,
    paid,
    balance: total === null ? null : Math.max(0, total - paid),
    currency: input.agreement?.currency ?? input.currency,
    estimate: input.agreement === null,
  };
}

/** The request's money (bookingMoney with its price looked up only while there is no agreement). */
export async function requestMoney(s: Services, row: RequestRow, records: { agreement: TravelAgreement | null; invoices: Invoice[] }): Promise<RequestMoney> {
  const price = records.agreement ? null : await requestPrice(s, row);
  return bookingMoney({ agreement: records.agreement, price, currency: row.currency ?? 'RUB', invoices: records.invoices });
}

/**
 * The tour's place as its page names it (the main city when the tour is set there, else the main region; tours.ts
 * `detail` reads the same) and its gathering place, in `locale` (English where a text has no translation).
 */
export async function tourPlaces(s: Services, tour: TourRow, locale: ApiLocale): Promise<{ main_location_name: string; gathering_place: string }> {
  const city = tour.main_location === 'city' && tour.main_city_id !== null ? await cityById(s.db, tour.main_city_id) : undefined;
  const place = city ?? (await regionById(s.db, tour.main_region_id));
  return { main_location_name: place ? t(place, 'name', locale) : '', gathering_place: t(tour, 'gathering_place', locale) };
}
