/**
 * Traveller account calls (public-site §9, accounts-and-comms §2 'Profile and account settings', §3, §7): the profile,
 * its settings, the e-mail and phone (confirmed by code or link), and the account's favourite tours.
 */
import { PhoneConfirmationMethodsAnswer, ProfileAnswer, SetCurrencyAnswer, UpdateProfilePhotoAnswer, UserAnswer, UserInfoDataAnswer } from '@tours/shared/src/api/schemas/accounts';
import { FavouriteTourAnswer } from '@tours/shared/src/api/schemas/search';
import { insertTraveller, issueToken, revokeToken, travellerById, travellerByToken } from '../src/db/queries/travellers';
import { insertUpload } from '../src/db/queries/uploads';
import { expectShape, get, lastCode, outboxTo, withTestServer } from './helpers';

let token: string;
let travellerId: number;

const { t, app } = withTestServer({ devMode: true });
beforeAll(async () => {
  travellerId = await insertTraveller(t.db, { first_name: 'Anna', last_name: 'Petrova', email: 'anna@example.com', phone: '+79161234567', language: 'en' });
  token = await issueToken(t.db, travellerId);
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

const post = (url: string, body: unknown, auth?: string) =>
  app.inject({ method: 'POST', url, ...(body === undefined ? {} : { payload: body as object }), headers: auth ? { 'x-authorization': `Bearer ${auth}` } : {} });

/** A new traveller and a token of theirs. */
async function newTraveller(fields: Partial<Parameters<typeof insertTraveller>[1]> = {}): Promise<{ id: number; token: string }> {
  const id = await insertTraveller(t.db, { first_name: 'Test', last_name: 'Traveller', ...fields });
  return { id, token: await issueToken(t.db, id) };
}

describe('profile settings', () => {
  test('update-profile, set-language, change-country answer the updated user; update-profile-photo and set-activity store theirs', async () => {
    const { id, token } = await newTraveller();
    const updated = await post('/crm/api/user/update-profile', { first_name: ' Olga ', last_name: 'Smirnova', timezone: 3 }, token);
    expect(expectShape(updated.json(), UserAnswer).user).toMatchObject({ id, first_name: 'Olga', last_name: 'Smirnova' });
    expect((await post('/crm/api/user/update-profile', { first_name: '', last_name: '' }, token)).json().user).toMatchObject({ first_name: '', last_name: '' });
    expect((await post('/crm/api/user/set-language', { language_code: 'de' }, token)).json().user.language).toBe('de');
    const country = expectShape((await post('/crm/api/user/change-country', { country_id: 1 }, token)).json(), UserAnswer).user.country;
    expect(country).toMatchObject({ id: 1, iso_code: expect.any(String) });
    // The photo is an image this traveller uploaded (test/uploads.test.ts has the uploads and the refusals).
    const storedName = `${'ab'.repeat(16)}.png`;
    const avatarId = await insertUpload(t.db, {
      stored_name: storedName, traveller_id: id, kind: 'image', bucket: 'avatars', mime: 'image/png', size: 10, is_public: 1, original_name: 'me.png', created_at: new Date().toISOString(),
    });
    const photo = await post('/crm/api/user/update-profile-photo', { avatar_id: avatarId }, token);
    expect(expectShape(photo.json(), UpdateProfilePhotoAnswer)).toMatchObject({ success: true, user: { id, avatar_url: `/media/uploads/${storedName}` } });
    expect((await post('/crm/api/user/set-activity', undefined, token)).json()).toEqual({ success: true });
    const row = await travellerById(t.db, id);
    expect(row).toMatchObject({ timezone: 3, avatar_id: avatarId, country_id: 1, language: 'de' });
    expect(row?.last_activity_at).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  test.each([
    ['/crm/api/user/update-profile', { first_name: 'A' }, { last_name: 'Required field' }],
    ['/crm/api/user/update-profile', { first_name: 'A', last_name: 'B', timezone: 15 }, { timezone: 'Maximum 14' }],
    ['/crm/api/user/update-profile', { first_name: 'x'.repeat(101), last_name: 'B' }, { first_name: 'Maximum 100 characters' }],
    ['/crm/api/user/update-profile', { first_name: 'A\u0000', last_name: 'B' }, { first_name: 'Incorrect value' }],
    ['/crm/api/user/set-language', { language_code: 'fr' }, { language_code: 'Incorrect value' }],
    ['/crm/api/user/set-language', {}, { language_code: 'Required field' }],
    ['/crm/api/user/change-country', { country_id: 999999 }, { country_id: 'Incorrect value' }],
    ['/crm/api/user/change-country', { country_id: 0 }, { country_id: 'Minimum 1' }],
    ['/crm/api/user/update-profile-photo', { avatar_id: 'x' }, { avatar_id: 'Incorrect value' }],
  ])('%s %j → 422 %j, nothing changed', async (url, body, errors) => {
    const { id, token } = await newTraveller();
    const before = await travellerById(t.db, id);
    const res = await post(url, body, token);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual(errors);
    expect(await travellerById(t.db, id)).toEqual(before);
  });

  test.each([
    ['update-profile', { first_name: 'A', last_name: 'B' }], ['set-language', { language_code: 'en' }], ['change-country', { country_id: 1 }],
    ['update-profile-photo', { avatar_id: 1 }], ['set-activity', undefined], ['change-password', { password: 'x'.repeat(8), confirm_password: 'x'.repeat(8) }],
    ['change-email', { email: 'a@example.com' }], ['change-phone', { phone: '+79161234567' }], ['confirm-phone', { code: '12345' }],
    ['send-confirmation-code', {}], ['email-confirmation-request', undefined], ['refresh-token', undefined], ['set-currency', { currency_code: 'EUR' }],
  ])('%s needs a live token: 401 without one or with a revoked one', async (call, body) => {
    const { token } = await newTraveller();
    await revokeToken(t.db, token);
    for (const auth of [undefined, token]) {
      const res = await post(`/crm/api/user/${call}`, body, auth);
      expect([res.statusCode, res.json()]).toEqual([401, { message: 'Unauthorized' }]);
    }
    expect((await get(app, '/crm/api/user/phone-confirmation-methods', { 'x-authorization': `Bearer ${token}` })).status).toBe(401);
  });

  test('GET /spa/user-info-data: the profile with a live token, not logged in without one (never a 401)', async () => {
    const { id, token } = await newTraveller({ email: 'info@example.com' });
    expect(expectShape((await get(app, '/spa/user-info-data', { 'x-authorization': `Bearer ${token}` })).body, UserInfoDataAnswer))
      .toMatchObject({ is_logged_in: true, profile: { id, email: 'info@example.com', is_email_set: true, is_admin_auth: false } });
    expect((await get(app, '/spa/user-info-data')).body).toEqual({ is_logged_in: false, profile: null });
    await revokeToken(t.db, token);
    const revoked = await get(app, '/spa/user-info-data', { 'x-authorization': `Bearer ${token}` });
    expect([revoked.status, revoked.body]).toEqual([200, { is_logged_in: false, profile: null }]);
  });
});

describe('e-mail and phone', () => {
  test('email-confirmation-request sends a code and a link; the code (signed in) or the link confirms', async () => {
    const { id, token } = await newTraveller({ email: 'confirm@example.com' });
    expect((await post('/crm/api/user/email-confirmation-request', undefined, token)).json()).toEqual({ success: true });
    const [mail] = await outboxTo(app, 'confirm@example.com');
    expect(mail).toMatchObject({ subject: 'Confirm your e-mail address', code: expect.stringMatching(/^\d{5}$/) });
    expect((await post('/crm/api/user/confirm-email', { code: mail!.code }, undefined)).statusCode).toBe(401);
    expect((await post('/crm/api/user/confirm-email', { code: mail!.code }, token)).json()).toEqual({ success: true });
    expect((await travellerById(t.db, id))?.email_confirmed_at).not.toBeNull();

    const { id: other, token: otherToken } = await newTraveller({ email: 'bylink@example.com' });
    await post('/crm/api/user/email-confirmation-request', undefined, otherToken);
    const linkToken = new URL((await outboxTo(app, 'bylink@example.com'))[0]!.links[0]!).searchParams.get('confirm_email_token')!;
    // No sign-in needed for the link; it works once.
    expect((await post('/crm/api/user/confirm-email', { token: linkToken }, undefined)).json()).toEqual({ success: true });
    expect((await travellerById(t.db, other))?.email_confirmed_at).not.toBeNull();
    expect((await post('/crm/api/user/confirm-email', { token: linkToken }, undefined)).json().errors).toEqual({ token: 'The link has expired. Request a new one' });
  });

  test('email-confirmation-request without an e-mail, confirm-email without code or token, a wrong code: 422', async () => {
    const { token } = await newTraveller();
    const none = await post('/crm/api/user/email-confirmation-request', undefined, token);
    expect([none.statusCode, none.json()]).toEqual([422, { message: 'Add an e-mail address first' }]);
    expect((await post('/crm/api/user/confirm-email', {}, token)).json().errors).toEqual({ code: 'Required field' });
    expect((await post('/crm/api/user/confirm-email', { code: '00000' }, token)).json().errors).toEqual({ code: 'The code has expired. Request a new one' });
    expect((await post('/crm/api/user/confirm-email', { code: '12' }, token)).json().errors).toEqual({ code: 'Incorrect value' });
  });

  test('change-email: the account keeps its address until the code sent to the new one comes back; an address of another account is a 409', async () => {
    const { id, token } = await newTraveller({ email: 'old@example.com' });
    expect((await post('/crm/api/user/change-email', { email: 'New@Example.com' }, token)).json()).toEqual({ success: true });
    expect((await travellerById(t.db, id))?.email).toBe('old@example.com');
    const code = await lastCode(app, 'new@example.com');
    const wrong = String((Number(code) + 1) % 100000).padStart(5, '0');
    expect((await post('/crm/api/user/confirm-email', { code: wrong }, token)).json()).toEqual({ message: 'Incorrect code', errors: { code: 'Incorrect code' } });
    expect((await post('/crm/api/user/confirm-email', { code }, token)).json()).toEqual({ success: true });
    expect(await travellerById(t.db, id)).toMatchObject({ email: 'new@example.com', is_email_set: 1 });

    await newTraveller({ email: 'taken@example.com' });
    await post('/crm/api/user/change-email', { email: 'taken@example.com' }, token);
    const taken = await post('/crm/api/user/confirm-email', { code: await lastCode(app, 'taken@example.com') }, token);
    expect([taken.statusCode, taken.json()]).toEqual([409, { message: 'This e-mail is used by another account' }]);
    expect((await post('/crm/api/user/change-email', { email: '' }, token)).json().errors).toEqual({ email: 'Required field' });
    expect((await post('/crm/api/user/change-email', { email: 'nope' }, token)).json().errors).toEqual({ email: 'Please enter a valid e-mail' });
  });

  test('change-phone, phone-confirmation-methods, send-confirmation-code (WhatsApp), confirm-phone', async () => {
    const { id, token } = await newTraveller();
    const auth = { 'x-authorization': `Bearer ${token}` };
    expect((await get(app, '/crm/api/user/phone-confirmation-methods', auth)).body).toEqual({ phone: null, verification_methods: [] });
    const none = await post('/crm/api/user/send-confirmation-code', {}, token);
    expect([none.statusCode, none.json()]).toEqual([422, { message: 'Add a phone number first' }]);

    expect((await post('/crm/api/user/change-phone', { phone: '+7 912 000-11-22' }, token)).json()).toEqual({ success: true });
    expect((await outboxTo(app, '+79120001122'))[0]).toMatchObject({ channel: 'sms' });
    expect(expectShape((await get(app, '/crm/api/user/phone-confirmation-methods', auth)).body, PhoneConfirmationMethodsAnswer)).toEqual({
      phone: '+79120001122', verification_methods: [{ type: 'sms', is_default: true }, { type: 'whatsapp', is_default: false }],
    });
    expect((await post('/crm/api/user/send-confirmation-code', { code_sender: 'whatsapp' }, token)).json()).toEqual({ success: true });
    expect((await post('/crm/api/user/send-confirmation-code', { code_sender: 'email' }, token)).json().errors).toEqual({ code_sender: 'Incorrect value' });
    const [wa] = await outboxTo(app, '+79120001122');
    expect(wa).toMatchObject({ channel: 'whatsapp' });
    expect((await travellerById(t.db, id))?.phone).toBeNull();
    expect((await post('/crm/api/user/confirm-phone', { code: wa!.code }, token)).json()).toEqual({ success: true });
    expect(await travellerById(t.db, id)).toMatchObject({ phone: '+79120001122', phone_confirmed_at: expect.any(String) });
    expect((await post('/crm/api/user/confirm-phone', { code: wa!.code }, token)).statusCode).toBe(422);
    expect((await post('/crm/api/user/change-phone', { phone: '123' }, token)).json().errors).toEqual({ phone: 'Please enter a valid phone number' });
  });
});

describe('POST /crm/api/favourite-tour/create|delete', () => {
  test("adds and removes the signed-in traveller's favourites, kept with the account", async () => {
    const tours = (await t.db.kysely.selectFrom('tours').select('id').where('is_published', '=', 1).orderBy('id').limit(2).execute()).map((r) => r.id);
    const a = await newTraveller();
    const b = await newTraveller();
    const created = await post('/crm/api/favourite-tour/create', { tour_id: tours[1] }, a.token);
    expect(expectShape(created.json(), FavouriteTourAnswer)).toEqual({ result: true, tour_ids: [tours[1]] });
    expect((await post('/crm/api/favourite-tour/create', { tour_id: tours[0] }, a.token)).json().tour_ids).toEqual(tours);
    expect((await post('/crm/api/favourite-tour/create', { tour_id: tours[0] }, a.token)).json().tour_ids).toEqual(tours);
    // Another traveller's are their own.
    expect((await post('/crm/api/favourite-tour/delete', { tour_id: tours[0] }, b.token)).json()).toEqual({ result: true, tour_ids: [] });
    expect((await post('/crm/api/favourite-tour/delete', { tour_id: tours[0] }, a.token)).json()).toEqual({ result: true, tour_ids: [tours[1]] });
    // Another token of the same traveller sees them.
    expect((await post('/crm/api/favourite-tour/delete', { tour_id: 999999 }, await issueToken(t.db, a.id))).json().tour_ids).toEqual([tours[1]]);
  });

  test('401 without a live token; an unknown or unpublished tour or a bad body is a 422 on tour_id', async () => {
    const none = await post('/crm/api/favourite-tour/create', { tour_id: 1001 }, undefined);
    expect([none.statusCode, none.json()]).toEqual([401, { message: 'Unauthorized' }]);
    expect((await post('/crm/api/favourite-tour/create', { tour_id: 1001 }, 'x'.repeat(43))).statusCode).toBe(401);
    const { token } = await newTraveller();
    const unknown = await post('/crm/api/favourite-tour/create', { tour_id: 999999 }, token);
    expect([unknown.statusCode, unknown.json()]).toEqual([422, { message: 'Incorrect value', errors: { tour_id: 'Incorrect value' } }]);
    const hidden = await t.db.kysely.selectFrom('tours').select('id').where('is_published', '=', 0).executeTakeFirstOrThrow();
    expect((await post('/crm/api/favourite-tour/create', { tour_id: hidden.id }, token)).statusCode).toBe(422);
    expect((await post('/crm/api/favourite-tour/create', { tour_id: 'x' }, token)).statusCode).toBe(422);
  });
});
