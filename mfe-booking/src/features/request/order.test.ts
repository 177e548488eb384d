import { clampCount, clampParty, dateOptions, formFieldErrors, individualBounds, orderData, orderTotal, partyLimits, preselectedDate, profileName, EMPTY_ORDER, type OrderValues } from './order';
import { day, tourForRequest, variant } from '../common/tour-fixture';

const tour = tourForRequest();
const options = dateOptions(tour);
const ctx = { currency: 'EUR', timezone: 0, referer: 'https://tours.example/en/tour/1001/order' };

describe('dates of the order page (§4.2)', () => {
  test('every variant (another option\'s too), busy ones disabled, and individual dates with a request period', () => {
    expect(options.map((o) => [o.value, o.kind === 'variant' ? [o.disabled, o.otherOption] : null])).toEqual([
      ['1', [false, false]], ['2', [false, false]], ['3', [true, false]], ['4', [false, true]], ['individual', null],
    ]);
  });
  test('no dates at all: individual dates are offered so a request can still be sent', () => {
    expect(dateOptions(tourForRequest({ variants: [variant(9, 5, { is_busy: true })], use_request_period: false })).map((o) => o.value)).toEqual(['9', 'individual']);
  });
  test('excursion times are options of their own', () => {
    const ex = tourForRequest({ variants: [], use_request_period: false, excursion_dates: [{ date: day(3), time: [{ id: 5, start: '10:00', end: '12:00' }] }] });
    expect(dateOptions(ex).map((o) => o.value)).toEqual([`excursion:${day(3)}:5`]);
  });
});

describe('the preselected date (§3.7 Selected tour date)', () => {
  test.each([
    ['a stored variant of this tour', '2', '2'],
    ['a stored variant of another option', '4', '4'],
    ['individual', 'individual', 'individual'],
    ['a busy variant is not preselected', '3', ''],
    ['an unknown variant is not preselected', '999', ''],
    ['nothing stored', null, ''],
    ['spaces around', ' 1 ', '1'],
  ])('%s', (_name, stored, expected) => {
    expect(preselectedDate(stored, options)).toBe(expected);
  });
  test('the only selectable option is preselected', () => {
    const one = dateOptions(tourForRequest({ variants: [variant(1, 20), variant(3, 60, { is_busy: true })], use_request_period: false }));
    expect(preselectedDate(null, one)).toBe('1');
  });
});

describe('counters (§5.3)', () => {
  test.each([
    [0, 1, 5, 1],
    [7, 1, 5, 5],
    [3, 1, 5, 3],
    [2.6, 0, 5, 3],
    [Number.NaN, 1, 5, 1],
    [4, 2, 1, 2], // a max below the min is the min
  ])('clampCount(%p, %p..%p) = %p', (value, min, max, expected) => {
    expect(clampCount(value, { min, max })).toBe(expected);
  });

  test.each([
    ['group max 12, no date', undefined, { adults: 2, children: 1 }, { adults: { min: 1, max: 11 }, children: { min: 0, max: 10 } }],
    ['a variant with 3 free seats', options[3], { adults: 2, children: 0 }, { adults: { min: 1, max: 3 }, children: { min: 0, max: 1 } }],
    ['individual dates', options[4], { adults: 1, children: 0 }, { adults: { min: 1, max: 12 }, children: { min: 0, max: 11 } }],
  ])('%s', (_name, chosen, party, expected) => {
    expect(partyLimits(tour, chosen, party)).toEqual(expected);
  });
  test('an adults-only tour (min age 18) takes no children; no group max means at most 50', () => {
    expect(partyLimits(tourForRequest({ min_age: 18 }), undefined, { adults: 1, children: 0 }).children).toEqual({ min: 0, max: 0 });
    expect(partyLimits(tourForRequest({ group_max: 0 }), undefined, { adults: 1, children: 0 }).adults.max).toBe(50);
  });
  test('a party too big for the chosen variant shrinks to its free seats', () => {
    expect(clampParty(tour, options[3], { adults: 5, children: 2 })).toEqual({ adults: 3, children: 0 });
  });
});

describe('the body of submit-order', () => {
  const typed: OrderValues = { ...EMPTY_ORDER, name: ' Ivan ', phone: '+7 912 345-67-89', email: '', comment: ' <b>hi</b> ', adults: 2, children: 1, agree: true };
  test.each<[string, Partial<OrderValues>, Record<string, unknown>]>([
    ['a variant of this tour', { dates: '1' }, { tour_id: 1001, dates: '1' }],
    ['a variant of another option sends that option\'s tour_id', { dates: '4' }, { tour_id: 1354, dates: '4' }],
    ['individual dates send both ends', { dates: 'individual', date_start: day(20), date_end: day(25) }, { tour_id: 1001, dates: 'individual', date_start_formatted: day(20), date_end_formatted: day(25) }],
  ])('%s', (_name, over, expected) => {
    const data = orderData(1001, { ...typed, ...over }, options, ctx, (p) => p.replace(/[^\d+]/g, ''));
    expect(data).toEqual({
      adults: 2, children: 1, name: 'Ivan', phone: '+79123456789', comment: '<b>hi</b>', agree: true, currency: 'EUR', timezone: 0, referer: ctx.referer,
      ...expected,
    });
  });
  test('an excursion time is an individual day with its start time (issue 29: not a comment line); utm_source when stored', () => {
    const ex = tourForRequest({ variants: [], use_request_period: false, excursion_dates: [{ date: day(3), time: [{ id: 5, start: '10:00', end: '12:00' }] }] });
    const data = orderData(ex.id, { ...typed, dates: `excursion:${day(3)}:5`, comment: '' }, dateOptions(ex), { ...ctx, utmSource: 'partner' });
    expect(data).toMatchObject({ dates: 'individual', date_start_formatted: day(3), date_end_formatted: day(3), time_start: '10:00', utm_source: 'partner' });
    expect(data).not.toHaveProperty('comment');
    expect(data).not.toHaveProperty('email');
    // The traveller's own comment stays theirs.
    expect(orderData(ex.id, { ...typed, dates: `excursion:${day(3)}:5`, comment: 'Stroller' }, dateOptions(ex), ctx)).toMatchObject({ time_start: '10:00', comment: 'Stroller' });
  });
});

test('individual bounds (§5.6): the later of the period start and today, up to the period end', () => {
  expect(individualBounds({ request_period_start: day(10), request_period_end: day(300) }, day(0))).toEqual({ min: day(10), max: day(300) });
  expect(individualBounds({ request_period_start: day(-10), request_period_end: null }, day(0))).toEqual({ min: day(0) });
});

test('server field errors map onto the form fields', () => {
  expect(formFieldErrors({ date_start_formatted: 'Incorrect value', 'data.phone': 'Bad phone', tour_id: 'Incorrect value', dates: 'No seats left', other: 'x' })).toEqual({
    date_start: 'Incorrect value', phone: 'Bad phone', dates: 'Incorrect value',
  });
});

describe('the total under the party (issue 29: the order form showed none)', () => {
  const byValue = (v: string) => options.find((o) => o.value === v);
  const ex = tourForRequest({ variants: [], use_request_period: false, excursion_dates: [{ date: day(3), time: [{ id: 5, start: '10:00', end: '12:00' }] }] });
  test.each<[string, ReturnType<typeof byValue>, { adults: number; children: number }, ReturnType<typeof orderTotal>]>([
    ["a variant: its price per person × adults and children", byValue('1'), { adults: 2, children: 1 }, { people: 3, amount: 78900, currency: 'RUB', original: { amount: 78900, currency: 'RUB' }, estimate: false }],
    ["another option's variant: that option's price", byValue('4'), { adults: 1, children: 0 }, { people: 1, amount: 78000, currency: 'RUB', original: { amount: 78000, currency: 'RUB' }, estimate: false }],
    ["individual dates: the tour's price per person, an estimate", byValue('individual'), { adults: 2, children: 0 }, { people: 2, amount: 52600, currency: 'RUB', original: { amount: 52600, currency: 'RUB' }, estimate: true }],
    ['an excursion time: an estimate too', dateOptions(ex)[0], { adults: 1, children: 1 }, { people: 2, amount: 52600, currency: 'RUB', original: { amount: 52600, currency: 'RUB' }, estimate: true }],
    ['a variant without seats: none', byValue('3'), { adults: 1, children: 0 }, null],
    ['no date chosen: none', undefined, { adults: 1, children: 0 }, null],
  ])('%s', (_name, chosen, party, expected) => expect(orderTotal(tour, chosen, party)).toEqual(expected));

  test('in the visitor\'s currency, converted from the stored roubles', () => {
    const eur = tourForRequest({ variants: [variant(1, 20, { price: 263, currency: 'EUR', original_price: 26300 })] });
    expect(orderTotal(eur, dateOptions(eur)[0], { adults: 2, children: 0 })).toMatchObject({ amount: 526, currency: 'EUR', original: { amount: 52600, currency: 'RUB' } });
  });
});

describe("the signed-in traveller's name (issue 29: it was not prefilled)", () => {
  test.each([
    [{ first_name: 'Olga', last_name: 'Smirnova' }, 'Olga Smirnova'],
    [{ first_name: ' Olga ', last_name: '' }, 'Olga'],
    [{ first_name: '', last_name: null }, ''],
    [null, ''],
  ])('%j → %p', (profile, expected) => expect(profileName(profile)).toBe(expected));
});
