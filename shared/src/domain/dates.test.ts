import { DAY, dateRangeText, travellerToday, utcDate, type DateFormatter } from './dates';

// jest runs with a fixed clock (scripts/jest/fixed-clock.ts); these dates are given, not read.
test.each([
  ['mid-day', new Date(2026, 6, 14, 12, 0), '2026-07-14'],
  ['just after midnight', new Date(2026, 0, 1, 0, 5), '2026-01-01'],
  ['just before midnight', new Date(2025, 11, 31, 23, 55), '2025-12-31'],
  ['a leap day', new Date(2028, 1, 29, 9, 0), '2028-02-29'],
])("today is the traveller's calendar day: %s", (_case, now, expected) => {
  expect(travellerToday(now)).toBe(expected);
});

test.each([
  ['a day', '2026-07-14', '2026-07-14T00:00:00.000Z'],
  ['the day of a date-time', '2026-07-14T23:30:00+10:00', '2026-07-14T00:00:00.000Z'],
  ['the year end', '2025-12-31', '2025-12-31T00:00:00.000Z'],
])('utcDate: %s is that day at UTC midnight', (_case, iso, expected) => {
  expect(utcDate(iso).toISOString()).toBe(expected);
});

const en: DateFormatter = {
  formatDate: (d, o) => new Intl.DateTimeFormat('en-US', o).format(d),
  formatDateTimeRange: (a, b, o) => new Intl.DateTimeFormat('en-US', o).formatRange(a, b),
};
test.each([
  ['one day', '2026-07-01', '2026-07-01', 'Jul 1, 2026'],
  ['one day, given as date-times', '2026-07-01T10:00:00Z', '2026-07-01T18:00:00Z', 'Jul 1, 2026'],
  ['days of one month', '2026-07-01', '2026-07-05', 'Jul 1 – 5, 2026'],
  ['across a year end', '2025-12-30', '2026-01-02', 'Dec 30, 2025 – Jan 2, 2026'],
])('dateRangeText: %s', (_case, start, end, expected) => {
  expect(dateRangeText(en, start, end).replace(/\u2009/g, ' ')).toBe(expected);
  expect(DAY.timeZone).toBe('UTC');
});
