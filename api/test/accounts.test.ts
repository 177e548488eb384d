/** Traveller account calls: GET /crm/api/user/profile, POST /crm/api/user/set-currency (public-site §9, accounts-and-comms §7). */
import type { FastifyInstance } from 'fastify';
import { ProfileAnswer, SetCurrencyAnswer } from '@tours/shared/src/api/schemas/accounts';
import { insertTraveller, issueToken, travellerByToken } from '../src/db/queries/travellers';
import { createTestDb, expectShape, get, testServer, type TestDb } from './helpers';

let t: TestDb;
let app: FastifyInstance;
let token: string;
let travellerId: number;

beforeAll(async () => {
  t = await createTestDb({ seed: false });
  app = testServer(t.db);
  travellerId = await insertTraveller(t.db, { first_name: 'Anna', last_name: 'Petrova', email: 'anna@example.com', phone: '+79161234567', language: 'en' });
  token = await issueToken(t.db, travellerId);
});
afterAll(async () => {
  await app.close();
  await t.cleanup();
});

const setCurrency = (body: unknown, auth?: string) =>
  app.inject({ method: 'POST', url: '/crm/api/user/set-currency', payload: body as object, headers: auth ? { 'x-authorization': auth } : {} });

describe('POST /crm/api/user/set-currency', () => {
  test('saves the currency to the profile and answers the updated user', async () => {
    const res = await setCurrency({ currency_code: 'EUR' }, `Bearer ${token}`);
    expect(res.statusCode).toBe(200);
    const { user } = expectShape(res.json(), SetCurrencyAnswer);
    expect(user).toMatchObject({ id: travellerId, first_name: 'Anna', last_name: 'Petrova', email: 'anna@example.com', is_email_set: true, currency: 'EUR' });
    // Saved: the profile says so on the next request, and so does the database.
    const profile = expectShape((await get(app, '/crm/api/user/profile', { 'x-authorization': `Bearer ${token}` })).body, ProfileAnswer);
    expect(profile.profile.currency).toBe('EUR');
    expect((await travellerByToken(t.db, token))?.currency).toBe('EUR');
    expect((await setCurrency({ currency_code: 'RUB' }, `Bearer ${token}`)).json().user.currency).toBe('RUB');
  });

  test.each([
    [{ currency_code: 'EURO' }, 'A currency code must be 3 characters long'],
    [{ currency_code: 'EU' }, 'A currency code must be 3 characters long'],
    [{ currency_code: 'XYZ' }, 'Incorrect value'],
    [{ currency_code: 'eur' }, 'Incorrect value'],
    [{}, 'Required field'],
  ])('%j is a 422 keyed by currency_code and changes nothing', async (body, message) => {
    const before = (await travellerByToken(t.db, token))?.currency;
    const res = await setCurrency(body, `Bearer ${token}`);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message, errors: { currency_code: message } });
    expect((await travellerByToken(t.db, token))?.currency).toBe(before);
  });

  test.each([
    ['no X-Authorization', undefined],
    ['a malformed header', 'Bearer short'],
    ['a token nobody was given', `Bearer ${'x'.repeat(43)}`],
  ])('%s is a 401 in the error shape', async (_label, auth) => {
    const res = await setCurrency({ currency_code: 'EUR' }, auth);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthorized' });
  });

  test('an expired token is a 401', async () => {
    const old = await issueToken(t.db, travellerId, new Date(Date.now() - 31 * 86_400_000));
    expect((await setCurrency({ currency_code: 'EUR' }, `Bearer ${old}`)).statusCode).toBe(401);
    expect((await get(app, '/crm/api/user/profile', { 'x-authorization': `Bearer ${old}` })).status).toBe(401);
  });
});

describe('GET /crm/api/user/profile', () => {
  test('answers the profile of the token, 401 without one', async () => {
    const other = await insertTraveller(t.db, { first_name: 'Max', last_name: 'Müller', phone: '+4915112345678' });
    const otherToken = await issueToken(t.db, other);
    const profile = expectShape((await get(app, '/crm/api/user/profile', { 'x-authorization': `Bearer ${otherToken}` })).body, ProfileAnswer).profile;
    expect(profile).toMatchObject({ id: other, first_name: 'Max', last_name: 'Müller', email: null, is_email_set: false, phone: '+4915112345678', currency: null, country: null });
    expect((await get(app, '/crm/api/user/profile')).status).toBe(401);
  });
});
