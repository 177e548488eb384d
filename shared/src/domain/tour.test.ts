import {
  allDatesNotGuaranteed, allowedTourRedirect, availableDates, comfortLevel, groupSizeForm, hasIndividualDates, isOtherOption, isVariantDisabled,
  lengthFromVariant, mainRequestAction, mainRequestOpensModal, nextReviewsCount, nightsShown, ratingOneDecimal, reviewRating,
  sectionVisibility, splitSidebarDates, visibleAnchors, type DatesInput, type VariantLike, type VisibilityInput,
} from './tour';
import { organizerShortName } from './tour-card';

const v = (over: Partial<VariantLike> = {}): VariantLike => ({
  id: 1, tour_id: 10, start: '2030-06-01', end: '2030-06-05', is_busy: false, number_of_free_seats: 5, not_guaranteed: false, ...over,
});
const dates = (over: Partial<DatesInput> = {}): DatesInput => ({
  use_request_period: false, request_period_start: null, request_period_end: null, is_dates_preliminary: false, variants: [], excursion_dates: [], ...over,
});
const excursionDate = { date: '2030-06-01', time: [{ id: 1, start: '10:00', end: '12:00' }] };

describe('individual dates (§3.5)', () => {
  test.each([
    [false, '2030-01-01', '2030-12-31', false],
    [true, '2030-01-01', '2030-12-31', true],
    [true, null, '2030-12-31', false],
    [true, '2030-01-01', null, false],
    [true, null, null, false],
    [true, '', '2030-12-31', false],
  ])('use_request_period %s, start %s, end %s → %s', (use, start, end, expected) => {
    expect(hasIndividualDates({ use_request_period: use, request_period_start: start, request_period_end: end })).toBe(expected);
  });
});

describe('available dates (§3.5)', () => {
  test.each([
    ['variants not busy', { variants: [v({ id: 1 }), v({ id: 2, is_busy: true }), v({ id: 3 })] }, [1, 3]],
    ['every variant busy: none, excursion dates do not step in', { variants: [v({ is_busy: true })], excursion_dates: [excursionDate] }, []],
    ['no variants: the excursion dates', { variants: [], excursion_dates: [excursionDate, { ...excursionDate, date: '2030-06-02' }] }, ['2030-06-01', '2030-06-02']],
    ['nothing', {}, []],
    ['a variant without free seats is still available (only busy ones drop out)', { variants: [v({ number_of_free_seats: 0 })] }, [1]],
  ] as const)('%s', (_name, input, expected) => {
    const out = availableDates(dates(input as Partial<DatesInput>)).map((d) => ('id' in d ? d.id : d.date));
    expect(out).toEqual(expected);
  });
});

describe('all dates not guaranteed (§3.5)', () => {
  test.each([
    [false, [], false],
    [true, [], true],
    [false, [v({ not_guaranteed: true }), v({ not_guaranteed: true })], true],
    [false, [v({ not_guaranteed: true }), v({ not_guaranteed: false })], false],
    [true, [v({ not_guaranteed: false })], true],
  ])('preliminary %s, variants %j → %s', (preliminary, variants, expected) => {
    expect(allDatesNotGuaranteed({ is_dates_preliminary: preliminary, variants })).toBe(expected);
  });
});

describe('nights (§3.5)', () => {
  test.each([
    [1, 5, 4],
    [1, 2, 1],
    [1, 1, null],
    [1, 0, null],
    [2, 5, null],
    ['EXCURSION', 3, null],
    ['TOUR', 8, 7],
  ] as const)('type %s, %s days → %s nights', (type, days, expected) => {
    expect(nightsShown(type, days)).toBe(expected);
  });
});

describe('length from a variant (§3.5)', () => {
  test.each([
    ['2030-06-01', '2030-06-05', 5, 4],
    ['2030-06-01', '2030-06-01', 1, 0],
    ['2030-12-30', '2031-01-02', 4, 3],
    ['2030-03-29', '2030-03-31', 3, 2],
    ['2032-02-28', '2032-03-01', 3, 2],
  ])('%s → %s: %s days, %s nights', (start, end, days, nights) => {
    expect(lengthFromVariant({ start, end })).toEqual({ days, nights });
  });
});

describe('organizer short name (§3.5)', () => {
  test.each([
    [{ first_name: 'Anna', last_name: 'Petrova' }, 'Anna P.'],
    [{ first_name: 'Anna', last_name: '' }, 'Anna'],
    [{ first_name: ' Ivan ', last_name: ' smirnov ' }, 'Ivan S.'],
    [{ first_name: '', last_name: 'Petrova' }, 'P.'],
    [{ first_name: '王', last_name: '小明' }, '王 小.'],
    [null, ''],
  ])('%j → %s', (expert, expected) => {
    expect(organizerShortName(expert)).toBe(expected);
  });
});

describe('date variants (§4.2)', () => {
  test.each([
    [v(), false],
    [v({ is_busy: true }), true],
    [v({ number_of_free_seats: 0 }), true],
    [v({ number_of_free_seats: -1 }), true],
  ])('%j disabled → %s', (variant, expected) => {
    expect(isVariantDisabled(variant)).toBe(expected);
  });

  test.each([
    [10, 10, false],
    [11, 10, true],
  ])('variant of tour %s on tour %s is another option → %s', (variantTour, tour, expected) => {
    expect(isOtherOption({ tour_id: variantTour }, tour)).toBe(expected);
  });
});

describe('main request button (§4.1)', () => {
  const period = { use_request_period: true, request_period_start: '2030-01-01', request_period_end: '2030-12-31' };
  test.each([
    ['active tour', { is_tour_active: true, ...period }, 'book'],
    ['active without any date', { is_tour_active: true }, 'book'],
    ['inactive, individual dates, no available dates', { is_tour_active: false, ...period }, 'private'],
    ['inactive, individual dates, only busy variants', { is_tour_active: false, ...period, variants: [v({ is_busy: true })] }, 'private'],
    ['inactive, individual dates and available dates', { is_tour_active: false, ...period, variants: [v()] }, 'info'],
    ['inactive, individual dates and excursion dates', { is_tour_active: false, ...period, excursion_dates: [excursionDate] }, 'info'],
    ['inactive, no individual dates', { is_tour_active: false }, 'info'],
  ] as const)('%s → %s', (_name, input, expected) => {
    expect(mainRequestAction({ ...dates(input as Partial<DatesInput>), is_tour_active: input.is_tour_active })).toBe(expected);
  });

  test.each([
    ['private', 'sidebar', true],
    ['private', 'mobile-sheet', false],
    ['book', 'sidebar', false],
    ['info', 'sidebar', false],
  ] as const)('%s in the %s opens a modal → %s', (action, place, expected) => {
    expect(mainRequestOpensModal(action, place)).toBe(expected);
  });
});

describe('sidebar dates (§4.2, §9)', () => {
  const now = new Date('2030-05-15T12:00:00Z');
  const at = (start: string, id: number) => v({ id, start, end: start });
  test.each([
    ['past dates drop out; this year is current, later years the next season',
      [at('2030-05-01', 1), at('2030-05-15', 2), at('2030-05-16', 3), at('2030-12-31', 4), at('2031-01-01', 5)], [3, 4], [5], true],
    ['4 of each at most; all departures beyond 4 variants',
      [1, 2, 3, 4, 5].map((i) => at(`2030-0${5 + Math.min(i, 4)}-2${i}`, i)).concat([6, 7, 8, 9, 10].map((i) => at(`2031-02-${10 + i}`, i))), [1, 2, 3, 4], [6, 7, 8, 9], true],
    ['exactly 4 variants: no "Show all departures"', [at('2030-06-01', 1), at('2030-06-02', 2), at('2031-06-03', 3), at('2031-06-04', 4)], [1, 2], [3, 4], false],
    ['none', [], [], [], false],
  ])('%s', (_name, variants, current, next, showAll) => {
    const out = splitSidebarDates(variants, now);
    expect(out.current.map((x) => x.id)).toEqual(current);
    expect(out.next.map((x) => x.id)).toEqual(next);
    expect(out.showAll).toBe(showAll);
  });
});

describe('reviews list (§4.10)', () => {
  test.each([
    [3, 10, 6],
    [9, 10, 10],
    [10, 10, 10],
    [3, 2, 2],
  ])('visible %s of %s → %s', (visible, total, expected) => {
    expect(nextReviewsCount(visible, total)).toBe(expected);
  });

  test.each([
    [4.85, '4.9'],
    [5, '5.0'],
    [3.04, '3.0'],
    [0, '0.0'],
  ])('rating %s → %s', (rating, expected) => {
    expect(ratingOneDecimal(rating)).toBe(expected);
  });

  test.each([
    [4, 4],
    [{ value: 3 }, 3],
    [{ value: null }, 0],
    [null, 0],
    [7, 5],
    [Number.NaN, 0],
  ])('review rating %j → %s', (rating, expected) => {
    expect(reviewRating(rating as never)).toBe(expected);
  });
});

describe('conditions', () => {
  test.each([
    [1, 12, { kind: 'upTo', max: 12 }],
    [0, 8, { kind: 'upTo', max: 8 }],
    [4, 12, { kind: 'range', min: 4, max: 12 }],
    [14, 12, { kind: 'upTo', max: 12 }],
    [2, 0, null],
  ])('group %s..%s → %j', (min, max, expected) => {
    expect(groupSizeForm(min, max)).toEqual(expected);
  });

  const flags = { is_comfort_base: false, is_comfort_base_plus: false, is_comfort_medium: false, is_comfort_improved: false, is_comfort_premium: false };
  test.each([
    [{}, null],
    [{ is_comfort_base: true }, 'base'],
    [{ is_comfort_base_plus: true }, 'base_plus'],
    [{ is_comfort_medium: true }, 'medium'],
    [{ is_comfort_improved: true }, 'improved'],
    [{ is_comfort_premium: true }, 'premium'],
  ])('comfort %j → %s', (over, expected) => {
    expect(comfortLevel({ ...flags, ...over })).toBe(expected);
  });
});

describe('section visibility (§4.8)', () => {
  const base: VisibilityInput = {
    ...dates(), type: 1, is_individual: false, is_tour_active: true, difficulty: 2, program: [], excursion_program_description: null, accommodation: [],
    living_base: null, cabins_price_table: null, faq: [], penalties: [], penalties_conditions: '', organizational_details: '', discounts: [], special_tariff: null,
    guides: [], organizer: { id: 1, expert: { first_name: '', last_name: '' } }, is_need_show_cities_info: false,
    is_comfort_base: false, is_comfort_base_plus: false, is_comfort_medium: false, is_comfort_improved: false, is_comfort_premium: false,
  };
  const settings = { shouldShowWeatherWidget: true, shouldShowTicketQuoteWidget: false, forceHideOrganizers: false };
  type Key = keyof ReturnType<typeof sectionVisibility>;
  test.each<[string, Partial<VisibilityInput>, Partial<typeof settings>, Key, boolean]>([
    ['organizer: guides and active', { guides: [{}] }, {}, 'organizer', true],
    ['organizer: organizer data and active', { organizer: { id: 1, expert: { first_name: 'Anna', last_name: 'P' } } }, {}, 'organizer', true],
    ['organizer: nothing to show', {}, {}, 'organizer', false],
    ['organizer: inactive tour', { guides: [{}], is_tour_active: false }, {}, 'organizer', false],
    ['organizer: forceHideOrganizers', { guides: [{}] }, { forceHideOrganizers: true }, 'organizer', false],
    ['programme: days', { program: [{}] }, {}, 'program', true],
    ['programme: excursion description', { excursion_program_description: '<p>Walk</p>' }, {}, 'program', true],
    ['programme: an excursion with a difficulty', { type: 2, difficulty: 1 }, {}, 'program', true],
    ['programme: a tour with only a difficulty', { type: 1, difficulty: 3 }, {}, 'program', false],
    ['programme: empty description', { excursion_program_description: '<p> </p>' }, {}, 'program', false],
    ['living: accommodation', { accommodation: [{}] }, {}, 'living', true],
    ['living: living base', { living_base: { description: '', images: [] } }, {}, 'living', true],
    ['living: cabins table', { cabins_price_table: '<table><tr><td>A</td></tr></table>' }, {}, 'living', true],
    ['living: never for an excursion', { type: 2, accommodation: [{}] }, {}, 'living', false],
    ['living: nothing', {}, {}, 'living', false],
    ['faq: items', { faq: [{}] }, {}, 'faq', true],
    ['faq: penalties', { penalties: [{}] }, {}, 'faq', true],
    ['faq: penalties conditions', { penalties_conditions: '<p>Terms</p>' }, {}, 'faq', true],
    ['faq: organizational details', { organizational_details: 'Bring boots' }, {}, 'faq', true],
    ['faq: a discount', { discounts: [{}] }, {}, 'faq', true],
    ['faq: a special tariff', { special_tariff: '<p>Students</p>' }, {}, 'faq', true],
    ['faq: nothing', {}, {}, 'faq', false],
    ['schedule: variants', { variants: [v()] }, {}, 'schedule', true],
    ['schedule: excursion dates', { excursion_dates: [excursionDate] }, {}, 'schedule', true],
    ['schedule: individual dates only', { use_request_period: true, request_period_start: '2030-01-01', request_period_end: '2030-02-01' }, {}, 'schedule', true],
    ['schedule: hidden for individual tours', { variants: [v()], is_individual: true }, {}, 'schedule', false],
    ['schedule: no dates', {}, {}, 'schedule', false],
    ['weather: setting on and active', {}, {}, 'weather', true],
    ['weather: inactive tour', { is_tour_active: false }, {}, 'weather', false],
    ['weather: setting off', {}, { shouldShowWeatherWidget: false }, 'weather', false],
    ['ticket quote: setting off', {}, {}, 'ticketQuote', false],
    ['ticket quote: setting on', {}, { shouldShowTicketQuoteWidget: true }, 'ticketQuote', true],
    ['recommendations: is_need_show_cities_info', { is_need_show_cities_info: true }, {}, 'recommendations', true],
    ['recommendations: not needed', {}, {}, 'recommendations', false],
  ])('%s', (_name, over, settingsOver, key, expected) => {
    expect(sectionVisibility({ ...base, ...over }, { ...settings, ...settingsOver })[key]).toBe(expected);
  });

  test('anchors keep the order of §2.6 and drop hidden sections', () => {
    expect(visibleAnchors({ program: true, living: true, faq: true, schedule: true })).toEqual(['overview', 'route', 'accommodation', 'conditions', 'faq', 'schedule', 'reviews']);
    expect(visibleAnchors({ program: false, living: false, faq: true, schedule: false })).toEqual(['overview', 'conditions', 'faq', 'reviews']);
  });
});

describe('tour redirects (§7.2)', () => {
  test.each([
    ['/volga-cruise-1001', '/volga-cruise-1001'],
    ['/de/wolga-kreuzfahrt-1001', '/de/wolga-kreuzfahrt-1001'],
    ['https://evil.example/x-1', null],
    ['//evil.example/x-1', null],
    ['/javascript:alert(1)', null],
    ['/tours', null],
    ['', null],
    [undefined, null],
  ])('%s → %s', (redirect, expected) => {
    expect(allowedTourRedirect(redirect)).toBe(expected);
  });
});
