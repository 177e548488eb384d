import { create } from 'superstruct';
import { CitiesByQueryAnswer } from '@tours/shared/src/api/schemas/search';
import { HelpRequestData, helpRequestRuleErrors } from '@tours/shared/src/api/schemas/requests';
import { validateValue } from '@tours/shared/src/domain/validation';
import type { RuleSpec } from '@tours/shared/src/domain/validation';
import {
  EMPTY_COST, cityQuery, costCalculationData, costDateOptions, costFieldErrors, costSchema, hasRussianArrival, isTime, maskTime, resetDates, timeAsked,
  travelChoiceAvailable, travelFlags, type CostContext, type CostDateOption, type CostFacts, type CostValues,
} from './cost-calculation';
import { CITIES, citiesAnswer, day, tickets, variant } from './test-fixture';

const V1 = variant(1, 20);
const OPTIONS: CostDateOption[] = [
  { kind: 'variant', value: '1', variant: V1, disabled: false, otherOption: false },
  { kind: 'variant', value: '3', variant: variant(3, 60, { is_busy: true }), disabled: true, otherOption: false },
  { kind: 'variant', value: '4', variant: variant(4, 80, { tour_id: 1354 }), disabled: false, otherOption: true },
  { kind: 'excursion', value: `excursion:${day(5)}:31`, date: day(5), start: '10:00', end: '13:00' },
  { kind: 'individual', value: 'individual' },
];
const PERIOD = { use_request_period: true, request_period_start: day(10) };
const NO_PERIOD = { use_request_period: false, request_period_start: null };

describe('§5.7 city search text', () => {
  test.each([
    ['  Kazan ', 'kazan'],
    ['MOSCOW', 'moscow'],
    ['   ', ''],
    ['', ''],
  ])('%j → %j', (typed, query) => expect(cityQuery(typed)).toBe(query));

  test("the cities fixture is an answer of shared's schema", () => {
    expect(() => create({ result: CITIES }, CitiesByQueryAnswer)).not.toThrow();
    expect(citiesAnswer('an').result.map((c) => c.name)).toEqual(['Kazan']);
  });
});

describe('§6 the plane/train gate needs all three conditions', () => {
  test.each([
    { russianIsAvailable: true, arrivals: [1], cityCountryId: 1, available: true },
    { russianIsAvailable: false, arrivals: [1], cityCountryId: 1, available: false },
    { russianIsAvailable: true, arrivals: [2], cityCountryId: 1, available: false },
    { russianIsAvailable: true, arrivals: [], cityCountryId: 1, available: false },
    { russianIsAvailable: true, arrivals: [2, 1], cityCountryId: 1, available: true },
    { russianIsAvailable: true, arrivals: [1], cityCountryId: 2, available: false },
    { russianIsAvailable: true, arrivals: [1], cityCountryId: 0, available: false },
  ])('setting $russianIsAvailable, arrivals in $arrivals, city country $cityCountryId → $available', ({ russianIsAvailable, arrivals, cityCountryId, available }) => {
    expect(travelChoiceAvailable({ russianIsAvailable, tickets: tickets(arrivals), cityCountryId })).toBe(available);
  });

  test('no tickets data is no Russian arrival', () => {
    expect(hasRussianArrival(null)).toBe(false);
    expect(hasRussianArrival(tickets([]))).toBe(false);
    expect(hasRussianArrival(tickets([1]))).toBe(true);
  });

  test.each([
    { avia: true, train: false, available: true, sent: [true, false] },
    { avia: false, train: true, available: true, sent: [false, true] },
    { avia: true, train: true, available: true, sent: [true, true] },
    { avia: false, train: true, available: false, sent: [true, false] },
    { avia: false, train: false, available: false, sent: [true, false] },
  ])('§4.3 plane $avia, train $train, choice offered $available → sent $sent', ({ avia, train, available, sent }) => {
    expect(travelFlags({ is_travel_by_avia: avia, is_travel_by_train: train }, available)).toEqual({ is_travel_by_avia: sent[0], is_travel_by_train: sent[1] });
  });
});

describe('dates', () => {
  test('another option\'s variant is not offered; the only selectable date is preselected', () => {
    expect(costDateOptions(OPTIONS).options.map((o) => o.value)).toEqual(['1', '3', `excursion:${day(5)}:31`, 'individual']);
    expect(costDateOptions(OPTIONS).preselected).toBe('');
    expect(costDateOptions([OPTIONS[0]!, OPTIONS[1]!, OPTIONS[2]!]).preselected).toBe('1');
    expect(costDateOptions([{ kind: 'individual', value: 'individual' }]).preselected).toBe('individual');
  });

  test.each([
    { tourType: 2, tour: PERIOD, dates: 'individual', asked: true },
    { tourType: 2, tour: PERIOD, dates: '1', asked: true },
    { tourType: 2, tour: PERIOD, dates: `excursion:${day(5)}:31`, asked: false },
    { tourType: 2, tour: NO_PERIOD, dates: 'individual', asked: false },
    { tourType: 2, tour: { use_request_period: true, request_period_start: null }, dates: 'individual', asked: false },
    { tourType: 1, tour: PERIOD, dates: 'individual', asked: false },
  ])('start time asked: type $tourType, period $tour.use_request_period, dates $dates → $asked', ({ tourType, tour, dates, asked }) => {
    expect(timeAsked(tourType, tour, OPTIONS.find((o) => o.value === dates))).toBe(asked);
  });

  test('Reset clears the dates choice and both dates', () => {
    expect(resetDates()).toEqual({ dates: '', date_start_formatted: '', date_end_formatted: '' });
  });
});

describe('§5.5 the 99:99 start time', () => {
  test.each([
    ['9', '9'],
    ['09', '09'],
    ['093', '09:3'],
    ['0930', '09:30'],
    ['09:30', '09:30'],
    ['09:305', '09:30'],
    ['ab1x2:3y4', '12:34'],
    ['12:', '12'],
    ['', ''],
  ])('typed %j shows %j', (typed, shown) => expect(maskTime(typed)).toBe(shown));

  test.each([
    ['00:00', true],
    ['09:30', true],
    ['23:59', true],
    ['24:00', false],
    ['12:60', false],
    ['9:30', false],
    ['09:3', false],
    ['', false],
  ])('%j is a 24-hour time: %s', (value, ok) => expect(isTime(value)).toBe(ok));
});

describe('§5.5 the checks', () => {
  const facts = (over: Partial<CostFacts> = {}): CostFacts => ({
    options: OPTIONS, tourType: 1, tour: PERIOD, travelAvailable: () => true, prefilled: { email: '', phone: '' }, phoneCountry: () => 'US', ...over,
  });
  const valid: CostValues = { ...EMPTY_COST, city: 'Kazan', city_id: 12, city_country_id: 1, dates: '1', email: 'ivan@example.com', phone: '+7 912 345 67 89' };
  /** The catalogue key of each failing field's message. */
  const problems = (values: CostValues, f: CostFacts = facts()) => {
    const schema = costSchema(f) as Record<string, readonly RuleSpec[]>;
    const out: Record<string, string> = {};
    for (const [field, rules] of Object.entries(schema)) {
      const message = validateValue(values[field as keyof CostValues], rules, { values });
      if (message) out[field] = message.id;
    }
    return out;
  };
  const REQUIRED = 'forms.validation.required';

  test.each<[string, Partial<CostValues>, Partial<CostFacts>, Record<string, string>]>([
    ['everything given', {}, {}, {}],
    ['an empty form', { ...EMPTY_COST }, {}, { city: REQUIRED, dates: REQUIRED, email: REQUIRED, phone: REQUIRED }],
    ['a typed city of no suggestion is a city', { city: 'Petrovka', city_id: 0, city_country_id: 0 }, {}, {}],
    ['a city of spaces', { city: '   ' }, {}, { city: REQUIRED }],
    ['individual dates without dates', { dates: 'individual' }, {}, { date_start_formatted: REQUIRED, date_end_formatted: REQUIRED }],
    ['select_individual without an end', { dates: 'select_individual', date_start_formatted: day(20) }, {}, { date_end_formatted: REQUIRED }],
    ['individual dates, end before start', { dates: 'individual', date_start_formatted: day(20), date_end_formatted: day(19) }, {}, { date_end_formatted: 'booking.date.endBeforeStart' }],
    ['individual dates given', { dates: 'individual', date_start_formatted: day(20), date_end_formatted: day(25) }, {}, {}],
    ['a variant needs no dates', { dates: '1', date_start_formatted: '' }, {}, {}],
    ['excursion with a request period: no time', { dates: 'individual', date_start_formatted: day(20), date_end_formatted: day(20) }, { tourType: 2 }, { time_start: REQUIRED }],
    ['excursion with a request period: half a time', { dates: 'individual', date_start_formatted: day(20), date_end_formatted: day(20), time_start: '09:3' }, { tourType: 2 }, { time_start: 'costCalculation.time.invalid' }],
    ['excursion with a request period: 25:00', { dates: 'individual', date_start_formatted: day(20), date_end_formatted: day(20), time_start: '25:00' }, { tourType: 2 }, { time_start: 'costCalculation.time.invalid' }],
    ['excursion with a request period: a time', { dates: 'individual', date_start_formatted: day(20), date_end_formatted: day(20), time_start: '09:30' }, { tourType: 2 }, {}],
    ['excursion time slot brings its start', { dates: `excursion:${day(5)}:31` }, { tourType: 2 }, {}],
    ['excursion without a request period', { dates: 'individual', date_start_formatted: day(20), date_end_formatted: day(20) }, { tourType: 2, tour: NO_PERIOD }, {}],
    ['tour with a request period asks no time', { dates: 'individual', date_start_formatted: day(20), date_end_formatted: day(20) }, { tourType: 1 }, {}],
    ['neither plane nor train, choice offered', { is_travel_by_avia: false, is_travel_by_train: false }, {}, { is_travel_by_avia: 'costCalculation.travel.required' }],
    ['train only', { is_travel_by_avia: false, is_travel_by_train: true }, {}, {}],
    ['neither, choice not offered (forced plane)', { is_travel_by_avia: false, is_travel_by_train: false }, { travelAvailable: () => false }, {}],
    ['a wrong e-mail and phone', { email: 'ivan@', phone: '+7 912' }, {}, { email: 'forms.validation.email', phone: 'forms.validation.phone' }],
    ['a blank phone (the country code only)', { phone: '+7 ' }, {}, { phone: REQUIRED }],
    ['logged in, contacts as prefilled', { email: 'olga@example.com', phone: '+79001234567' }, { prefilled: { email: 'olga@example.com', phone: '+79001234567' } }, {}],
    ['logged in without a phone: the phone is required', { email: 'olga@example.com', phone: '' }, { prefilled: { email: 'olga@example.com', phone: '' } }, { phone: REQUIRED }],
    ['logged in, edited to nothing', { email: '', phone: '+7' }, { prefilled: { email: 'olga@example.com', phone: '+79001234567' } }, { email: REQUIRED, phone: REQUIRED }],
    ['logged in, edited to a wrong phone', { email: 'olga@example.com', phone: '+7900' }, { prefilled: { email: 'olga@example.com', phone: '+79001234567' } }, { phone: 'forms.validation.phone' }],
  ])('%s', (_name, over, factsOver, expected) => {
    expect(problems({ ...valid, ...over }, facts(factsOver))).toEqual(expected);
  });

  // The form refuses what the API refuses (shared's helpRequestRuleErrors), field for field.
  test.each<[string, Partial<CostValues>, number]>([
    ['individual without dates', { dates: 'individual' }, 1],
    ['individual, end before start', { dates: 'individual', date_start_formatted: day(20), date_end_formatted: day(19) }, 1],
    ['excursion, no time', { dates: 'individual', date_start_formatted: day(20), date_end_formatted: day(20) }, 2],
    ['excursion, a variant and no time', { dates: '1' }, 2],
    ['excursion time slot', { dates: `excursion:${day(5)}:31` }, 2],
    ['no ticket type', { is_travel_by_avia: false, is_travel_by_train: false }, 1],
    ['all fine', { dates: 'individual', date_start_formatted: day(20), date_end_formatted: day(22), time_start: '07:05' }, 2],
  ])('agrees with the API: %s', (_name, over, tourType) => {
    const values = { ...valid, ...over };
    const ruleFields = ['date_start_formatted', 'date_end_formatted', 'time_start', 'is_travel_by_avia'];
    const client = Object.keys(problems(values, facts({ tourType }))).filter((f) => ruleFields.includes(f));
    const data = costCalculationData(values, OPTIONS, { tourId: 1001, tourType, tour: PERIOD, travelAvailable: true, timezone: 0, url: 'https://tours.example/' });
    const server = helpRequestRuleErrors(create(data, HelpRequestData), { type: tourType, requestPeriodStart: day(10), requestPeriodEnd: day(300) }, day(0));
    expect(client.sort()).toEqual(Object.keys(server).sort());
  });

  test('the gate is asked about the values being checked', () => {
    const seen: unknown[] = [];
    problems({ ...valid, is_travel_by_avia: false }, facts({ travelAvailable: (v) => (seen.push(v.city_country_id), false) }));
    expect(seen).toEqual([1]);
  });
});

describe('§3.7, §7.4 the call', () => {
  const ctx: CostContext = {
    tourId: 1001, tourType: 1, tour: PERIOD, travelAvailable: true, timezone: 4, url: 'https://tours.example/en/svir-tour-1001', utmSource: 'partner7',
  };
  const values: CostValues = { ...EMPTY_COST, city: ' Kazan ', city_id: 12, city_country_id: 1, dates: '1', email: ' ivan@example.com ', phone: '+7 912 345 67 89' };
  const base = {
    type: 'city_calculate', tour_id: 1001, city: 'Kazan', email: 'ivan@example.com', phone: '+79123456789', timezone: 4,
    comment: 'request from https://tours.example/en/svir-tour-1001', referer: 'https://tours.example/en/svir-tour-1001', utm_source: 'partner7',
  };
  const digits = (p: string) => `+${p.replace(/\D/g, '')}`;

  test.each<[string, Partial<CostValues>, Partial<CostContext>, Record<string, unknown>]>([
    ['a variant, plane and train chosen', { is_travel_by_train: true }, {}, { dates: '1', is_travel_by_avia: true, is_travel_by_train: true }],
    ['train only, but the choice is not offered: plane', { is_travel_by_avia: false, is_travel_by_train: true }, { travelAvailable: false }, { dates: '1', is_travel_by_avia: true, is_travel_by_train: false }],
    ['individual dates', { dates: 'individual', date_start_formatted: day(20), date_end_formatted: day(25) }, {}, { dates: 'individual', date_start_formatted: day(20), date_end_formatted: day(25), is_travel_by_avia: true, is_travel_by_train: false }],
    ['a variant sends no dates typed before', { dates: '1', date_start_formatted: day(20), time_start: '09:30' }, {}, { dates: '1', is_travel_by_avia: true, is_travel_by_train: false }],
    ['an excursion with a request period: the time', { dates: 'individual', date_start_formatted: day(20), date_end_formatted: day(20), time_start: '09:30' }, { tourType: 2 }, { dates: 'individual', date_start_formatted: day(20), date_end_formatted: day(20), time_start: '09:30', is_travel_by_avia: true, is_travel_by_train: false }],
    ['an excursion time: an individual day and its start', { dates: `excursion:${day(5)}:31`, time_start: '18:00' }, { tourType: 2 }, { dates: 'individual', date_start_formatted: day(5), date_end_formatted: day(5), time_start: '10:00', is_travel_by_avia: true, is_travel_by_train: false }],
    ['no utm_source', {}, { utmSource: null }, { dates: '1', is_travel_by_avia: true, is_travel_by_train: false, utm_source: undefined }],
  ])('%s', (_name, over, ctxOver, expected) => {
    const data = costCalculationData({ ...values, ...over }, OPTIONS, { ...ctx, ...ctxOver }, digits);
    const want = { ...base, ...expected };
    for (const key of Object.keys(want)) if (want[key as keyof typeof want] === undefined) delete want[key as keyof typeof want];
    expect(data).toEqual(want);
  });

  test('what is sent passes the API\'s schema and rules', () => {
    const data = costCalculationData({ ...values, dates: 'individual', date_start_formatted: day(20), date_end_formatted: day(20), time_start: '09:30' }, OPTIONS, { ...ctx, tourType: 2 }, digits);
    const parsed = create(data, HelpRequestData);
    expect(helpRequestRuleErrors(parsed, { type: 2, requestPeriodStart: day(10), requestPeriodEnd: day(300) }, day(0))).toEqual({});
  });

  test.each<[Record<string, string>, Record<string, string>]>([
    [{ city: 'Required field', 'data.phone': 'Incorrect phone number' }, { city: 'Required field', phone: 'Incorrect phone number' }],
    [{ date_start_formatted: 'Required field', date_end_formatted: 'Incorrect value', time_start: 'Required field' }, { date_start_formatted: 'Required field', date_end_formatted: 'Incorrect value', time_start: 'Required field' }],
    [{ is_travel_by_avia: 'Select ticket type' }, { is_travel_by_avia: 'Select ticket type' }],
    [{ is_travel_by_train: 'Select ticket type' }, { is_travel_by_avia: 'Select ticket type' }],
    [{ dates: 'Incorrect value', email: 'Please enter a valid e-mail', captcha: 'x', city_id: 'y' }, { dates: 'Incorrect value', email: 'Please enter a valid e-mail' }],
  ])('server errors %j land on %j', (server, fields) => expect(costFieldErrors(server)).toEqual(fields));
});
