/** The request status rules and the order's required fields (issue 30: used by the API and the front ends, untested until now). */
import { canCancelStatus, canEditTouristsStatus, isCancelledStatus, missingOrderFields, REQUEST_STATUS, type OrderData } from './booking';

const S = REQUEST_STATUS;

describe('request statuses (public-site §4.7)', () => {
  test.each([
    ['pending confirmation', S.PENDING_CONFIRM, { cancelled: false, canCancel: true, canEditTourists: true }],
    ['pending prepayment', S.PENDING_PREPAYMENT, { cancelled: false, canCancel: true, canEditTourists: true }],
    ['prepaid', S.MADE_PREPAYMENT, { cancelled: false, canCancel: true, canEditTourists: true }],
    ['tour complete', S.TOUR_COMPLETE, { cancelled: false, canCancel: false, canEditTourists: false }],
    ['cancelled by the tourist', S.CANCELED_TOURIST, { cancelled: true, canCancel: false, canEditTourists: false }],
    ['cancelled by the author', S.CANCELED_AUTHOR, { cancelled: true, canCancel: false, canEditTourists: false }],
    ['cancelled by the system', S.CANCELED_SYSTEM, { cancelled: true, canCancel: false, canEditTourists: false }],
    ['cancelled by an admin', S.CANCELED_ADMIN, { cancelled: true, canCancel: false, canEditTourists: false }],
  ])('%s (%i)', (_name, status, expected) => {
    expect({ cancelled: isCancelledStatus(status), canCancel: canCancelStatus(status), canEditTourists: canEditTouristsStatus(status) }).toEqual(expected);
  });
});

describe('missingOrderFields (§5.1, §6)', () => {
  const required = 'Required field';
  const variantOrder = { tour_id: 1, dates: '42', adults: 2, children: 0, agree: true } as OrderData;
  const full = { ...variantOrder, name: 'Anna', phone: '+79161234567' } as OrderData;

  test.each([
    ['a full order on a date', full, {}, {}],
    ['no name and no phone', variantOrder, {}, { name: required, phone: required }],
    ['blank name and phone', { ...full, name: '  ', phone: '' }, {}, { name: required, phone: required }],
    ["the profile's name and phone stand in", variantOrder, { name: true, phone: true }, {}],
    ["the profile's name only", variantOrder, { name: true }, { phone: required }],
    ['own dates without either end', { ...full, dates: 'individual' }, {}, { date_start_formatted: required, date_end_formatted: required }],
    ['own dates with both ends', { ...full, dates: 'individual', date_start_formatted: '2026-05-01', date_end_formatted: '2026-05-03' }, {}, {}],
    ['the terms not accepted', { ...full, agree: false }, {}, { agree: required }],
  ] as [string, OrderData, { name?: boolean; phone?: boolean }, Record<string, string>][])('%s', (_name, data, known, expected) => {
    expect(missingOrderFields(data, known)).toEqual(expected);
  });
});
