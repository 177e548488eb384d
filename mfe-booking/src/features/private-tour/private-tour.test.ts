import { create } from 'superstruct';
import { SubmitHelpRequestBody } from '@tours/shared/src/api/schemas/requests';
import {
  EMPTY_PRIVATE_TOUR, addTouristsTarget, endDateProblem, individualDates, partyBounds, privateTourBounds, privateTourData,
  privateTourFieldErrors, startDateProblem, type DateBounds,
} from './private-tour';

const TODAY = '2026-03-10';

describe('§5.6 date bounds', () => {
  test.each<[string, string | null, string | null, DateBounds]>([
    ['period starting later: its start', '2026-04-01', '2026-10-31', { min: '2026-04-01', max: '2026-10-31' }],
    ['period started already: today', '2026-01-01', '2026-10-31', { min: TODAY, max: '2026-10-31' }],
    ['period starting today: today', TODAY, '2026-10-31', { min: TODAY, max: '2026-10-31' }],
    ['no period: from today, no end', null, null, { min: TODAY }],
    ['only an end', null, '2026-06-30', { min: TODAY, max: '2026-06-30' }],
    ['date-times are cut to their day', '2026-05-02T00:00:00+03:00', '2026-09-01T23:59:59Z', { min: '2026-05-02', max: '2026-09-01' }],
  ])('%s', (_name, start, end, expected) => {
    expect(privateTourBounds({ start, end }, TODAY)).toEqual(expected);
  });
});

describe('§5.6 the date range', () => {
  const bounds: DateBounds = { min: '2026-04-01', max: '2026-10-31' };
  const open: DateBounds = { min: TODAY };
  test.each<[string, string, DateBounds, string | null]>([
    ['empty', '', bounds, 'forms.validation.required'],
    ['before the earliest', '2026-03-31', bounds, 'booking.date.outOfPeriod'],
    ['the earliest', '2026-04-01', bounds, null],
    ['the latest', '2026-10-31', bounds, null],
    ['after the period end', '2026-11-01', bounds, 'booking.date.outOfPeriod'],
    ['in the past, no period', '2026-03-09', open, 'booking.date.outOfPeriod'],
    ['far ahead, no period', '2030-01-01', open, null],
  ])('start %s', (_name, start, b, id) => {
    expect(startDateProblem(start, b)).toEqual(id ? { id } : null);
  });

  test.each<[string, string, string, DateBounds, string | null]>([
    ['empty', '2026-05-01', '', bounds, 'forms.validation.required'],
    ['before the start', '2026-05-10', '2026-05-09', bounds, 'booking.date.endBeforeStart'],
    ['the start day (one day)', '2026-05-10', '2026-05-10', bounds, null],
    ['after the start', '2026-05-10', '2026-05-20', bounds, null],
    ['after the period end', '2026-10-20', '2026-11-02', bounds, 'booking.date.outOfPeriod'],
    ['no start yet, within', '', '2026-05-20', bounds, null],
    ['no start yet, before the earliest', '', '2026-03-20', bounds, 'booking.date.outOfPeriod'],
    ['no period end', '2026-05-10', '2031-05-20', open, null],
  ])('end %s', (_name, start, end, b, id) => {
    expect(endDateProblem(start, end, b)).toEqual(id ? { id } : null);
  });
});

test.each([
  [{ adults: 1, children: 0 }, { adults: { min: 1, max: 50 }, children: { min: 0, max: 49 } }],
  [{ adults: 3, children: 2 }, { adults: { min: 1, max: 48 }, children: { min: 0, max: 47 } }],
  [{ adults: 50, children: 0 }, { adults: { min: 1, max: 50 }, children: { min: 0, max: 0 } }],
])('§5.6 party bounds %p', (party, expected) => expect(partyBounds(party)).toEqual(expected));

describe('§3.7 payload', () => {
  const values = { ...EMPTY_PRIVATE_TOUR, name: '  Ivan Petrov ', date_start: '2026-05-04', date_end: '2026-05-12', adults: 2, children: 1, comment: ' Vegetarian\n', email: ' ivan@example.com ', phone: '+7 912 345-67-89', agree: true };
  const ctx = { timezone: -1, url: 'https://tours.example/en/svir-tour-1001?x=1' };

  test.each<[string, string, string, string]>([
    ['a range', '2026-05-04', '2026-05-12', '20260504-20260512'],
    ['one day', '2026-12-31', '2026-12-31', '20261231-20261231'],
    ['across a year', '2026-12-28', '2027-01-03', '20261228-20270103'],
  ])("individual_dates 'YYYYMMDD-YYYYMMDD': %s", (_name, start, end, expected) => {
    expect(individualDates(start, end)).toBe(expected);
  });

  test.each<[string, string | null | undefined, Record<string, unknown>]>([
    ['with utm_source', 'newsletter', { utm_source: 'newsletter' }],
    ['without a utm_source cookie', null, {}],
  ])('the whole data, %s, valid for the API', (_name, utmSource, extra) => {
    const data = privateTourData(1001, values, { ...ctx, utmSource }, (p) => p.replace(/[^\d+]/g, ''));
    expect(data).toEqual({
      type: 'individual_tour', tour_id: 1001, name: 'Ivan Petrov', phone: '+79123456789', email: 'ivan@example.com', individual: true,
      individual_dates: '20260504-20260512', adults: 2, children: 1, comment: 'Vegetarian\nrequest from https://tours.example/en/svir-tour-1001?x=1',
      timezone: -1, referer: 'https://tours.example/en/svir-tour-1001?x=1', ...extra,
    });
    expect(() => create({ data }, SubmitHelpRequestBody)).not.toThrow();
  });
});

describe('§5.8 server field errors', () => {
  test.each<[string, Record<string, string>, Record<string, string>]>([
    ['by field', { name: 'Too long', email: 'Bad e-mail', phone: 'Bad phone', adults: 'Minimum 1', children: 'Maximum 100', comment: 'Spam' },
      { name: 'Too long', email: 'Bad e-mail', phone: 'Bad phone', adults: 'Minimum 1', children: 'Maximum 100', comment: 'Spam' }],
    ['the range on both dates', { individual_dates: 'Outside the period' }, { date_start: 'Outside the period', date_end: 'Outside the period' }],
    ["'data.' prefixed", { 'data.name': 'Required field' }, { name: 'Required field' }],
    ['unknown fields are left to the toast', { tour_id: 'Incorrect value', captcha: 'x' }, {}],
  ])('%s', (_name, server, expected) => expect(privateTourFieldErrors(server)).toEqual(expected));
});

test('§4.4 a stored request goes to add-tourists of its uuid with request_id', () => {
  expect(addTouristsTarget({ request_id: 701, requestUUID: 'abc' })).toEqual({ params: { id: 'abc' }, query: { request_id: 701 } });
});
