/**
 * Issue 17, defect 9: every amount of the tour page goes through the one price display (Price of the kit) and is shown
 * in the traveller's currency — the discount in roubles, the cabins rows, the other option's price.
 */
import './test-swiper';
import '@testing-library/jest-dom';
import { act, screen, within } from '@testing-library/react';
import { assert } from 'superstruct';
import { currencyAtom } from '@tours/shared/core';
import { TourDetailAnswer } from '@tours/shared/api';
import { clearConversionCache } from '@tours/shared/src/domain/price';
import { renderScreen, type FakeRoutes } from '@tours/shared/src/testing';
import { TourView } from './TourView';
import { CONTACT_ROUTES, NO_CITIES, VERIFICATION, reviewsPage, tourFixture } from './test-fixture';

/** Units of the currency per rouble, as the API's rates would give. */
const RATES: Record<string, number> = { USD: 0.0125, EUR: 0.01 };

const option = {
  id: 1354, title: 'Vyborg Castle tour', slug: 'vyborg-castle-1354', image: '/media/tours/1354-1/{{size}}/image.svg', price: 78000, currency: 'RUB', original_price: 78000,
  original_currency: 'RUB', main_location_name: 'Leningrad Oblast', days: 3, rating: 4.5, reviews_count: 2, type: 1, type_name: 'TOUR', duration: 3, duration_unit: 'days',
  hours: null, price_without_discount: 78000, is_need_show_price_from: false,
};

function routes(): FakeRoutes {
  return {
    '/node-api/convert-price': (req: { query?: Record<string, unknown> }) => {
      const q = req.query as { from_currency: string; to_currency: string; amount: number };
      return { result: Math.round(Number(q.amount) * (RATES[q.to_currency] ?? 1) * 100) / 100 };
    },
    ...CONTACT_ROUTES,
    '/crm/api/tour/get-by-ids': [option],
    '/spa/tour-reviews': reviewsPage(1, 0),
    '/spa/tours-cities': NO_CITIES,
    '/crm/api/organizer/verification-info': VERIFICATION,
  };
}

/** A cruise answered in roubles (as cached before the traveller switched the currency), with its cabins as rows. */
const cruise = tourFixture({
  is_cruise: true,
  cabins_price_table: '<table><tr><th>Cabin</th><th>Price per person, RUB</th></tr><tr><td>Main deck, twin cabin</td><td>156800</td></tr><tr><td>Suite</td><td>344960</td></tr></table>',
  cabins: [
    { name: 'Main deck, twin cabin', price: 156800, currency: 'RUB', original_price: 156800, original_currency: 'RUB' },
    { name: 'Suite', price: 344960, currency: 'RUB', original_price: 344960, original_currency: 'RUB' },
  ],
});

function show(currency: string) {
  assert(cruise, TourDetailAnswer);
  const r = renderScreen(<TourView tour={cruise} />, { url: `/en/${cruise.slug}`, routes: routes() });
  act(() => r.host.store.set(currencyAtom, currency));
  return r;
}

const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

beforeEach(() => clearConversionCache());

describe.each([
  ['USD', '−$113', ['$1,960', '$4,312'], '$975'],
  ['EUR', '−€90', ['€1,568', '€3,450'], '€780'],
])('a %s page', (currency, discount, cabins, other) => {
  test(`the discount in roubles shows as ${discount}, never in ₽`, async () => {
    show(currency);
    await screen.findByRole('button', { name: /Day 1 - Day title 1/ });
    const item = within(screen.getByTestId('discounts')).getAllByRole('listitem')[1]!;
    await within(item).findByText(discount.slice(1));
    expect(plain(item.textContent)).toContain(discount);
    expect(item.textContent).not.toMatch(/₽|RUB|9 000|9000/);
  });

  test('the cabins table shows each row in the currency, with no raw number', async () => {
    show(currency);
    const table = await screen.findByRole('region', { name: 'Cabin prices' });
    expect(within(table).getByRole('columnheader', { name: 'Price per person' })).toBeInTheDocument();
    const rows = within(table).getAllByRole('row').slice(1);
    for (const [i, text] of cabins.entries()) await within(rows[i]!).findByText(text);
    expect(table.textContent).not.toMatch(/156800|344960|₽|RUB/);
  });

  test("another option's date shows that tour's price in the currency", async () => {
    show(currency);
    await screen.findByRole('button', { name: /Day 1 - Day title 1/ });
    const schedule = document.getElementById('schedule')!;
    const item = within(schedule).getAllByRole('listitem').find((li) => li.getAttribute('data-variant') === '4')!;
    await within(item).findByText(/another option of the tour: Vyborg Castle tour/);
    await within(item).findByText(other);
    expect(within(item).getByText(/another option/).textContent).not.toMatch(/₽/);
  });
});
