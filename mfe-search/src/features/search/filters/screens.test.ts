import { normaliseFilter } from '@tours/shared/domain';
import { applied, clearScreen, resetAll, screenIsSet, screensFor, SCREEN_FIELDS, toggle } from './screens';

describe('screens of the filters dropdown (§2.5)', () => {
  test('the Tours tab has its eleven screens, the Cruises tab its seven; sixteen in all with common', () => {
    expect(screensFor(false)).toEqual(['direction', 'restKinds', 'dates', 'price', 'duration', 'accommodation', 'minAge', 'comfort', 'difficulty', 'languages', 'groupSize']);
    expect(screensFor(true)).toEqual(['cruises_types', 'cruises_start_city', 'cruises_direction', 'cruises_ships', 'dates', 'price', 'duration']);
    expect(new Set([...screensFor(false), ...screensFor(true), 'common']).size).toBe(16);
  });
  test('the version without languages', () => {
    expect(screensFor(false, false)).not.toContain('languages');
  });
});

describe("'Clear' resets only the screen's own fields; 'Reset all filters' every screen", () => {
  const f = normaliseFilter({ regions: ['1'], cities: ['2'], comfort: ['3'], priceMin: '100', priceMax: '900', dateFrom: '2030-01-01', sort: 'price', query: 'lake', page: '3', operatorType: 'author', ships: ['5'], onlyReturningCruises: '1' });
  test.each([
    ['direction', { regions: [], cities: [], comfort: [3] }],
    ['price', { priceMin: 0, priceMax: 0, regions: [1] }],
    ['comfort', { comfort: [], priceMin: 100 }],
    ['cruises_start_city', { onlyReturningCruises: false, ships: [5] }],
    ['cruises_ships', { ships: [], onlyReturningCruises: true }],
  ] as const)('clear %s', (screen, expected) => {
    expect(clearScreen(f, screen)).toMatchObject(expected);
  });
  test('reset all keeps the tab, the text and the sort; page 1', () => {
    expect(resetAll(f)).toEqual(normaliseFilter({ sort: 'price', query: 'lake' }));
    expect(resetAll(normaliseFilter({ isCruisesSearch: '1', ships: ['5'] }))).toEqual(normaliseFilter({ isCruisesSearch: '1' }));
  });
  test('apply resets the page to 1', () => {
    expect(applied(f).page).toBe(1);
  });
  test.each(Object.keys(SCREEN_FIELDS))('%s is set only when one of its fields is', (screen) => {
    const s = screen as keyof typeof SCREEN_FIELDS;
    expect(screenIsSet(normaliseFilter({}), s)).toBe(false);
  });
  test('screenIsSet', () => {
    expect(screenIsSet(f, 'direction')).toBe(true);
    expect(screenIsSet(f, 'difficulty')).toBe(false);
  });
  test('toggle', () => {
    expect(toggle([1, 2], 2)).toEqual([1]);
    expect(toggle([1], 3)).toEqual([1, 3]);
  });
});
