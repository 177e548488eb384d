import { cardDuration, cardLocation, imageOf, moreDatesCount, organizerShortName, toTourCardView, visibleTags } from './tour-card';

describe('organizerShortName (§3.5)', () => {
  test.each([
    [{ first_name: 'Anna', last_name: 'Petrova' }, 'Anna P.'],
    [{ first_name: 'Ivan', last_name: 'ivanov' }, 'Ivan I.'],
    [{ first_name: ' Lee ', last_name: ' Wong ' }, 'Lee W.'],
    [{ first_name: 'Ольга', last_name: 'Смирнова' }, 'Ольга С.'],
    [{ first_name: 'Max', last_name: '' }, 'Max'],
    [{ first_name: '', last_name: 'Brown' }, 'B.'],
    [null, ''],
  ])('%p → %p', (expert, expected) => {
    expect(organizerShortName(expert)).toBe(expected);
  });
});

describe("'+N dates' (§9: variants − 1, plus 1 with a request period)", () => {
  test.each([
    [0, false, 0],
    [1, false, 0],
    [2, false, 1],
    [5, false, 4],
    [0, true, 0],
    [1, true, 1],
    [5, true, 5],
  ])('%d variants, request period %p → %d', (variants, period, expected) => {
    expect(moreDatesCount(variants, period)).toBe(expected);
  });
});

describe('cardDuration (§3.4: days for a tour, hours for an excursion)', () => {
  test.each([
    [1, 7, null, { value: 7, unit: 'days' }],
    ['TOUR', 3, 5, { value: 3, unit: 'days' }],
    [2, 1, 4, { value: 4, unit: 'hours' }],
    ['EXCURSION', 1, 3, { value: 3, unit: 'hours' }],
    [2, 1, null, null],
    [1, 0, null, null],
  ])('type %p days %p hours %p', (type, days, hours, expected) => {
    expect(cardDuration(type, days, hours)).toEqual(expected);
  });
});

describe('imageOf (§3.4: a string or {url})', () => {
  test.each([
    ['/media/a/{{size}}/image.svg', '/media/a/{{size}}/image.svg'],
    [{ url: '/b.jpg' }, '/b.jpg'],
    [{ url: null }, null],
    ['', null],
    [null, null],
    [undefined, null],
  ])('%p → %p', (image, expected) => {
    expect(imageOf(image)).toBe(expected);
  });
});

describe('visible tags and location', () => {
  test('hidden tags are left out', () => {
    expect(visibleTags([{ id: 1, text: 'Hiking' }, { id: 2, text: 'Secret', is_hidden: true }, { id: 3, text: 'Lakes', is_hidden: false }]).map((t) => t.id)).toEqual([1, 3]);
  });
  test.each([
    [{ mainLocationName: 'Altai Republic' }, 'Altai Republic'],
    [{ mainLocation: 'city', hostCities: [{ text: 'Kazan' }], regions: [{ text: 'Tatarstan' }] }, 'Kazan'],
    [{ mainLocation: 'region', hostCities: [{ text: 'Kazan' }], regions: [{ text: 'Tatarstan' }] }, 'Tatarstan'],
    [{ mainLocation: 'country', countries: [{ text: 'Russia' }], regions: [{ text: 'Tatarstan' }] }, 'Russia'],
    [{ mainLocation: 'city', regions: [{ text: 'Tatarstan' }] }, 'Tatarstan'],
    [{}, ''],
  ])('%p → %p', (input, expected) => {
    expect(cardLocation(input)).toBe(expected);
  });
});

describe('toTourCardView', () => {
  const base = { id: 1001, title: 'Altai trek', slug: 'altai-trek-1001' };

  test('a search item (camelCase)', () => {
    const view = toTourCardView({
      ...base, image: { url: '/media/tours/1001-1/{{size}}/image.svg' }, price: 900, currency: 'USD', originalPrice: 81000, originalCurrency: 'RUB',
      priceWithoutDiscount: 1000, originalPriceWithoutDiscount: 90000, isNeedShowPriceFrom: true, type: 1, days: 7,
      mainLocationName: 'Altai', variants: [{}, {}, {}], isUsingRequestPeriod: true,
      organizer: { expert: { first_name: 'Anna', last_name: 'Petrova', photo: '/p.jpg' } }, mainActivity: { name: 'Hiking' },
      tags: [{ id: 1, text: 'Lakes', is_hidden: false }, { id: 2, text: 'x', is_hidden: true }], rating: 4.8, reviewsCount: 12,
      difficulty: 3, isNewTour: true, isVeryHot: false,
    });
    expect(view).toEqual({
      id: 1001, title: 'Altai trek', slug: 'altai-trek-1001', image: '/media/tours/1001-1/{{size}}/image.svg',
      price: { amount: 900, currency: 'USD' }, originalPrice: { amount: 81000, currency: 'RUB' }, oldPrice: 1000, originalOldPrice: 90000,
      discountPercent: 10, showFrom: true, duration: { value: 7, unit: 'days' }, location: 'Altai', moreDates: 3,
      organizerName: 'Anna P.', organizerPhoto: '/p.jpg', activity: 'Hiking', tags: [{ id: 1, text: 'Lakes', is_hidden: false }],
      rating: 4.8, reviewsCount: 12, difficulty: 3, isNew: true, isHot: false,
    });
  });

  test('a similar tour item (snake_case), currency defaulting to RUB', () => {
    const view = toTourCardView({ ...base, image: '/i.jpg', price: 45000, original_price: 45000, original_currency: 'RUB', main_location_name: 'Baikal', days: 5, rating: 4.5, reviews_count: 3 });
    expect(view).toMatchObject({ image: '/i.jpg', price: { amount: 45000, currency: 'RUB' }, originalPrice: { amount: 45000, currency: 'RUB' }, location: 'Baikal', duration: { value: 5, unit: 'days' }, reviewsCount: 3, oldPrice: null, discountPercent: null, showFrom: false });
  });

  test('an excursion in hours; a 1 % discount is hidden but the old price stays', () => {
    const view = toTourCardView({ ...base, type: 2, days: 1, hours: 4, price: 990, priceWithoutDiscount: 1000 });
    expect(view.duration).toEqual({ value: 4, unit: 'hours' });
    expect(view.oldPrice).toBe(1000);
    expect(view.discountPercent).toBeNull();
  });

  test('no price and no image', () => {
    const view = toTourCardView({ ...base, price: 0 });
    expect(view.price).toBeNull();
    expect(view.image).toBeNull();
    expect(view.moreDates).toBe(0);
  });
});
