/**
 * The staff calls on organizers (issue 16; accounts-and-comms §3 'Organizer (public)', 'Organizer legal forms', §6,
 * §7 'Organizers', §8): list, view, create, update, set-published-on-site, with the permissions enforced by the API
 * for every call (no session, a traveller's token, staff without the permission, staff with it), malformed input as
 * field errors, and publishing seen at once by the public calls (their cached answers included).
 */
import type { Struct } from 'superstruct';
import { ErrorBody } from '@tours/shared/src/api/schemas/common';
import { ORGANIZER_LEGAL_FORMS, OrganizerInfoAnswer, OrganizerPublicInfoAnswer, OrganizerReviewsAnswer, OrganizerVerificationAnswer } from '@tours/shared/src/api/schemas/organizers';
import { OrganizerAdminAnswer, OrganizerListAnswer, type OrganizerCreateBody } from '@tours/shared/src/api/schemas/organizers-admin';
import { expectShape, get, staffSessions, withTestServer } from './helpers';

type Headers = Record<string, string>;
type Session = 'none' | 'traveller' | 'noPermission' | 'knowledge' | 'commission' | 'all';
const who: Record<Session, Headers> = { none: {}, traveller: {}, noPermission: {}, knowledge: {}, commission: {}, all: {} };
let region: { id: number; name_en: string };
let seeded: { id: number };

async function post(url: string, payload: unknown, headers: Headers = {}): Promise<{ status: number; body: unknown; headers: Record<string, unknown> }> {
  const res = await app.inject({ method: 'POST', url, payload: payload as object, headers });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

function expectError(res: { status: number; body: unknown }, status: number): ErrorBody {
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`);
  return expectShape(res.body, ErrorBody);
}

const organizerCount = async () => Number((await t.db.kysely.selectFrom('organizers').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

const validBody = (): OrganizerCreateBody => ({
  kind: 'organization', legal_form: ORGANIZER_LEGAL_FORMS.individual_entrepreneur, region_id: region.id,
  name_en: 'Baikal Ice Trails', name_cn: '贝加尔冰道', description_en: '<p>Winter tours on the ice of Lake Baikal.</p>', description_cn: '<p>贝加尔湖冰上冬季旅行。</p>',
  expert_first_name_en: 'Irina', expert_last_name_en: 'Sokolova', expert_first_name_cn: '伊琳娜', expert_last_name_cn: '索科洛娃', expert_first_name_ru: 'Ирина', expert_last_name_ru: 'Соколова',
  phone: '+7 (916) 123-45-67', email: 'office@baikal-trails.example', since_year: 2019, marketplace_requests_with_direct_sale: true,
});

const { t, app } = withTestServer();
beforeAll(async () => {
  Object.assign(who, await staffSessions(t.db, app));
  region = await t.db.kysely.selectFrom('regions').select(['id', 'name_en']).orderBy('id').executeTakeFirstOrThrow();
  seeded = await t.db.kysely.selectFrom('organizers').select('id').orderBy('id').executeTakeFirstOrThrow();
}, 60_000);

describe('permissions, enforced by the API', () => {
  /** Each call with valid input and the staff sessions it refuses with 403 (every call refuses no session and a traveller with 401). */
  const calls = (): { method: 'GET' | 'POST'; url: string; body?: () => unknown; answer: Struct<unknown, unknown>; forbidden: Session[]; allowed: Session[] }[] => [
    { method: 'GET', url: '/crm/api/organizer/list?limit=5', answer: OrganizerListAnswer as Struct<unknown, unknown>, forbidden: ['noPermission'], allowed: ['knowledge', 'commission', 'all'] },
    { method: 'GET', url: `/crm/api/organizer/view?id=${seeded.id}`, answer: OrganizerAdminAnswer as Struct<unknown, unknown>, forbidden: ['noPermission'], allowed: ['knowledge', 'commission', 'all'] },
    { method: 'POST', url: '/crm/api/organizer/create', body: validBody, answer: OrganizerAdminAnswer as Struct<unknown, unknown>, forbidden: ['noPermission', 'commission'], allowed: ['knowledge', 'all'] },
    { method: 'POST', url: `/crm/api/organizer/update?id=${seeded.id}`, body: () => ({ since_year: 2015 }), answer: OrganizerAdminAnswer as Struct<unknown, unknown>, forbidden: ['noPermission', 'commission'], allowed: ['knowledge', 'all'] },
    {
      method: 'POST', url: '/crm/api/organizer/set-published-on-site', body: () => ({ id: seeded.id, published_on_site: true }), answer: OrganizerAdminAnswer as Struct<unknown, unknown>,
      forbidden: ['noPermission', 'commission'], allowed: ['knowledge', 'all'],
    },
  ];
  const send = (call: ReturnType<typeof calls>[number], headers: Headers) =>
    call.method === 'GET' ? get(app, call.url, headers) : post(call.url, call.body!(), headers);

  test('every call: 401 without a session and with a traveller\'s token, 403 for staff without the permission, 200 with it', async () => {
    for (const call of calls()) {
      const before = await organizerCount();
      const none = expectError(await send(call, who.none), 401);
      expect(none.message).toBe('Unauthorized');
      expectError(await send(call, who.traveller), 401);
      for (const session of call.forbidden) {
        const res = await send(call, who[session]);
        if (res.status !== 403) throw new Error(`${call.url} as ${session} → ${res.status}`);
        expect(expectShape(res.body, ErrorBody).message).toBe('Forbidden');
      }
      // Nothing refused wrote anything.
      expect(await organizerCount()).toBe(before);
      for (const session of call.allowed) {
        const res = await send(call, who[session]);
        if (res.status !== 200) throw new Error(`${call.url} as ${session} → ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
        expectShape(res.body, call.answer);
        expect(res.headers['cache-control']).toBe('private, no-store');
      }
    }
  }, 60_000);

  test('the admin_auth cookie signs in the reads, never the writes', async () => {
    const token = who.all['x-authorization']!.replace('Bearer ', '');
    const cookie = { cookie: `admin_auth=${encodeURIComponent(token)}` };
    expect((await get(app, `/crm/api/organizer/view?id=${seeded.id}`, cookie)).status).toBe(200);
    const before = await organizerCount();
    expectError(await post('/crm/api/organizer/create', validBody(), cookie), 401);
    expectError(await post('/crm/api/organizer/set-published-on-site', { id: seeded.id, published_on_site: false }, cookie), 401);
    expect(await organizerCount()).toBe(before);
    expect(expectShape((await get(app, `/crm/api/organizer/view?id=${seeded.id}`, who.all)).body, OrganizerAdminAnswer).published_on_site).toBe(true);
  });
});

describe('malformed input: field errors keyed by field', () => {
  test('create: the required fields, the phone, the e-mail, the legal form of list 1, the region', async () => {
    const before = await organizerCount();
    const empty = expectError(await post('/crm/api/organizer/create', {}, who.all), 422);
    expect(empty.errors).toEqual({
      kind: 'Required field', legal_form: 'Required field', region_id: 'Required field', name_en: 'Required field', name_cn: 'Required field',
      expert_first_name_en: 'Required field', expert_last_name_en: 'Required field', expert_first_name_cn: 'Required field', expert_last_name_cn: 'Required field',
    });
    expect(empty.message).toBe('Required field');

    const bad = expectError(await post('/crm/api/organizer/create', {
      ...validBody(), kind: 'agency', legal_form: 4, name_en: '   ', name_cn: 'x'.repeat(201), phone: '12345', email: 'office@', since_year: 1999, marketplace_requests_with_direct_sale: 'yes',
    }, who.all), 422);
    expect(bad.errors).toEqual({
      kind: 'Incorrect value', legal_form: 'Incorrect value', name_en: 'Required field', name_cn: 'Maximum 200 characters',
      phone: 'Please enter a valid phone number', email: 'Please enter a valid e-mail', since_year: 'Minimum 2000', marketplace_requests_with_direct_sale: 'Incorrect value',
    });

    // A legal form is a number of list 1, as JSON gives it.
    expect(expectError(await post('/crm/api/organizer/create', { ...validBody(), legal_form: '3' }, who.all), 422).errors).toEqual({ legal_form: 'Incorrect value' });
    expect(expectError(await post('/crm/api/organizer/create', { ...validBody(), legal_form: 0 }, who.all), 422).errors).toEqual({ legal_form: 'Incorrect value' });
    expect(expectError(await post('/crm/api/organizer/create', { ...validBody(), region_id: 999_999 }, who.all), 422).errors).toEqual({ region_id: 'Incorrect value' });
    expect(expectError(await post('/crm/api/organizer/create', { ...validBody(), name_en: 'Bell\u0007' }, who.all), 422).errors).toEqual({ name_en: 'Incorrect value' });
    expectError(await post('/crm/api/organizer/create', [validBody()], who.all), 400);
    expect(await organizerCount()).toBe(before);
  });

  test('update, publish, view and list', async () => {
    const update = (id: unknown, body: unknown) => post(`/crm/api/organizer/update?id=${String(id)}`, body, who.all);
    expect(expectError(await update(seeded.id, { name_en: '', email: 'nope' }), 422).errors).toEqual({ name_en: 'Required field', email: 'Please enter a valid e-mail' });
    expect(expectError(await update('abc', { since_year: 2015 }), 422).errors).toEqual({ id: 'Incorrect value' });
    expect(expectError(await update(999_999, { since_year: 2015 }), 404).message).toBe('Organizer not found');
    const publish = (body: unknown) => post('/crm/api/organizer/set-published-on-site', body, who.all);
    expect(expectError(await publish({ id: seeded.id }), 422).errors).toEqual({ published_on_site: 'Required field' });
    expect(expectError(await publish({ id: seeded.id, published_on_site: 'false' }), 422).errors).toEqual({ published_on_site: 'Incorrect value' });
    expect(expectError(await publish({ id: 0, published_on_site: true }), 422).errors).toEqual({ id: 'Minimum 1' });
    expectError(await publish({ id: 999_999, published_on_site: true }), 404);
    expect(expectError(await get(app, '/crm/api/organizer/view', who.all), 422).errors).toEqual({ id: 'Required field' });
    expectError(await get(app, '/crm/api/organizer/view?id=999999', who.all), 404);
    expect(expectError(await get(app, '/crm/api/organizer/list?limit=101', who.all), 422).errors).toEqual({ limit: 'Maximum 100' });
    expect(expectError(await get(app, '/crm/api/organizer/list?page=0', who.all), 422).errors).toEqual({ page: 'Minimum 1' });
    expect(expectError(await get(app, '/crm/api/organizer/list?published_on_site=maybe', who.all), 422).errors).toEqual({ published_on_site: 'Incorrect value' });
  });
});

describe('create → view → update → list → unpublish → 404 → publish again', () => {
  test('the whole life of an organizer, seen by the public calls at once', async () => {
    const created = expectShape((await post('/crm/api/organizer/create', validBody(), who.knowledge)).body, OrganizerAdminAnswer);
    const id = created.id;
    expect(created).toMatchObject({
      kind: 'organization', legal_form: 2, region: { id: region.id, name: region.name_en }, name_en: 'Baikal Ice Trails', name_cn: '贝加尔冰道',
      expert_first_name_en: 'Irina', expert_last_name_en: 'Sokolova', expert_first_name_ru: 'Ирина', phone: '+79161234567', email: 'office@baikal-trails.example',
      since_year: 2019, marketplace_requests_with_direct_sale: true, published_on_site: false, tours_count: 0, reviews_count: 0, rating: 0,
      is_email_verified: false, is_phone_verified: false, is_passport_verified: false,
    });
    expect(created.updated_at).toMatch(/^2026-03-10T/);

    // Not published yet: nothing public about it.
    for (const url of ['/crm/api/organizer/public-info', '/crm/api/organizer/info', '/crm/api/organizer/verification-info', '/spa/organizer-reviews']) {
      expectError(await get(app, `${url}?id=${id}`), 404);
    }

    const viewed = expectShape((await get(app, `/crm/api/organizer/view?id=${id}`, who.commission)).body, OrganizerAdminAnswer);
    expect(viewed).toEqual(created);

    const updated = expectShape((await post(`/crm/api/organizer/update?id=${id}`, {
      name_en: 'Baikal Ice & Taiga Trails', legal_form: ORGANIZER_LEGAL_FORMS.legal_entity, phone: '', expert_last_name_en: 'Sokolova-Ivanova', expert_first_name_ru: '',
    }, who.all)).body, OrganizerAdminAnswer);
    expect(updated).toMatchObject({
      id, name_en: 'Baikal Ice & Taiga Trails', name_cn: '贝加尔冰道', legal_form: 3, phone: null, email: 'office@baikal-trails.example',
      expert_first_name_en: 'Irina', expert_last_name_en: 'Sokolova-Ivanova', expert_first_name_ru: null, expert_last_name_ru: 'Соколова', published_on_site: false,
    });

    // The list finds it by a name (any case, any language, an expert's too), by id, and by its published state.
    const list = async (query: string) => expectShape((await get(app, `/crm/api/organizer/list?${query}`, who.commission)).body, OrganizerListAnswer);
    for (const query of ['query=ice%20%26%20TAIGA', `query=${encodeURIComponent('贝加尔')}`, 'query=sokolova-iv', `query=${id}`]) {
      expect((await list(query)).items.map((o) => o.id)).toContain(id);
    }
    expect((await list('query=100%25')).items).toEqual([]);
    expect((await list('published_on_site=0&limit=100')).items.map((o) => o.id)).toContain(id);
    expect((await list('published_on_site=1&limit=100')).items.map((o) => o.id)).not.toContain(id);
    const first = await list('limit=2');
    expect(first.items[0]!.id).toBe(id);
    expect(first.pagination).toMatchObject({ page: 1, pageSize: 2, itemsOnPage: 2 });
    expect(first.pagination.itemsCount).toBe(await organizerCount());
    expect((await list('limit=2&page=2')).items[0]!.id).toBeLessThan(first.items[1]!.id);

    // Published: every public call answers, with what staff wrote.
    expect(expectShape((await post('/crm/api/organizer/set-published-on-site', { id, published_on_site: true }, who.knowledge)).body, OrganizerAdminAnswer).published_on_site).toBe(true);
    const info = expectShape((await get(app, `/crm/api/organizer/info?id=${id}`)).body, OrganizerInfoAnswer);
    expect(info).toMatchObject({ id, name: 'Baikal Ice & Taiga Trails', legal_form: 3, expert: { first_name: 'Irina', last_name: 'Sokolova-Ivanova' }, marketplace_requests_with_direct_sale: true, tours: [] });
    expect(JSON.stringify(info)).not.toContain('baikal-trails.example');
    expect(expectShape((await get(app, `/crm/api/organizer/verification-info?id=${id}`)).body, OrganizerVerificationAnswer)).toEqual({ is_email_verified: false, is_phone_verified: false, is_passport_verified: false });
    expect(expectShape((await get(app, `/spa/organizer-reviews?id=${id}`)).body, OrganizerReviewsAnswer).reviews_count).toBe(0);
    expect(expectShape((await get(app, `/crm/api/organizer/public-info?id=${id}`, { 'x-language': 'cn' })).body, OrganizerPublicInfoAnswer).name).toBe('贝加尔冰道');

    // An edit shows at once, though the answer above is cached.
    await post(`/crm/api/organizer/update?id=${id}`, { name_en: 'Baikal Trails' }, who.all);
    expect(expectShape((await get(app, `/crm/api/organizer/info?id=${id}`)).body, OrganizerInfoAnswer).name).toBe('Baikal Trails');

    // Hidden again: 404 everywhere at once; and back.
    await post('/crm/api/organizer/set-published-on-site', { id, published_on_site: false }, who.all);
    for (const url of ['/crm/api/organizer/public-info', '/crm/api/organizer/info', '/crm/api/organizer/verification-info', '/spa/organizer-reviews']) {
      expect(expectError(await get(app, `${url}?id=${id}`), 404).message).toBe('Not found');
    }
    await post('/crm/api/organizer/set-published-on-site', { id, published_on_site: true }, who.all);
    expect(expectShape((await get(app, `/crm/api/organizer/public-info?id=${id}`)).body, OrganizerPublicInfoAnswer).name).toBe('Baikal Trails');
  }, 60_000);

  test('creates at once get an id each, with a main expert each', async () => {
    const names = ['Altai One', 'Altai Two', 'Altai Three', 'Altai Four', 'Altai Five', 'Altai Six', 'Altai Seven', 'Altai Eight'];
    const made = await Promise.all(names.map((name_en) => post('/crm/api/organizer/create', { ...validBody(), name_en, published_on_site: true }, who.all)));
    const ids = made.map((res) => expectShape(res.body, OrganizerAdminAnswer).id);
    expect(new Set(ids).size).toBe(names.length);
    for (const [i, id] of ids.entries()) {
      expect(expectShape((await get(app, `/crm/api/organizer/public-info?id=${id}`)).body, OrganizerPublicInfoAnswer)).toMatchObject({ name: names[i], expert: { first_name: 'Irina' } });
    }
  });

  test('a seeded organizer with reviews: hidden, its cached public answers go at once; shown, they are back', async () => {
    const withReviews = await t.db.kysely.selectFrom('reviews').select('organizer_id').where('is_published', '=', 1).orderBy('organizer_id').executeTakeFirstOrThrow();
    const id = withReviews.organizer_id;
    const urls = [`/crm/api/organizer/public-info?id=${id}`, `/crm/api/organizer/info?id=${id}`, `/spa/organizer-reviews?id=${id}&limit=3&page=1`];
    const before = await Promise.all(urls.map(async (url) => (await get(app, url)).body));
    expect((before[2] as { reviews: unknown[] }).reviews.length).toBeGreaterThan(0);
    await post('/crm/api/organizer/set-published-on-site', { id, published_on_site: false }, who.all);
    for (const url of urls) expectError(await get(app, url), 404);
    await post('/crm/api/organizer/set-published-on-site', { id, published_on_site: true }, who.all);
    expect(await Promise.all(urls.map(async (url) => (await get(app, url)).body))).toEqual(before);
  });
});
