import { browserMoscowOffset, formatMoscowOffset, MOSCOW_OFFSETS, moscowOffsetHours } from './moscow-offset';

describe('Moscow-time offsets (§7.4, §9)', () => {
  test('the table runs from −15 to +11, one row per hour', () => {
    expect(MOSCOW_OFFSETS.map((o) => o.offset)).toEqual(Array.from({ length: 27 }, (_, i) => i - 15));
    expect(MOSCOW_OFFSETS[0]).toEqual({ offset: -15, label: 'MSK−15', utc: 'UTC−12:00' });
    expect(MOSCOW_OFFSETS[15]).toEqual({ offset: 0, label: 'MSK', utc: 'UTC+03:00' });
    expect(MOSCOW_OFFSETS[26]).toEqual({ offset: 11, label: 'MSK+11', utc: 'UTC+14:00' });
  });

  test.each([
    ['Moscow UTC+3', 180, 0],
    ['London winter UTC+0', 0, -3],
    ['Berlin summer UTC+2', 120, -1],
    ['Samara UTC+4', 240, 1],
    ['Vladivostok UTC+10', 600, 7],
    ['Kamchatka UTC+12', 720, 9],
    ['Kiritimati UTC+14', 840, 11],
    ['Baker Island UTC−12', -720, -15],
    ['New York winter UTC−5', -300, -8],
    ['India UTC+5:30 (half hour rounds up)', 330, 3],
    ['Nepal UTC+5:45', 345, 3],
    ['Newfoundland UTC−3:30', -210, -6],
    ['beyond the table east', 900, 11],
    ['beyond the table west', -800, -15],
    ['not a number', Number.NaN, 0],
  ])('%s → %p', (_name, minutes, expected) => {
    expect(moscowOffsetHours(minutes)).toBe(expected);
  });

  test('labels', () => {
    expect(formatMoscowOffset(-3)).toBe('MSK−3');
    expect(formatMoscowOffset(0)).toBe('MSK');
    expect(formatMoscowOffset(7)).toBe('MSK+7');
  });

  test("the browser's clock: Date#getTimezoneOffset is west positive", () => {
    const date = { getTimezoneOffset: () => -600 } as Date; // UTC+10
    expect(browserMoscowOffset(date)).toEqual({ offset: 7, label: 'MSK+7', utc: 'UTC+10:00' });
  });
});
