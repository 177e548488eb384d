/* Test data for the arrival page: GET /crm/api/request/get-by-uuid answers, checked against their schemas. */
import { create } from 'superstruct';
import { Invoice, RequestAnswer, TravelAgreement, requestStatusKey, requestStatusName, type BookingRequest } from '@tours/shared/api';

export const UUID = '0b7f1f0e-7c1a-4f5e-9a51-6f1f5d3c2b10';

export function invoice(over: Partial<Invoice> = {}): Invoice {
  return create({
    id: 31, kind: 'prepayment', status: 1, status_name: 'new', amount: 7890, currency: 'RUB', created_at: '2026-03-09T10:00:00.000Z', paid_at: null, can_pay: true, ...over,
  }, Invoice);
}

export function agreement(over: Partial<TravelAgreement> = {}): TravelAgreement {
  return create({
    id: 11, number: 'TA-701', sales_channel: 1, outcome: null, outcome_name: null, amount: 26300, currency: 'RUB', created_at: '2026-03-09T10:00:00.000Z', concluded_at: null, ...over,
  }, TravelAgreement);
}

/** A request at `status` (1–8); from 2 on it has its agreement and prepayment invoice unless told otherwise. */
export function bookingRequest(status = 1, over: Partial<BookingRequest> = {}): BookingRequest {
  const confirmed = status >= 2;
  return create({
    request: {
      id: 701, uuid: UUID, type: 'order', status, status_name: requestStatusName(status), status_key: requestStatusKey(status),
      is_cancelled: status >= 5, can_cancel: status < 4, can_edit_tourists: status < 4,
      created_at: '2026-03-08T09:30:00.000Z', updated_at: '2026-03-09T10:00:00.000Z',
      tour: {
        id: 1001, title: 'Sightseeing tour in Svir', slug: 'svir-tour-1001', image: '/media/tours/1001-1/{{size}}/image.png', type: 1, days: 5, hours: null,
        main_location: 'region', main_location_name: 'Leningrad Oblast', gathering_place: 'Lodeynoye Pole railway station',
      },
      dates: { kind: 'variant', variant_id: 1, start: '2026-04-01', end: '2026-04-05', not_guaranteed: false, time_start: null },
      adults: 2, children: 1, name: 'Ivan <b>Petrov</b>', email: 'ivan@example.com', phone: '+79123456789', comment: 'Vegetarian food, please', currency: 'RUB', locale: 'en',
      tourists: [
        { id: 5, full_name: 'Ivan Petrov', first_name: '', last_name: '', middle_name: '', birthday: '1990-05-17', passport: '', email: '', food_restriction: '', phone: '', weight: null, questionnaire: {}, is_touched: true, can_edit: true, can_delete: true },
      ],
      history: [
        { at: '2026-03-08T09:30:00.000Z', actor: 'traveller', action: 'created', from_status: null, to_status: 1, message: null },
        ...(confirmed ? [{ at: '2026-03-09T10:00:00.000Z', actor: 'staff' as const, action: 'status', from_status: 1, to_status: 2, message: null }] : []),
      ],
      agreement: confirmed ? agreement() : null,
      invoices: confirmed ? [invoice({ can_pay: status === 2, ...(status === 3 ? { status: 2, status_name: 'payed' as const, paid_at: '2026-03-09T12:00:00.000Z' } : {}) })] : [],
      // What the API answers (issue 29): an estimate (26300 × 3) before the confirmation, the agreement's 26300 after it.
      money: confirmed
        ? { total: 26300, paid: status === 3 ? 7890 : 0, balance: status === 3 ? 18410 : 26300, currency: 'RUB', estimate: false }
        : { total: 78900, paid: 0, balance: 78900, currency: 'RUB', estimate: true },
      ...over,
    },
  }, RequestAnswer).request;
}
