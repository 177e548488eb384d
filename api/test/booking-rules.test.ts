/** The order and cancellation rules of api/src/domain/booking.ts (issue 30: pure, formerly inline in routes/booking.ts). */
import { MAX_PARTY, REQUEST_STATUS } from '@tours/shared/src/api/schemas/booking';
import {
  cancelDecision, cancellationTermsApply, cancellationTermsOf, contactsToAttach, individualDateErrors, isCalendarDate, partyErrors, requestSource, type RequestPeriod,
} from '../src/domain/booking';

test.each([
  ['2026-03-01', true],
  ['2024-02-29', true],
  ['2026-02-29', false],
  ['2026-02-30', false],
  ['2026-13-01', false],
  ['2026-3-1', false],
  ['01.03.2026', false],
  ['', false],
])('isCalendarDate(%j) is %s', (text, expected) => {
  expect(isCalendarDate(text)).toBe(expected);
});

const TODAY = '2026-03-10';
const ANY_DAY: RequestPeriod = { use_request_period: 0, request_period_start: null, request_period_end: null };
const PERIOD: RequestPeriod = { use_request_period: 1, request_period_start: '2026-05-01', request_period_end: '2026-09-30' };
const PAST_PERIOD_START: RequestPeriod = { use_request_period: 1, request_period_start: '2026-01-01', request_period_end: '2026-09-30' };
const PERIOD_OFF: RequestPeriod = { use_request_period: 0, request_period_start: '2026-05-01', request_period_end: '2026-09-30' };
const bad = 'Incorrect value';

test.each([
  ['any day from today', ANY_DAY, '2026-03-10', '2026-03-12', {}],
  ['a one-day order', ANY_DAY, '2026-04-01', '2026-04-01', {}],
  ['a start before today', ANY_DAY, '2026-03-09', '2026-03-12', { date_start_formatted: bad }],
  ['an end before the start', ANY_DAY, '2026-03-12', '2026-03-11', { date_end_formatted: bad }],
  ['dates that are no days', ANY_DAY, '2026-02-30', 'soon', { date_start_formatted: bad, date_end_formatted: bad }],
  ['within the period', PERIOD, '2026-05-01', '2026-09-30', {}],
  ['before the period starts', PERIOD, '2026-04-30', '2026-05-03', { date_start_formatted: bad }],
  ['past the period end', PERIOD, '2026-09-29', '2026-10-01', { date_end_formatted: bad }],
  ['a start past the period end', PERIOD, '2026-10-01', '2026-10-02', { date_start_formatted: bad, date_end_formatted: bad }],
  ['a period that began: today still bounds the start', PAST_PERIOD_START, '2026-03-01', '2026-03-12', { date_start_formatted: bad }],
  ['a period not in use', PERIOD_OFF, '2026-03-11', '2026-12-01', {}],
])('individualDateErrors: %s', (_case, tour, start, end, expected) => {
  expect(individualDateErrors({ start, end }, tour, TODAY)).toEqual(expected);
});

test.each([
  [1, 0, {}],
  [MAX_PARTY, 0, {}],
  [MAX_PARTY - 2, 2, {}],
  [MAX_PARTY - 2, 3, { children: 'Maximum 2' }],
])('partyErrors(adults %i, children %i)', (adults, children, expected) => {
  expect(partyErrors({ adults, children })).toEqual(expected);
});

test.each([
  [{}, 'site'],
  [{ click_source: 'tour_page' }, 'site'],
  [{ click_source: 'partner_widget' }, 'partner_widget'],
  [{ partner_id: 'agency-1' }, 'partner_widget'],
  [{ partner_id: '', click_source: '' }, 'site'],
])('requestSource(%j) is %s', (data, expected) => {
  expect(requestSource(data)).toBe(expected);
});

const S = REQUEST_STATUS;

test.each([
  [S.PENDING_CONFIRM, 'cancel'],
  [S.PENDING_PREPAYMENT, 'cancel'],
  [S.MADE_PREPAYMENT, 'cancel'],
  [S.TOUR_COMPLETE, 'refuse'],
  [S.CANCELED_TOURIST, 'answer-as-is'],
  [S.CANCELED_AUTHOR, 'answer-as-is'],
  [S.CANCELED_SYSTEM, 'answer-as-is'],
  [S.CANCELED_ADMIN, 'answer-as-is'],
])('cancelDecision(status %i) is %s', (status, expected) => {
  expect(cancelDecision(status)).toBe(expected);
});

test.each([
  [S.MADE_PREPAYMENT, 5000, true],
  [S.PENDING_CONFIRM, 0, false],
  [S.TOUR_COMPLETE, 5000, false],
  [S.CANCELED_TOURIST, 5000, false],
])('cancellationTermsApply(status %i, paid %i) is %s', (status, paid, expected) => {
  expect(cancellationTermsApply(status, paid)).toBe(expected);
});

// The tour's penalty tiers: 30+ days before the start 10 % is kept, 7–29 days 50 %, under 7 days everything.
const TIERS = [
  { days_from: 30, days_to: null, percent: 10 },
  { days_from: 7, days_to: 29, percent: 50 },
  { days_from: 0, days_to: 6, percent: 100 },
];

test.each([
  ['60 days before the start', S.MADE_PREPAYMENT, 10000, '2026-05-09', { paid: 10000, currency: 'EUR', percent: 10, retained: 1000, refund: 9000 }],
  ['10 days before the start', S.MADE_PREPAYMENT, 10000, '2026-03-20', { paid: 10000, currency: 'EUR', percent: 50, retained: 5000, refund: 5000 }],
  ['3 days before the start', S.PENDING_PREPAYMENT, 10000, '2026-03-13', { paid: 10000, currency: 'EUR', percent: 100, retained: 10000, refund: 0 }],
  ['nothing paid', S.MADE_PREPAYMENT, 0, '2026-03-20', null],
  ['the tour took place', S.TOUR_COMPLETE, 10000, '2026-03-01', null],
  ['cancelled already', S.CANCELED_ADMIN, 10000, '2026-05-09', null],
])('cancellationTermsOf: %s', (_case, status, paid, start, expected) => {
  expect(cancellationTermsOf({ status, paid, currency: 'EUR', tiers: TIERS, start, today: TODAY })).toEqual(expected);
});

const EMPTY = { email: null, phone: null, name: null };

test.each([
  ['all three to a request without them', EMPTY, { email: 'anna@example.com', phone: '+79161234567', name: 'Anna' }, { email: 'anna@example.com', phone: '+79161234567', name: 'Anna' }],
  ['first and last name make the name', EMPTY, { first_name: 'Anna', last_name: 'Petrova' }, { name: 'Anna Petrova' }],
  ['never over what the request has', { email: 'old@example.com', phone: '+70000000000', name: 'Old' }, { email: 'anna@example.com', phone: '+79161234567', name: 'Anna' }, {}],
  ['only what it lacks', { email: 'old@example.com', phone: null, name: null }, { email: 'anna@example.com', phone: '+79161234567' }, { phone: '+79161234567' }],
  ['empty fields add nothing', EMPTY, { email: '', phone: '', name: '' }, {}],
])('contactsToAttach: %s', (_case, target, data, expected) => {
  expect(contactsToAttach(target, data)).toEqual(expected);
});
