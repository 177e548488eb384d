import { durationOf, historyKey, isRequestUuid, isWebUrl, paymentMethodOf, paymentReturnOf, queryWithoutPayment, showsPaymentRecords, touristName } from './arrival';
import { agreement, invoice } from './test-fixture';

describe('arrival page rules', () => {
  test.each([
    ['0b7f1f0e-7c1a-4f5e-9a51-6f1f5d3c2b10', true],
    ['0B7F1F0E-7C1A-4F5E-9A51-6F1F5D3C2B10', false],
    ['0b7f1f0e7c1a4f5e9a516f1f5d3c2b10', false],
    ['701', false],
    ['', false],
  ])('%p is a request uuid: %p', (value, expected) => expect(isRequestUuid(value)).toBe(expected));

  test.each([
    [['card'], 'card'],
    [['sbp', 'card'], 'sbp'],
    [['yookassa', 'SBP'], 'sbp'],
    [['paypal'], 'card'],
    [[], 'card'],
    [undefined, 'card'],
  ])('paymentSystems %p pay by %p', (systems, method) => expect(paymentMethodOf(systems)).toBe(method));

  test.each([
    ['https://pay.example.com/p/1', true],
    ['/crm/api/payment/sandbox/abc', true],
    ['http://localhost:8080/x', true],
    ['javascript:alert(1)', false],
    ['data:text/html,x', false],
  ])('the provider URL %p may be opened: %p', (url, expected) => expect(isWebUrl(url, 'https://tours.example/en/arrival/x')).toBe(expected));

  test.each([
    [{ payment: 'paid' }, 'paid'],
    [{ payment: 'declined' }, 'declined'],
    [{ payment: ['declined', 'paid'] }, 'declined'],
    [{ payment: 'PAID' }, null],
    [{ payment: '' }, null],
    [{}, null],
  ])('query %p is a payment return %p', (query, expected) => expect(paymentReturnOf(query)).toBe(expected));

  test.each([
    [{ payment: 'paid' }, {}],
    [{ payment: 'paid', utm_source: 'mail', x: ['1', '2'] }, { utm_source: 'mail', x: '1' }],
  ])('query %p without the payment parameter is %p', (query, expected) => expect(queryWithoutPayment(query)).toEqual(expected));

  const entry = (action: string, to_status: number | null = null) => ({ at: '', actor: 'system' as const, action, from_status: null, to_status, message: null });
  test.each([
    [entry('created', 1), 'booking.arrival.history.created'],
    [entry('status', 2), 'booking.arrival.history.status'],
    [entry('cancel', 5), 'booking.arrival.history.cancel'],
    [entry('payment', 3), 'booking.arrival.history.paymentReceived'],
    [entry('payment'), 'booking.arrival.history.payment'],
    [entry('contacts'), 'booking.arrival.history.contacts'],
    [entry('tourists'), 'booking.arrival.history.tourists'],
    [entry('questionnaires'), 'booking.arrival.history.questionnaires'],
    [entry('something-new'), 'booking.arrival.history.updated'],
  ])('history entry %p reads %p', (item, key) => expect(historyKey(item)).toBe(key));

  const named = (o: Partial<Record<'full_name' | 'first_name' | 'middle_name' | 'last_name', string>>) => ({ full_name: '', first_name: '', middle_name: '', last_name: '', ...o });
  test.each([
    [named({ full_name: ' Anna Petrova ' }), 'Anna Petrova'],
    [named({ first_name: 'Anna', middle_name: 'S.', last_name: 'Petrova' }), 'Anna S. Petrova'],
    [named({ last_name: 'Petrova' }), 'Petrova'],
    [named({}), ''],
  ])('tourist %p is named %p', (tourist, name) => expect(touristName(tourist)).toBe(name));

  test.each([
    [{ type: 1, days: 5, hours: null }, { duration: 5, duration_unit: 'days' }],
    [{ type: 2, days: 1, hours: 3 }, { duration: 3, duration_unit: 'hours' }],
    [{ type: 1, days: 0, hours: 6 }, { duration: 6, duration_unit: 'hours' }],
    [{ type: 1, days: 0, hours: null }, null],
  ])('tour %p lasts %p', (tour, expected) => expect(durationOf(tour)).toEqual(expected));

  test.each([
    [{ agreement: null, invoices: [] }, false],
    [{}, false],
    [{ agreement: agreement(), invoices: [] }, true],
    [{ agreement: null, invoices: [invoice()] }, true],
  ])('records %p are shown: %p', (request, expected) => expect(showsPaymentRecords(request)).toBe(expected));
});
