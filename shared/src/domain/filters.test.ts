import { DEFAULT_FILTER, filterFromSearch, filterToSearch, normaliseFilter, serialiseFilter, toBool } from './filters';

describe('normaliseFilter (§5.4)', () => {
  test.each([
    ['priceMin below 0', { priceMin: -5 }, { priceMin: 0 }],
    ['priceMax above 200000', { priceMax: '250000' }, { priceMax: 200000 }],
    ['pricePerDayMin above 30000', { pricePerDayMin: 40000 }, { pricePerDayMin: 30000 }],
    ['pricePerDayMax negative', { pricePerDayMax: -1 }, { pricePerDayMax: 0 }],
    ['daysMin above 20', { daysMin: 25 }, { daysMin: 20 }],
    ['daysMax text', { daysMax: 'abc' }, { daysMax: 0 }],
    ['minAge in range', { minAge: '12' }, { minAge: 12 }],
    ['minAge 18 becomes 0', { minAge: 18 }, { minAge: 0 }],
    ['minAge -1 becomes 0', { minAge: '-1' }, { minAge: 0 }],
    ['minAge absent stays null', {}, { minAge: null }],
    ['page 0 becomes 1', { page: 0 }, { page: 1 }],
    ['page text becomes 1', { page: 'x' }, { page: 1 }],
    ['page 3', { page: '3' }, { page: 3 }],
    ['unknown sort', { sort: 'cheap' }, { sort: 'default' }],
    ['sort -price', { sort: '-price' }, { sort: '-price' }],
    ['numeric lists drop non-numbers', { regions: ['1', 'x', '2', 2] }, { regions: [1, 2] }],
    ['comma lists', { cities: '5,6' }, { cities: [5, 6] }],
    ['boolean "true"', { isCruisesSearch: 'true' }, { isCruisesSearch: true }],
    ['boolean "1"', { onlyReturningCruises: '1' }, { onlyReturningCruises: true }],
    ['boolean 1', { isAuthorTourSearch: 1 }, { isAuthorTourSearch: true }],
    ['boolean "yes" is false', { isCruisesSearch: 'yes' }, { isCruisesSearch: false }],
    ['alias city', { city: '7' }, { cities: [7] }],
    ['alias region', { region: ['3', '4'] }, { regions: [3, 4] }],
    ['alias shipId', { shipId: '9' }, { ships: [9] }],
    ['alias organizerId', { organizerId: '11' }, { organizer: 11 }],
    ['languages are codes', { languages: ['en', 'de'] }, { languages: ['en', 'de'] }],
    ['operatorType checked', { operatorType: 'author' }, { operatorType: 'author' }],
    ['operatorType unknown', { operatorType: 'x' }, { operatorType: null }],
    ['the text search is trimmed', { query: '  baikal ice ' }, { query: 'baikal ice' }],
    ['the text search keeps 100 characters', { query: 'x'.repeat(120) }, { query: 'x'.repeat(100) }],
  ])('%s', (_name, input, expected) => {
    expect(normaliseFilter(input)).toMatchObject(expected);
  });

  test('an empty input is the default filter of §3.1', () => {
    expect(normaliseFilter({})).toEqual(DEFAULT_FILTER);
  });

  test.each([[true, true], [1, true], ['1', true], ['true', true], [false, false], [0, false], ['0', false], ['', false], [undefined, false]])('toBool(%p) = %p', (v, expected) => {
    expect(toBool(v)).toBe(expected);
  });
});

describe('serialiseFilter (§5.4)', () => {
  const f = (over: Record<string, unknown>) => normaliseFilter(over);
  test.each([
    ['default filter is empty', {}, {}],
    ['priceMax at the limit is omitted', { priceMax: 200000 }, {}],
    ['priceMax below the limit is kept', { priceMax: 150000 }, { priceMax: '150000' }],
    ['pricePerDayMax at 30000 omitted', { pricePerDayMax: 30000 }, {}],
    ['daysMax at 20 omitted', { daysMax: 20 }, {}],
    ['daysMax 7 kept', { daysMax: 7 }, { daysMax: '7' }],
    ['page 1 omitted', { page: 1 }, {}],
    ['page 2 kept', { page: 2 }, { page: '2' }],
    ['operatorType any omitted', { operatorType: 'any' }, {}],
    ['operatorType author kept', { operatorType: 'author' }, { operatorType: 'author' }],
    ['sort default omitted', { sort: 'default' }, {}],
    ['sort price kept', { sort: 'price' }, { sort: 'price' }],
    ['type 1 omitted', { type: 1 }, {}],
    ['type 2 kept', { type: 2 }, { type: '2' }],
    ['booleans as 0/1', { isCruisesSearch: true, onlyReturningCruises: 'true' }, { isCruisesSearch: '1', onlyReturningCruises: '1' }],
    ['lists of ids', { regions: [3, 1] }, { regions: ['3', '1'] }],
    ['organizer becomes organizerId', { organizerId: 4 }, { organizerId: '4' }],
    ['empty strings omitted', { dateFrom: '', placeName: '', query: '' }, {}],
    ['the text search kept', { query: 'lake' }, { query: 'lake' }],
    ['dates kept', { dateFrom: '2026-12-01', dateTo: '2026-12-10' }, { dateFrom: '2026-12-01', dateTo: '2026-12-10' }],
  ])('%s', (_name, input, expected) => {
    expect(serialiseFilter(f(input))).toEqual(expected);
  });

  test('the URL round-trips: parse(serialise(filter)) equals filter', () => {
    const filter = normaliseFilter({ regions: [5, 2], cities: [9], priceMin: 1000, priceMax: 50000, daysMin: 2, sort: '-price', page: 3, isCruisesSearch: true, languages: ['en'], minAge: 6 });
    const search = filterToSearch(filter);
    expect(search).toBe('?cities=9&daysMin=2&isCruisesSearch=1&languages=en&minAge=6&page=3&priceMax=50000&priceMin=1000&regions=5&regions=2&sort=-price');
    expect(filterFromSearch(search)).toEqual(filter);
  });
});
