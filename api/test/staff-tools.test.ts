/**
 * The staff tools of the tour page (issue 16; accounts-and-comms §2 'Staff tools', §3, §4 'Admin session', 'Staff
 * PDF', §6, §7 'Staff tour tools'): the admin session (a staff token in X-Authorization or the admin_auth cookie),
 * the user private data call, and the staff tour calls with their permissions enforced — for every call: no session,
 * a traveller's token, staff without the permission, staff with it; malformed input; the PDF's states.
 */
import type { Struct } from 'superstruct';
import { ErrorBody } from '@tours/shared/src/api/schemas/common';
import {
  ProgrammePdfStateAnswer, STAFF_PDF_POLL_MS, TourPrivateDataAnswer, TourPrivateVariantsAnswer, UserPrivateDataAnswer,
} from '@tours/shared/src/api/schemas/staff';
import { DEV_STAFF } from '../src/db/seed/staff';
import { saveTourStaffData, staffPermissions } from '../src/db/queries/staff';
import { staffByLogin } from '../src/db/queries/chat';
import { StaffPdfJobs } from '../src/routes/staff-tools';
import { expectShape, get, staffSessions, staffSignIn, testServer, withTestServer } from './helpers';

type Headers = Record<string, string>;
const bearer = (token: string): Headers => ({ 'x-authorization': `Bearer ${token}` });
/** The sessions: none, a traveller's, and the seeded staff with each combination of the permissions. */
const who: Record<'none' | 'traveller' | 'noPermission' | 'knowledge' | 'commission' | 'all', Headers> = {
  none: {}, traveller: {}, noPermission: {}, knowledge: {}, commission: {}, all: {},
};
let tour: { id: number };
let difficult: { id: number };
let excursion: { id: number };
let unpublished: { id: number } | undefined;
let individualRequestId: number;

const staffLogin = (login: string) => DEV_STAFF.find((s) => s.login === login)!;
/** The back office's address (BACK_OFFICE_URL): 'Tour in admin' and the memo lead there. */
const BACK_OFFICE = 'https://admin.tours.example/office';


function expectError(res: { status: number; body: unknown }, status: number): void {
  expect(res.status).toBe(status);
  expectShape(res.body, ErrorBody);
}

const { t, app } = withTestServer({ backOfficeUrl: BACK_OFFICE });
beforeAll(async () => {
  Object.assign(who, await staffSessions(t.db, app));
  const k = t.db.kysely;
  tour = await k.selectFrom('tours').select('id').where('is_published', '=', 1).where('type', '=', 1).where('difficulty', '<', 4).orderBy('id').executeTakeFirstOrThrow();
  difficult = await k.selectFrom('tours').select('id').where('is_published', '=', 1).where('difficulty', '=', 4).orderBy('id').executeTakeFirstOrThrow();
  excursion = await k.selectFrom('tours').select('id').where('is_published', '=', 1).where('type', '=', 2).orderBy('id').executeTakeFirstOrThrow();
  unpublished = await k.selectFrom('tours').select('id').where('is_published', '=', 0).orderBy('id').executeTakeFirst();
  individualRequestId = (await k.selectFrom('individual_tours' as never).select('request_id' as never).where('tour_id' as never, '=', tour.id as never).executeTakeFirstOrThrow() as { request_id: number }).request_id;
  // Known back-office data, whatever the development seed wrote.
  await saveTourStaffData(t.db, {
    tour_id: tour.id, is_archived: 1, is_potentially_dangerous: 1, danger_reason: 'Rafting on a category IV river', rejection_reason: 'Published with an instructor on every raft', commission_percent: 15,
  }, new Date());
  await saveTourStaffData(t.db, { tour_id: difficult.id, is_archived: 0, is_potentially_dangerous: 0, danger_reason: null, rejection_reason: null, commission_percent: null }, new Date());
}, 60_000);

/** Each call with valid input, and the sessions it refuses with 403 (every call refuses no session and a traveller with 401). */
const calls = (): { url: string; forbidden: (keyof typeof who)[]; allowed: (keyof typeof who)[]; answer: Struct<unknown, unknown> | null }[] => [
  { url: '/crm/api/user/private-data', forbidden: [], allowed: ['noPermission', 'knowledge', 'commission', 'all'], answer: UserPrivateDataAnswer as Struct<unknown, unknown> },
  { url: `/spa/tour-private-data?id=${tour.id}&has_dates=1&region_id=3&is_cruises=0`, forbidden: ['noPermission'], allowed: ['knowledge', 'commission', 'all'], answer: TourPrivateDataAnswer as Struct<unknown, unknown> },
  { url: `/spa/tour-private-variants-data?id=${tour.id}`, forbidden: ['noPermission', 'knowledge'], allowed: ['commission', 'all'], answer: TourPrivateVariantsAnswer as Struct<unknown, unknown> },
  { url: `/spa/private-generate-tour-program-pdf?id=${excursion.id}`, forbidden: ['noPermission'], allowed: ['knowledge', 'commission', 'all'], answer: ProgrammePdfStateAnswer as Struct<unknown, unknown> },
  { url: `/spa/private-tour-program-pdf?id=${excursion.id}&lang=en&currency=RUB`, forbidden: ['noPermission'], allowed: ['knowledge', 'all'], answer: null },
];

describe('permissions, enforced by the API', () => {
  test('every call: 401 without a session and with a traveller\'s token, 403 for staff without the permission, 200 with it', async () => {
    for (const call of calls()) {
      expectError(await get(app, call.url, who.none), 401);
      expectError(await get(app, call.url, who.traveller), 401);
      for (const session of call.forbidden) {
        const res = await get(app, call.url, who[session]);
        if (res.status !== 403) throw new Error(`${call.url} as ${session} → ${res.status}`);
        expectShape(res.body, ErrorBody);
      }
      for (const session of call.allowed) {
        const res = await get(app, call.url, who[session]);
        if (res.status !== 200) throw new Error(`${call.url} as ${session} → ${res.status} ${res.raw.slice(0, 200)}`);
        if (call.answer) expectShape(res.body, call.answer);
        else expect(res.headers['content-type']).toBe('application/pdf');
        expect(res.headers['cache-control']).toBe('private, no-store');
      }
    }
  }, 60_000);

  test('the user private data answers each account\'s permissions; the agent console\'s accounts have none', async () => {
    const cases: [Headers, boolean, boolean][] = [[who.noPermission, false, false], [who.knowledge, true, false], [who.commission, false, true], [who.all, true, true]];
    for (const [headers, knowledge, commission] of cases) {
      const body = expectShape((await get(app, '/crm/api/user/private-data', headers)).body, UserPrivateDataAnswer);
      expect(body.is_admin_auth).toBe(true);
      expect(body.permissions).toEqual({ can_use_knowledge: knowledge, can_view_commission: commission });
    }
    const support = await staffByLogin(t.db, DEV_STAFF[0].login);
    expect(await staffPermissions(t.db, Number(support!.id))).toEqual({ can_use_knowledge: false, can_view_commission: false });
    // The traveller's own profile says so too.
    const profile = await get(app, '/crm/api/user/profile', who.traveller);
    expect(profile.status).toBe(200);
    expect(JSON.stringify(profile.body)).toContain('"is_admin_auth":false');
  });

  test('a revoked staff token is no session', async () => {
    const headers = await staffSignIn(app, 'staff.all@tours.example');
    expect((await get(app, '/crm/api/user/private-data', headers)).status).toBe(200);
    await app.inject({ method: 'POST', url: '/crm/api/agent/logout', headers });
    expectError(await get(app, '/crm/api/user/private-data', headers), 401);
  });
});

describe('tour private data', () => {
  test('knowledge: the admin link and no private data', async () => {
    const body = expectShape((await get(app, `/spa/tour-private-data?id=${tour.id}`, who.knowledge)).body, TourPrivateDataAnswer);
    expect(body.adm_url).toBe(`${BACK_OFFICE}/tour/update?id=${tour.id}`);
    expect(body).toMatchObject({
      is_need_tour_archive_alert: false, is_need_tour_danger_alert: false, danger_reason: null, rejection_reason: null, is_need_tour_difficult_alert: false, commission_percent: null,
    });
  });

  test('private data: the alerts with their reasons and the commission, no admin link', async () => {
    const body = expectShape((await get(app, `/spa/tour-private-data?id=${tour.id}`, who.commission)).body, TourPrivateDataAnswer);
    expect(body).toMatchObject({
      id: tour.id, adm_url: null, is_excursion: false, is_need_tour_archive_alert: true, is_need_tour_danger_alert: true, danger_reason: 'Rafting on a category IV river',
      rejection_reason: 'Published with an instructor on every raft', is_need_tour_difficult_alert: false, difficult_tour_memo_url: null, commission_percent: 15,
    });
    const hard = expectShape((await get(app, `/spa/tour-private-data?id=${difficult.id}`, who.all)).body, TourPrivateDataAnswer);
    expect(hard).toMatchObject({ is_need_tour_archive_alert: false, is_need_tour_danger_alert: false, danger_reason: null, is_need_tour_difficult_alert: true, commission_percent: null });
    expect(hard.difficult_tour_memo_url).toBe(`${BACK_OFFICE}/memo/high-difficulty-tours`);
    expect(hard.adm_url).not.toBeNull();
    expect(expectShape((await get(app, `/spa/tour-private-data?id=${excursion.id}`, who.all)).body, TourPrivateDataAnswer).is_excursion).toBe(true);
  });

  test('no back office configured: no admin link and no memo link (issue 29: they had led to a 404 on the site)', async () => {
    const bare = testServer(t.db);
    try {
      const headers = await (async () => {
        const account = staffLogin('staff.all@tours.example');
        const res = await bare.inject({ method: 'POST', url: '/crm/api/agent/auth', payload: { login: account.login, password: account.password } });
        return bearer(res.json().token as string);
      })();
      const plain = expectShape((await get(bare, `/spa/tour-private-data?id=${tour.id}`, headers)).body, TourPrivateDataAnswer);
      expect(plain.adm_url).toBeNull();
      const hard = expectShape((await get(bare, `/spa/tour-private-data?id=${difficult.id}`, headers)).body, TourPrivateDataAnswer);
      expect(hard).toMatchObject({ is_need_tour_difficult_alert: true, difficult_tour_memo_url: null, adm_url: null });
    } finally {
      await bare.close();
    }
  });

  test('an unpublished tour needs the archive alert', async () => {
    if (!unpublished) return;
    expect(expectShape((await get(app, `/spa/tour-private-data?id=${unpublished.id}`, who.commission)).body, TourPrivateDataAnswer).is_need_tour_archive_alert).toBe(true);
  });

  test('the variants: the commission and the organizer\'s share of every date', async () => {
    const body = expectShape((await get(app, `/spa/tour-private-variants-data?id=${tour.id}`, who.commission)).body, TourPrivateVariantsAnswer);
    expect(body.data.length).toBeGreaterThan(0);
    for (const v of body.data) {
      expect(v.commission_percent).toBe(15);
      expect(v.commission).toBe(Math.round(v.price * 0.15));
      expect(v.organizer_price).toBe(v.price - v.commission!);
    }
    const unknown = expectShape((await get(app, `/spa/tour-private-variants-data?id=${difficult.id}`, who.all)).body, TourPrivateVariantsAnswer);
    expect(unknown.data.every((v) => v.commission === null && v.organizer_price === null)).toBe(true);
  });
});

describe('malformed input: a 4xx in the error shape, never a 5xx', () => {
  test.each([
    ['/spa/tour-private-data', 422], ['/spa/tour-private-data?id=abc', 422], ['/spa/tour-private-data?id=0', 422], ['/spa/tour-private-data?id=1e308', 422],
    ['/spa/tour-private-data?id=1&has_dates=maybe', 422], ['/spa/tour-private-data?id=1&region_id=-1', 422], ['/spa/tour-private-data?id=2147483647', 404],
    ['/spa/tour-private-variants-data?id=%00', 422], ['/spa/tour-private-variants-data?id=2147483647', 404],
    ['/spa/private-generate-tour-program-pdf', 422], ['/spa/private-generate-tour-program-pdf?id=1&is_individual=zz', 422],
    ['/spa/private-generate-tour-program-pdf?id=1&lang=xx', 422], ['/spa/private-generate-tour-program-pdf?id=1&currency=ZZZ', 422],
    ['/spa/private-generate-tour-program-pdf?id=2147483647', 422], ['/spa/private-generate-tour-program-pdf?id=2147483647&is_individual=1', 422],
    ['/spa/private-tour-program-pdf', 422], ['/spa/private-tour-program-pdf?id=-5', 422], ['/spa/private-tour-program-pdf?id=2147483647', 422],
    ['/spa/private-tour-program-pdf?id=1&id=2', 422],
  ])('%s → %i', async (url, status) => {
    const res = await get(app, url, who.all);
    expectError(res, status);
  });

  test('a malformed X-Authorization or admin_auth cookie is no session', async () => {
    const malformed: Headers[] = [{ 'x-authorization': 'Bearer' }, { 'x-authorization': 'Basic abc' }, { 'x-authorization': `Bearer ${'x'.repeat(10_000)}` },
      { cookie: 'admin_auth=%E0%A4%A' }, { cookie: 'admin_auth=' }, { cookie: `admin_auth=${'a'.repeat(40)}` }, { cookie: ';;=;admin_auth' }];
    for (const headers of malformed) {
      expectError(await get(app, '/crm/api/user/private-data', headers), 401);
      expectError(await get(app, `/spa/tour-private-data?id=${tour.id}`, headers), 401);
    }
  });
});

describe('the admin_auth cookie', () => {
  test('set from a staff token (never a traveller\'s), it is an admin session; cleared by admin-logout', async () => {
    const refused = await app.inject({ method: 'POST', url: '/crm/api/user/admin-auth-cookie', headers: who.traveller });
    expectError({ status: refused.statusCode, body: refused.json() as unknown }, 401);
    expect(refused.headers['set-cookie']).toBeUndefined();
    const res = await app.inject({ method: 'POST', url: '/crm/api/user/admin-auth-cookie', headers: who.knowledge });
    expect(res.statusCode).toBe(200);
    expect(expectShape(res.json(), UserPrivateDataAnswer).permissions.can_use_knowledge).toBe(true);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/^admin_auth=[^;]+; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Strict/);
    const cookie = { cookie: `theme=dark; ${setCookie.split(';')[0]!}` };
    expect(expectShape((await get(app, `/spa/tour-private-data?id=${tour.id}`, cookie)).body, TourPrivateDataAnswer).adm_url).not.toBeNull();
    const cleared = await app.inject({ method: 'POST', url: '/crm/api/user/admin-logout', headers: cookie });
    expect(cleared.statusCode).toBe(200);
    expect(String(cleared.headers['set-cookie'])).toMatch(/^admin_auth=; .*Max-Age=0/);
  });

  test('the admin_session=1 hint comes and goes with it: set with admin_auth (not HttpOnly), cleared by admin-logout and a 401 of the private data', async () => {
    const set = [(await app.inject({ method: 'POST', url: '/crm/api/user/admin-auth-cookie', headers: who.all })).headers['set-cookie']].flat();
    expect(set).toHaveLength(2);
    expect(set[0]).toMatch(/^admin_auth=[^;]+; Path=\/; Max-Age=604800; HttpOnly; SameSite=Strict$/);
    expect(set[1]).toBe('admin_session=1; Path=/; Max-Age=604800; SameSite=Strict');
    const cleared = [(await app.inject({ method: 'POST', url: '/crm/api/user/admin-logout' })).headers['set-cookie']].flat();
    expect(cleared).toEqual(['admin_auth=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict', 'admin_session=; Path=/; Max-Age=0; SameSite=Strict']);
    // A session that ended (token revoked or expired) while the browser kept the cookies: both cleared with the 401.
    const stale = await app.inject({ method: 'GET', url: '/crm/api/user/private-data', headers: { cookie: `admin_session=1; admin_auth=${'a'.repeat(40)}` } });
    expectError({ status: stale.statusCode, body: stale.json() as unknown }, 401);
    expect([stale.headers['set-cookie']].flat()).toEqual(cleared);
    // No admin cookie, nothing to clear.
    const traveller = await app.inject({ method: 'GET', url: '/crm/api/user/private-data', headers: { ...who.traveller, cookie: 'theme=dark' } });
    expect(traveller.statusCode).toBe(401);
    expect(traveller.headers['set-cookie']).toBeUndefined();
    // A live session keeps its cookies.
    const live = await app.inject({ method: 'GET', url: '/crm/api/user/private-data', headers: { ...who.all, cookie: 'admin_session=1' } });
    expect(live.statusCode).toBe(200);
    expect(live.headers['set-cookie']).toBeUndefined();
  });
});

describe('the staff PDF (§4 Staff PDF): processing, then ready with a url that opens it', () => {
  async function pollUntilReady(url: string, headers: Headers) {
    for (let i = 0; i < 240; i++) {
      const body = expectShape((await get(app, url, headers)).body, ProgrammePdfStateAnswer);
      if (body.program_pdf_exists) return body;
      expect(body).toMatchObject({ success: true, program_pdf_being_generated: true, url: null });
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error('the PDF was never made');
  }

  test('a tour', async () => {
    expect(STAFF_PDF_POLL_MS).toBe(5000);
    const generate = `/spa/private-generate-tour-program-pdf?id=${tour.id}`;
    const headers = { ...who.knowledge, 'x-language': 'ru', 'x-currency': 'EUR' };
    expect((expectShape((await get(app, `/spa/tour-private-data?id=${tour.id}`, headers)).body, TourPrivateDataAnswer)).program_pdf_exists).toBe(false);
    const first = expectShape((await get(app, generate, headers)).body, ProgrammePdfStateAnswer);
    expect(first).toEqual({ success: true, program_pdf_being_generated: true, program_pdf_exists: false, url: null });
    const ready = await pollUntilReady(generate, headers);
    expect(ready).toEqual({ success: true, program_pdf_being_generated: false, program_pdf_exists: true, url: `/spa/private-tour-program-pdf?id=${tour.id}&lang=ru&currency=EUR` });
    expect((expectShape((await get(app, `/spa/tour-private-data?id=${tour.id}`, headers)).body, TourPrivateDataAnswer)).program_pdf_exists).toBe(true);
    // Opened in a new tab: no common headers, the admin session by its cookie.
    const cookie = String((await app.inject({ method: 'POST', url: '/crm/api/user/admin-auth-cookie', headers: who.commission })).headers['set-cookie']).split(';')[0]!;
    const pdf = await app.inject({ method: 'GET', url: ready.url!, headers: { cookie } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^inline; filename="tour-\d+-programme-ru\.pdf"$/);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expectError(await get(app, ready.url!, who.noPermission), 403);
    expectError(await get(app, ready.url!), 401);
  }, 120_000);

  test('an individual tour, by its request id', async () => {
    const generate = `/spa/private-generate-tour-program-pdf?id=${individualRequestId}&is_individual=1&lang=de&currency=USD`;
    const first = expectShape((await get(app, generate, who.all)).body, ProgrammePdfStateAnswer);
    expect(first.program_pdf_being_generated).toBe(true);
    const ready = await pollUntilReady(generate, who.all);
    expect(ready.url).toBe(`/spa/private-tour-program-pdf?id=${individualRequestId}&is_individual=1&lang=de&currency=USD`);
    const pdf = await app.inject({ method: 'GET', url: ready.url!, headers: who.all });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toContain(`tour-${tour.id}-programme-de.pdf`);
  }, 120_000);
});

describe('the PDF jobs', () => {
  test('a failed generation answers success false (logged) and the next ask tries again', async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const pdfs = { get: async () => { calls++; if (calls === 1) throw new Error('renderer down'); return { bytes: Buffer.from('%PDF-'), key: 'k', filename: 'f.pdf', title: 'T' }; } };
    const jobs = new StaffPdfJobs(pdfs as never, (err) => errors.push(err));
    const first = jobs.start(1, 'en', 'RUB');
    expect(first.state).toBe('processing');
    await first.done;
    expect(jobs.state(1, 'en', 'RUB')).toBe('failed');
    expect(errors).toHaveLength(1);
    const again = jobs.start(1, 'en', 'RUB');
    expect(again.state).toBe('processing');
    await again.done;
    expect(jobs.start(1, 'en', 'RUB').state).toBe('ready');
    expect(calls).toBe(2);
    // Another language is another PDF.
    expect(jobs.state(1, 'ru', 'RUB')).toBeUndefined();
  });
});
