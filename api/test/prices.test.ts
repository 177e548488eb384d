/**
 * Issue 17, defect 9: amounts reach the page as numbers with their currency, never inside preformatted text, so the
 * page shows each through its one price display. The cabins price table is stored as HTML; the tour answers its rows.
 */
import { TourDetailAnswer } from '@tours/shared/src/api/schemas/tours';
import { cabinRowsOfTable } from '../src/lib/tour-views';
import { expectShape, get, withTestServer } from './helpers';

describe('cabinRowsOfTable', () => {
  test.each([
    ['<table><tr><th>Cabin</th><th>Price per person, RUB</th></tr><tr><td>Main deck</td><td>156800</td></tr><tr><td>Suite</td><td>344 960</td></tr></table>',
      [{ name: 'Main deck', rub: 156800 }, { name: 'Suite', rub: 344960 }]],
    ['<table><tbody><tr><td><b>Lux</b> &amp; more</td><td>1,200</td></tr></tbody></table>', [{ name: 'Lux & more', rub: 1200 }]],
    ['<table><tr><td>Main deck</td><td>on request</td></tr></table>', null],
    ['<p>No table</p>', null],
    ['', null],
    [null, null],
  ] as const)('%s', (html, rows) => {
    expect(cabinRowsOfTable(html)).toEqual(rows);
  });
});

describe('GET /spa/tour: cabins as rows with numbers', () => {
  const { t, app } = withTestServer();

  test('each row of the stored table, in RUB and converted to the page currency, the HTML kept', async () => {
    const cruises = await t.db.kysely.selectFrom('tours').select(['slug_en', 'cabins_price_table_en']).where('is_published', '=', 1)
      .where('cabins_price_table_en', 'is not', null).orderBy('id').limit(2).execute();
    expect(cruises.length).toBeGreaterThan(0);
    for (const cruise of cruises) {
      const stored = cabinRowsOfTable(cruise.cabins_price_table_en)!;
      const rub = expectShape((await get(app, `/spa/tour?slug=${cruise.slug_en}`)).body, TourDetailAnswer);
      expect(rub.cabins_price_table).toBe(cruise.cabins_price_table_en);
      expect(rub.cabins).toEqual(stored.map((r) => ({ name: r.name, price: r.rub, currency: 'RUB', original_price: r.rub, original_currency: 'RUB' })));
      const usd = expectShape((await get(app, `/spa/tour?slug=${cruise.slug_en}`, { 'x-currency': 'USD' })).body, TourDetailAnswer);
      expect(usd.cabins!.map((c) => [c.name, c.currency, c.original_price])).toEqual(stored.map((r) => [r.name, 'USD', r.rub]));
      const rate = usd.price / usd.original_price;
      for (const c of usd.cabins!) {
        expect(c.price).toBeLessThan(c.original_price);
        expect(Math.abs(c.price - c.original_price * rate)).toBeLessThanOrEqual(c.original_price * rate * 0.01 + 1);
      }
    }
  });

  test('a tour without a table answers no cabins', async () => {
    const tour = await t.db.kysely.selectFrom('tours').select('slug_en').where('is_published', '=', 1).where('cabins_price_table_en', 'is', null).orderBy('id').executeTakeFirstOrThrow();
    const body = expectShape((await get(app, `/spa/tour?slug=${tour.slug_en}`)).body, TourDetailAnswer);
    expect(body.cabins ?? null).toBeNull();
  });
});
