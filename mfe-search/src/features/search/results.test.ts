import { normaliseFilter } from '@tours/shared/domain';
import type { ResultGroup, TourCardItem } from '@tours/shared/api';
import { activeFilterCount, mergeGroups, searchHref, searchKey, switchTab } from './results';

const card = (id: number) => ({ id } as TourCardItem);
const group = (key: ResultGroup['key'], ...ids: number[]): ResultGroup => ({ key, items: ids.map(card) });
const shape = (groups: ResultGroup[]) => groups.map((g) => `${g.key}:${g.items.map((i) => i.id).join(',')}`);

describe('mergeGroups (§3.2: groups with the same key merge when more results load)', () => {
  test.each([
    ['the same key continues', [group('tours', 1, 2)], [group('tours', 3, 4)], ['tours:1,2,3,4']],
    ['a new key is appended', [group('tours', 1, 2)], [group('tours', 3), group('excursions', 9)], ['tours:1,2,3', 'excursions:9']],
    ['merging into an earlier group', [group('tours', 1), group('excursions', 9)], [group('tours', 2)], ['tours:1,2', 'excursions:9']],
    ['nothing more', [group('cruises', 5)], [], ['cruises:5']],
    ['from nothing', [], [group('excursions', 7)], ['excursions:7']],
    ['a tour already shown is not repeated', [group('tours', 1, 2)], [group('tours', 2, 3)], ['tours:1,2,3']],
  ])('%s', (_name, current, next, expected) => {
    expect(shape(mergeGroups(current, next))).toEqual(expected);
  });

  test('does not change its inputs', () => {
    const current = [group('tours', 1)];
    mergeGroups(current, [group('tours', 2)]);
    expect(shape(current)).toEqual(['tours:1']);
  });
});

describe('search URLs', () => {
  test('the key ignores the page; the href carries the serialised filter', () => {
    const f = normaliseFilter({ regions: ['3'], page: '4', sort: 'price' });
    expect(searchKey('tours', f)).toBe(searchKey('tours', { ...f, page: 1 }));
    expect(searchKey('tours', f)).not.toBe(searchKey('altai', f));
    // the currency matters only with a price filter
    expect(searchKey('tours', f, 'USD')).toBe(searchKey('tours', f, 'EUR'));
    const priced = normaliseFilter({ priceMax: '900' });
    expect(searchKey('tours', priced, 'USD')).not.toBe(searchKey('tours', priced, 'EUR'));
    expect(searchHref('/en/tours', f)).toBe('/en/tours?page=4&regions=3&sort=price');
    expect(searchHref('/en/tours', normaliseFilter({}))).toBe('/en/tours');
  });
});

describe('switchTab (§4.12: switching Tours/Cruises rebuilds the filters)', () => {
  test.each([
    ['to cruises clears tour-only filters and places, keeps dates and price', { comfort: ['3'], restKinds: ['2'], regions: ['5'], dateFrom: '2030-01-01', priceMax: '90000', page: '3' }, true,
      { isCruisesSearch: true, comfort: [], restKinds: [], regions: [], dateFrom: '2030-01-01', priceMax: 90000, page: 1 }],
    ['to tours clears cruise-only filters', { isCruisesSearch: '1', ships: ['4'], cruisesType: ['1'], onlyReturningCruises: '1', daysMax: '7' }, false,
      { isCruisesSearch: false, ships: [], cruisesType: [], onlyReturningCruises: false, daysMax: 7 }],
  ])('%s', (_name, input, cruises, expected) => {
    expect(switchTab(normaliseFilter(input), cruises)).toMatchObject(expected);
  });
  test('the same tab changes nothing', () => {
    const f = normaliseFilter({ comfort: ['3'] });
    expect(switchTab(f, false)).toBe(f);
  });
});

describe('activeFilterCount', () => {
  test.each([
    [{}, 0],
    [{ sort: 'price', page: '2', query: 'lake' }, 0],
    [{ regions: ['1', '2'] }, 1],
    [{ regions: ['1'], cities: ['4'] }, 1],
    [{ priceMin: '100', priceMax: '900', pricePerDayMax: '50' }, 1],
    [{ dateFrom: '2030-01-01', dateTo: '2030-02-01', comfort: ['3'], difficulty: ['1'] }, 3],
    [{ operatorType: 'any' }, 0],
    [{ operatorType: 'author', type: '2', minAge: '0' }, 3],
  ])('%p → %d', (input, expected) => {
    expect(activeFilterCount(normaliseFilter(input))).toBe(expected);
  });
});
