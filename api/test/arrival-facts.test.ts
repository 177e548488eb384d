/**
 * The arrival page's facts (issue 29: it showed the tour's 'city' or 'region' code instead of a place, and no meeting
 * place, total or balance): get-by-uuid answers the place and the gathering place in the reader's language and the
 * booking's money — an estimate before the confirmation, the agreement's total after it, what was paid and the balance.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { RequestAnswer, SubmitOrderAnswer } from '@tours/shared/src/api/schemas/booking';
import { PAYMENT_STATUS } from '@tours/shared/src/api/schemas/payments';
import { bookingMoney } from '../src/use-cases/arrival-facts';
import { expectShape, get, TODAY, withTestServer } from './helpers';

type Json = Record<string, unknown>;
type Row = Record<string, string | number | null>;

describe('bookingMoney: total, paid and balance', () => {
  const paid = (amount: number) => ({ amount, status: PAYMENT_STATUS.PAYED });
  const open = (amount: number) => ({ amount, status: PAYMENT_STATUS.NEW });
  test.each<[string, Parameters<typeof bookingMoney>[0], ReturnType<typeof bookingMoney>]>([
    ['before the confirmation: the price, an estimate', { agreement: null, price: 52600, currency: 'RUB', invoices: [] }, { total: 52600, paid: 0, balance: 52600, currency: 'RUB', estimate: true }],
    ['confirmed: the agreement\'s total and currency', { agreement: { amount: 600, currency: 'EUR' }, price: null, currency: 'RUB', invoices: [open(180)] }, { total: 600, paid: 0, balance: 600, currency: 'EUR', estimate: false }],
    ['the prepayment paid', { agreement: { amount: 600, currency: 'EUR' }, price: null, currency: 'EUR', invoices: [paid(180), open(420)] }, { total: 600, paid: 180, balance: 420, currency: 'EUR', estimate: false }],
    ['all paid: nothing left', { agreement: { amount: 600, currency: 'EUR' }, price: null, currency: 'EUR', invoices: [paid(180), paid(420)] }, { total: 600, paid: 600, balance: 0, currency: 'EUR', estimate: false }],
    ['more paid than the total (a changed agreement): never below 0', { agreement: { amount: 500, currency: 'EUR' }, price: null, currency: 'EUR', invoices: [paid(600)] }, { total: 500, paid: 600, balance: 0, currency: 'EUR', estimate: false }],
    ['no price known: no total, no balance', { agreement: null, price: null, currency: 'USD', invoices: [] }, { total: null, paid: 0, balance: null, currency: 'USD', estimate: true }],
  ])('%s', (_name, input, expected) => expect(bookingMoney(input)).toEqual(expected));
});

describe('get-by-uuid: the place, the gathering place and the money', () => {
  let k: Kysely<Record<string, Row>>;
  let tour: { id: number; variant: number; price: number };

  const { t, app } = withTestServer({ devMode: true });
  beforeAll(async () => {
    k = t.db.kysely as unknown as Kysely<Record<string, Row>>;
    const rows = (await k.selectFrom('tour_variants as v').innerJoin('tours as t', 't.id', 'v.tour_id')
      .select(['v.id as variant', 'v.tour_id as tour', 'v.price as price']).where('t.is_published', '=', 1).where('v.is_busy', '=', 0)
      .where('v.start', '>', TODAY).orderBy('v.start').orderBy('v.id').execute()) as unknown as { variant: number; tour: number; price: number }[];
    tour = { id: rows[0]!.tour, variant: rows[0]!.variant, price: rows[0]!.price };
    await k.updateTable('tour_variants').set({ number_of_free_seats: 1000 }).where('id', '=', tour.variant).execute();
  }, 60_000);


  const post = async (url: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await app.inject({ method: 'POST', url, payload: JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } });
    return { status: res.statusCode, body: res.json() as Json };
  };
  const request = async (uuid: string, locale: string) => {
    const res = await get(app, `/crm/api/request/get-by-uuid?uuid=${uuid}`, { 'x-language': locale });
    expect(res.status).toBe(200);
    return expectShape(res.body, RequestAnswer).request;
  };

  test('in the reader\'s language: the place\'s name (not its kind) and where the tour gathers', async () => {
    const sent = expectShape((await post('/spa/submit-order', { data: { tour_id: tour.id, dates: tour.variant, adults: 2, name: 'Anna', phone: '+7 916 123-45-67', agree: true, currency: 'RUB' } }, { 'idempotency-key': `af-${randomUUID()}` })).body, SubmitOrderAnswer);
    const row = (await k.selectFrom('tours').selectAll().where('id', '=', tour.id).executeTakeFirstOrThrow());
    const place = row.main_location === 'city' && row.main_city_id !== null
      ? await k.selectFrom('cities').selectAll().where('id', '=', Number(row.main_city_id)).executeTakeFirstOrThrow()
      : await k.selectFrom('regions').selectAll().where('id', '=', Number(row.main_region_id)).executeTakeFirstOrThrow();
    for (const [locale, lang] of [['en', 'en'], ['cn', 'cn'], ['de', 'de']] as const) {
      const got = await request(sent.requestUUID, locale);
      expect(got.tour!.main_location_name).toBe((place[`name_${lang}`] as string | null) || place.name_en);
      expect(['city', 'region']).not.toContain(got.tour!.main_location_name);
      expect(got.tour!.gathering_place).toBe((row[`gathering_place_${lang === 'de' ? 'en' : lang}`] as string));
      expect(got.tour!.gathering_place).not.toBe('');
    }
  });

  test('the money: an estimate before the confirmation, the agreement\'s total after it, paid and the balance once paid', async () => {
    const sent = expectShape((await post('/spa/submit-order', { data: { tour_id: tour.id, dates: tour.variant, adults: 2, children: 1, name: 'Anna', phone: '+7 916 123-45-67', agree: true, currency: 'RUB' } }, { 'idempotency-key': `af-${randomUUID()}` })).body, SubmitOrderAnswer);
    const before = await request(sent.requestUUID, 'en');
    expect(before.money).toEqual({ total: tour.price * 3, paid: 0, balance: tour.price * 3, currency: 'RUB', estimate: true });

    expect((await post(`/internal/requests/${sent.request_id}/confirm`, { prepayment_percent: 30 })).status).toBe(200);
    const confirmed = await request(sent.requestUUID, 'en');
    const total = confirmed.agreement!.amount;
    expect(confirmed.money).toEqual({ total, paid: 0, balance: total, currency: 'RUB', estimate: false });

    const invoice = confirmed.invoices!.find((x) => x.can_pay)!;
    const created = await post('/crm/api/payment/create', { invoice_id: invoice.id, uuid: sent.requestUUID });
    expect(created.status).toBe(200);
    const path = new URL(created.body.url as string).pathname;
    expect((await app.inject({ method: 'POST', url: `${path}/pay`, payload: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } })).statusCode).toBe(303);
    const paid = await request(sent.requestUUID, 'en');
    expect(paid.money).toEqual({ total, paid: invoice.amount, balance: total - invoice.amount, currency: 'RUB', estimate: false });
  });
});
