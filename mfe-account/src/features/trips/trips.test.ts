import { createIntl } from 'react-intl';
import { buildHref } from '@tours/shared/contract';
import type { HostContext } from '@tours/shared/contract';
import { tripDatesText, tripLinks } from './trips';
import { trip, UUID_1 } from './test-fixtures';

const href: HostContext['href'] = (name, params = {}, query) => buildHref(name, params, 'en', query);

describe('tripLinks: where each action the API offers leads', () => {
  test('pay and cancel on the booking\'s page, tourists on add-tourists, the chat on the chat page; in the API\'s order', () => {
    expect(tripLinks(trip(), href)).toEqual([
      { action: 'pay', href: `/en/arrival/${UUID_1}`, labelId: 'account.trips.action.pay', values: { amount: '€300' } },
      { action: 'add_tourists', href: `/en/order/${UUID_1}/add-tourists?request_id=1234567890`, labelId: 'account.trips.action.add_tourists' },
      { action: 'chat', href: '/en/chat', labelId: 'account.trips.action.chat' },
      { action: 'cancel', href: `/en/arrival/${UUID_1}`, labelId: 'account.trips.action.cancel' },
    ]);
  });

  test('a cancelled trip offers nothing', () => {
    expect(tripLinks(trip({ status: 5, status_name: 'canceled_tourist', due: null, actions: [] }), href)).toEqual([]);
  });
});

describe('tripDatesText: the site\'s date words (react-intl in the page\'s locale)', () => {
  const intl = (locale: string) => createIntl({ locale });
  test.each([
    [{ start: '2025-07-01', end: '2025-07-05', time_start: null }, 'en-US', 'Jul 1 – 5, 2025'],
    [{ start: '2025-07-01', end: '2025-07-01', time_start: '10:30' }, 'en-US', 'Jul 1, 2025, 10:30'],
    [{ start: '2025-07-01', end: null, time_start: null }, 'de', '1. Juli 2025'],
    [{ start: '2025-06-29', end: '2025-07-03', time_start: null }, 'ru', '29 июн. – 3 июл. 2025 г.'],
  ])('%j in %s', (dates, locale, expected) => {
    expect(tripDatesText({ kind: 'variant', variant_id: 5, not_guaranteed: false, ...dates }, intl(locale))?.replace(/[\u2009\u202f\u00a0]/g, ' ')).toBe(expected);
  });

  test('no dates: nothing to show', () => {
    expect(tripDatesText({ kind: 'none', variant_id: null, start: null, end: null, not_guaranteed: false, time_start: null }, intl('en-US'))).toBeNull();
  });
});
