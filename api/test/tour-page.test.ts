/** The tour page's calls (public-site §2.6, §2.8, §3.5, §3.6, §7.2) and organizer info (accounts-and-comms §7). */
import {
  IndividualTourAnswer, RemovedTourData, TicketsAnswer, TourDetailAnswer, TourForRequestAnswer, TourIdsAnswer, TourProgramAnswer,
  TourQuestionAnswer, TourReviewsAnswer,
} from '@tours/shared/src/api/schemas/tours';
import { OrganizerInfoAnswer } from '@tours/shared/src/api/schemas/organizers';
import { individualTourUuidOf } from '../src/db/queries/individual-tours';
import { ensureSeeded } from '../src/db/seed/ensure';
import { TEST_SEED, TEST_SIZE, TODAY, expectShape, get, withTestServer } from './helpers';

const { t, app } = withTestServer();

const k = () => t.db.kysely;
const published = () => k().selectFrom('tours').selectAll().where('is_published', '=', 1);

describe('GET /spa/tour (tour page additions)', () => {
  test('variants of the other options come with their tour_id; "from" counts only the tour\'s own dates', async () => {
    const row = await k().selectFrom('tour_options as o').innerJoin('tours as a', 'a.id', 'o.tour_id').innerJoin('tours as b', 'b.id', 'o.option_tour_id')
      .select(['a.id', 'a.slug_en', 'b.id as option_id']).where('a.is_published', '=', 1).where('b.is_published', '=', 1)
      .where('b.id', 'in', k().selectFrom('tour_variants').select('tour_id')).orderBy('a.id').executeTakeFirstOrThrow();
    const optionVariants = await k().selectFrom('tour_variants').select('id').where('tour_id', '=', row.option_id).execute();
    const body = expectShape((await get(app, `/spa/tour?slug=${row.slug_en}`)).body, TourDetailAnswer);
    expect(body.tour_variants.map((o) => o.tour_id)).toContain(row.option_id);
    const ids = new Set(body.variants.map((v) => v.id));
    expect(optionVariants.length).toBeGreaterThan(0);
    for (const v of optionVariants) expect(ids.has(v.id)).toBe(true);
    const allowed = new Set([body.id, ...body.tour_variants.map((o) => o.tour_id)]);
    expect(body.variants.every((v) => allowed.has(v.tour_id))).toBe(true);
    const starts = body.variants.map((v) => v.start);
    expect([...starts].sort()).toEqual(starts);
    const own = await k().selectFrom('tour_variants').select('price').where('tour_id', '=', body.id).where('is_busy', '=', 0).execute();
    expect(body.is_need_show_price_from).toBe(new Set(own.map((v) => v.price)).size > 1);
  });

  test('programme days carry their id (program_id of /spa/tour-program)', async () => {
    const tour = await published().where('type', '=', 1).orderBy('id').executeTakeFirstOrThrow();
    const body = expectShape((await get(app, `/spa/tour?slug=${tour.slug_en}&expand_program=1`)).body, TourDetailAnswer);
    const days = await k().selectFrom('program_days').select(['id', 'day']).where('tour_id', '=', tour.id).orderBy('day').execute();
    expect(body.program.map((d) => [d.id, d.day])).toEqual(days.map((d) => [d.id, d.day]));
  });

  test('a tour removed from publication is a 404 with reason, similar tours and similar destinations', async () => {
    const hidden = await k().selectFrom('tours').selectAll().where('is_published', '=', 0).orderBy('id').executeTakeFirstOrThrow();
    const res = await get(app, `/spa/tour?slug=${hidden.slug_en}`);
    expect(res.status).toBe(404);
    const body = res.body as { message: string; data: unknown };
    expect(body.message).toBe('Not found');
    const data = expectShape(body.data, RemovedTourData);
    expect(data.reason).toBe('removed_from_publication');
    expect(data.similar_tours.length).toBeGreaterThan(0);
    expect(data.similar_tours.length).toBeLessThanOrEqual(4);
    expect(data.similar_tours.map((s) => s.id)).not.toContain(hidden.id);
    const similarRows = await k().selectFrom('tours').select(['id', 'is_published', 'main_region_id']).where('id', 'in', data.similar_tours.map((s) => s.id)).execute();
    expect(similarRows.every((r) => r.is_published === 1 && r.main_region_id === hidden.main_region_id)).toBe(true);
    const regions = await k().selectFrom('tour_regions').select('region_id').where('tour_id', '=', hidden.id).execute();
    expect(data.similar_destinations.map((d) => d.id).sort()).toEqual(regions.map((r) => r.region_id).sort().slice(0, 4).sort());
    expect(data.similar_destinations.every((d) => d.slug && d.name && d.image.includes('{{size}}'))).toBe(true);
    // A tour that never existed stays a plain 404.
    expect(await get(app, '/spa/tour?slug=nothing-99999999')).toMatchObject({ status: 404, body: { message: 'Not found' } });
  });
});

describe('GET /spa/tour-reviews', () => {
  const reviewed = () => published().where('reviews_count', '>=', 4).orderBy('id').executeTakeFirstOrThrow();

  test('tabs All / Tour / Tour Provider with counts; 3 per page, newest first', async () => {
    const tour = await reviewed();
    const tourCount = await k().selectFrom('reviews').select('id').where('tour_id', '=', tour.id).where('target', '=', 'tour').where('is_published', '=', 1).execute();
    const orgCount = await k().selectFrom('reviews').select('id').where('organizer_id', '=', tour.organizer_id).where('target', '=', 'organizer').where('is_published', '=', 1).execute();
    const first = expectShape((await get(app, `/spa/tour-reviews?id=${tour.id}`)).body, TourReviewsAnswer);
    expect(first.counts).toEqual({ all: tourCount.length + orgCount.length, tour: tourCount.length, organizer: orgCount.length });
    expect(first.reviews).toHaveLength(3);
    expect(first.pagination).toMatchObject({ page: 1, pageSize: 3, itemsCount: first.counts.all, pages: Math.ceil(first.counts.all / 3) });
    const dates = first.reviews.map((r) => r.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    const second = expectShape((await get(app, `/spa/tour-reviews?id=${tour.id}&slug=${tour.slug_en}&page=2`)).body, TourReviewsAnswer);
    expect(second.reviews.map((r) => r.id)).not.toEqual(expect.arrayContaining([first.reviews[0]!.id]));
    expect(second.reviews[0]!.date <= first.reviews[2]!.date).toBe(true);
    const onlyTour = expectShape((await get(app, `/spa/tour-reviews?id=${tour.id}&type=tour&limit=50`)).body, TourReviewsAnswer);
    expect(onlyTour.reviews).toHaveLength(tourCount.length);
    expect(onlyTour.reviews.every((r) => r.type === 'tour' && r.tour?.id === tour.id)).toBe(true);
    const onlyOrg = expectShape((await get(app, `/spa/tour-reviews?id=${tour.id}&type=organizer&limit=50`)).body, TourReviewsAnswer);
    expect(onlyOrg.reviews.every((r) => r.type === 'organizer')).toBe(true);
    expect(first.reviews_count).toBe(first.counts.all);
    expect(first.rating).toBeGreaterThanOrEqual(1);
    expect(first.rating).toBeLessThanOrEqual(5);
    expect(Math.round(first.rating * 10) / 10).toBe(first.rating);
  });

  test('the rating filter narrows every tab', async () => {
    const tour = await reviewed();
    const five = expectShape((await get(app, `/spa/tour-reviews?id=${tour.id}&rating=5&limit=50`)).body, TourReviewsAnswer);
    expect(five.reviews.every((r) => r.rating === 5)).toBe(true);
    expect(five.reviews).toHaveLength(five.counts.all);
    const all = expectShape((await get(app, `/spa/tour-reviews?id=${tour.id}`)).body, TourReviewsAnswer);
    expect(five.counts.all).toBeLessThanOrEqual(all.counts.all);
    const photos = expectShape((await get(app, `/spa/tour-reviews?id=${tour.id}&with_photos=1&limit=50`)).body, TourReviewsAnswer);
    expect(photos.reviews.every((r) => r.images.length > 0)).toBe(true);
  });

  test('errors: no id, bad values, unknown tour', async () => {
    expect(await get(app, '/spa/tour-reviews?slug=x-1001')).toMatchObject({ status: 422, body: { errors: { id: 'Required field' } } });
    expect(await get(app, '/spa/tour-reviews?id=1001&type=all-of-them')).toMatchObject({ status: 422, body: { errors: { type: 'Incorrect value' } } });
    expect(await get(app, '/spa/tour-reviews?id=1001&rating=6')).toMatchObject({ status: 422, body: { errors: { rating: 'Maximum 5' } } });
    expect(await get(app, '/spa/tour-reviews?id=1001&limit=51')).toMatchObject({ status: 422, body: { errors: { limit: 'Maximum 50' } } });
    expect((await get(app, '/spa/tour-reviews?id=99999999')).status).toBe(404);
    // Ids are integers 1..2^31-1 (the databases' integer), keyed by the field, the value never echoed.
    for (const [id, message] of [['1e308', 'Incorrect value'], ['2147483648', 'Maximum 2147483647'], ['-1', 'Minimum 1'], ['1.5', 'Incorrect value'], ['9007199254740993', 'Maximum 2147483647'], ['NaN', 'Incorrect value']]) {
      const res = await get(app, `/spa/tour-reviews?id=${id}`);
      expect(res).toMatchObject({ status: 422, body: { message, errors: { id: message } } });
      expect(res.raw).not.toContain(id);
    }
  });
});

describe('GET /spa/tour-program and /spa/tour-question', () => {
  test('a programme day and a FAQ item of the tour, as in the expanded detail', async () => {
    const tour = await published().where('type', '=', 1).orderBy('id').executeTakeFirstOrThrow();
    const d = expectShape((await get(app, `/spa/tour?slug=${tour.slug_en}&expand_program=1`)).body, TourDetailAnswer);
    const day = d.program[1]!;
    expect(expectShape((await get(app, `/spa/tour-program?tour_id=${tour.id}&program_id=${day.id}`)).body, TourProgramAnswer)).toEqual(day);
    const faq = d.faq[0]!;
    expect(expectShape((await get(app, `/spa/tour-question?tour_id=${tour.id}&question_id=${faq.id}`)).body, TourQuestionAnswer)).toEqual(faq);
  });

  test("another tour's day or question is a 404; missing ids are 422", async () => {
    const [a, b] = await published().where('type', '=', 1).orderBy('id').limit(2).execute();
    const dayOfB = await k().selectFrom('program_days').select('id').where('tour_id', '=', b!.id).executeTakeFirstOrThrow();
    const faqOfB = await k().selectFrom('tour_faq').select('id').where('tour_id', '=', b!.id).executeTakeFirstOrThrow();
    expect((await get(app, `/spa/tour-program?tour_id=${a!.id}&program_id=${dayOfB.id}`)).status).toBe(404);
    expect((await get(app, `/spa/tour-question?tour_id=${a!.id}&question_id=${faqOfB.id}`)).status).toBe(404);
    expect(await get(app, '/spa/tour-program?tour_id=1001')).toMatchObject({ status: 422, body: { errors: { program_id: 'Required field' } } });
    expect(await get(app, '/spa/tour-question?question_id=x&tour_id=1001')).toMatchObject({ status: 422, body: { errors: { question_id: 'Incorrect value' } } });
  });
});

describe('GET /spa/tours-cities and /crm/api/ticket/tour-cities', () => {
  test('tickets data by transport and direction, the same on both paths', async () => {
    const route = await k().selectFrom('ticket_routes as r').innerJoin('tours as t', 't.id', 'r.tour_id').select(['r.tour_id']).where('t.is_published', '=', 1).orderBy('r.tour_id').executeTakeFirstOrThrow();
    const rows = await k().selectFrom('ticket_routes').selectAll().where('tour_id', '=', route.tour_id).execute();
    const a = expectShape((await get(app, `/spa/tours-cities?tour_id=${route.tour_id}`)).body, TicketsAnswer);
    const b = expectShape((await get(app, `/crm/api/ticket/tour-cities?tour_id=${route.tour_id}`)).body, TicketsAnswer);
    expect(b).toEqual(a);
    const n = (transport: string, direction: string) => rows.filter((r) => r.transport === transport && r.direction === direction).length;
    expect(a.arrival).toHaveLength(n('plane', 'arrival'));
    expect(a.train_departure).toHaveLength(n('train', 'departure'));
    expect(a.other_mean_of_transport_arrival).toHaveLength(n('other', 'arrival'));
    expect(a.arrival[0]).toMatchObject({ city_name: expect.any(String), time: expect.stringMatching(/^\d\d:\d\d$/), items: [{ country: { id: expect.any(Number) } }] });
    const detail = expectShape((await get(app, `/spa/tour?slug=x-${route.tour_id}`)).body, TourDetailAnswer);
    expect(detail.is_need_show_cities_info).toBe(true);
  });

  test('a tour without tickets data has empty lists', async () => {
    const none = await published().where('id', 'not in', k().selectFrom('ticket_routes').select('tour_id')).orderBy('id').executeTakeFirstOrThrow();
    const body = expectShape((await get(app, `/spa/tours-cities?tour_id=${none.id}`)).body, TicketsAnswer);
    expect(body.arrival).toEqual([]);
    expect(body.departure).toEqual([]);
    expect((await get(app, '/spa/tours-cities?tour_id=99999999')).status).toBe(404);
  });
});

describe('GET /spa/individual-tour', () => {
  test('the UUID names one tour; the answer is the tour detail marked individual with the order data', async () => {
    const tour = await published().where('type', '=', 1).orderBy('id').executeTakeFirstOrThrow();
    const uuid = (await individualTourUuidOf(t.db, tour.id))!;
    expect(uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const res = await get(app, `/spa/individual-tour?uuid=${uuid}&with_alt=1`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = expectShape(res.body, IndividualTourAnswer);
    expect(body).toMatchObject({ id: tour.id, is_individual: true, request_id: body.individual.request_id, individual: { uuid, adults: 2, children: 0 } });
    expect(body.images[0]?.alt).toBeTruthy();
    expect(body.program[0]?.description).not.toBe('');
  });

  test("a request's uuid (issue 14: the private tour): the tour marked individual with the request's id, dates and party, never cached", async () => {
    const tour = await published().where('type', '=', 1).orderBy('id').executeTakeFirstOrThrow();
    const compact = (iso: string) => iso.replace(/-/g, '');
    const start = new Date(Date.parse(`${TODAY}T00:00:00Z`) + 40 * 86_400_000).toISOString().slice(0, 10);
    const end = new Date(Date.parse(`${TODAY}T00:00:00Z`) + 46 * 86_400_000).toISOString().slice(0, 10);
    const sent = await app.inject({
      method: 'POST', url: '/spa/submit-help-request', headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ data: { type: 'individual_tour', tour: tour.id, name: 'Anna', phone: '+79161234567', email: 'anna@example.com', individual: true, individual_dates: `${compact(start)}-${compact(end)}`, adults: 3, children: 1 } }),
    });
    const { request_id: requestId, requestUUID } = sent.json() as { request_id: number; requestUUID: string };
    const res = await get(app, `/spa/individual-tour?uuid=${requestUUID}`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = expectShape(res.body, IndividualTourAnswer);
    expect(body).toMatchObject({ id: tour.id, is_individual: true, request_id: requestId, individual: { uuid: requestUUID, request_id: requestId, date_start: start, date_end: end, adults: 3, children: 1 } });
    expect(body.program[0]?.description).not.toBe('');
  });

  test('UUIDs are random: nothing about the tour (its id, a hash of it) gives them', async () => {
    const rows = await (k() as unknown as import('kysely').Kysely<{ individual_tours: { uuid: string; tour_id: number } }>)
      .selectFrom('individual_tours').select(['uuid', 'tour_id']).orderBy('tour_id').execute();
    const tours = await k().selectFrom('tours').select('id').execute();
    // One per tour, all different, and none carries its tour id (the old links ended in the id in hex).
    expect(rows.map((r) => r.tour_id)).toEqual(tours.map((x) => x.id).sort((a, b) => a - b));
    expect(new Set(rows.map((r) => r.uuid)).size).toBe(rows.length);
    const carryingId = rows.filter((r) => r.uuid.endsWith(r.tour_id.toString(16).padStart(8, '0')));
    expect(carryingId.length).toBeLessThan(2);
    // The old derivation (sha256 of 'individual-tour:{id}') no longer opens anything.
    const { createHash } = await import('node:crypto');
    const id = rows[0]!.tour_id;
    const h = createHash('sha256').update(`individual-tour:${id}`).digest('hex');
    const derived = `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 24)}${id.toString(16).padStart(8, '0')}`;
    expect((await get(app, `/spa/individual-tour?uuid=${derived}`)).status).toBe(404);
  });

  test('a made-up UUID is a 404; a malformed one a 422', async () => {
    const real = (await individualTourUuidOf(t.db, 1001))!;
    const forged = `${real.slice(0, 9)}${real[9] === '0' ? '1' : '0'}${real.slice(10)}`;
    expect((await get(app, `/spa/individual-tour?uuid=${forged}`)).status).toBe(404);
    expect((await get(app, `/spa/individual-tour?uuid=${real.toUpperCase()}`)).status).toBe(422);
    expect(await get(app, '/spa/individual-tour?uuid=not-a-uuid')).toMatchObject({ status: 422, body: { errors: { uuid: 'Incorrect value' } } });
    expect(await get(app, '/spa/individual-tour')).toMatchObject({ status: 422, body: { errors: { uuid: 'Required field' } } });
  });

  test('a database seeded before migration 0007 gets a random UUID for every tour; a re-seed keeps them', async () => {
    const { MIGRATIONS } = await import('../src/db/migrations');
    const ik = k() as unknown as import('kysely').Kysely<{ individual_tours: { uuid: string; tour_id: number } }>;
    const before = await ik.selectFrom('individual_tours').select(['uuid', 'tour_id']).orderBy('tour_id').execute();
    // Undo and redo the migration: the backfill gives every tour a new UUID.
    await MIGRATIONS['0007-individual-tours']!.down!(k() as never);
    await MIGRATIONS['0007-individual-tours']!.up(k() as never);
    const after = await ik.selectFrom('individual_tours').select(['uuid', 'tour_id']).orderBy('tour_id').execute();
    expect(after.map((r) => r.tour_id)).toEqual(before.map((r) => r.tour_id));
    expect(after.filter((r, i) => r.uuid === before[i]!.uuid)).toEqual([]);
    // A re-seed (a new generation date, say) replaces the catalogue but not the links travellers hold.
    expect((await ensureSeeded(t.db, { size: TEST_SIZE, seed: TEST_SEED, today: TODAY, force: true })).seeded).toBe(true);
    const reseeded = await ik.selectFrom('individual_tours').select(['uuid', 'tour_id']).orderBy('tour_id').execute();
    expect(reseeded).toEqual(after);
    expect((await get(app, `/spa/individual-tour?uuid=${after[0]!.uuid}`)).status).toBe(200);
  });
});

describe('GET /crm/api/tour/get-by-ids', () => {
  test('published tours in the order asked; comma-separated or repeated ids', async () => {
    const tours = await published().orderBy('id').limit(3).execute();
    const hidden = await k().selectFrom('tours').select('id').where('is_published', '=', 0).executeTakeFirstOrThrow();
    const ids = [tours[2]!.id, hidden.id, tours[0]!.id, 99999999];
    const a = expectShape((await get(app, `/crm/api/tour/get-by-ids?ids=${ids.join(',')}`)).body, TourIdsAnswer);
    expect(a.map((x) => x.id)).toEqual([tours[2]!.id, tours[0]!.id]);
    const b = expectShape((await get(app, `/crm/api/tour/get-by-ids?${ids.map((i) => `ids=${i}`).join('&')}`)).body, TourIdsAnswer);
    expect(b).toEqual(a);
    expect(a[1]).toMatchObject({ id: tours[0]!.id, title: tours[0]!.title_en, price: tours[0]!.price, currency: 'RUB', days: tours[0]!.days });
    const usd = expectShape((await get(app, `/crm/api/tour/get-by-ids?ids=${tours[0]!.id}`, { 'x-currency': 'USD' })).body, TourIdsAnswer);
    expect(usd[0]).toMatchObject({ currency: 'USD', original_price: tours[0]!.price });
  });

  test('bad lists are 422', async () => {
    expect(await get(app, '/crm/api/tour/get-by-ids')).toMatchObject({ status: 422, body: { errors: { ids: 'Required field' } } });
    expect(await get(app, '/crm/api/tour/get-by-ids?ids=1,x')).toMatchObject({ status: 422, body: { errors: { ids: 'Incorrect value' } } });
    const many = Array.from({ length: 51 }, (_, i) => 1001 + i).join(',');
    expect(await get(app, `/crm/api/tour/get-by-ids?ids=${many}`)).toMatchObject({ status: 422, body: { errors: { ids: 'Maximum 50' } } });
    // Ids beyond the databases' integer (PostgreSQL would fail on them) are refused, not looked up.
    for (const ids of ['2147483648', '1001,9999999999', '1e308', '-1', '1.5']) {
      expect(await get(app, `/crm/api/tour/get-by-ids?ids=${ids}`)).toMatchObject({ status: 422, body: { errors: { ids: 'Incorrect value' } } });
    }
    expect((await get(app, '/crm/api/tour/get-by-ids?ids=2147483647')).body).toEqual([]);
  });
});

describe('GET /spa/tour-for-request', () => {
  test('prices, dates and limits as on the tour page; unpublished is 404', async () => {
    const tour = await published().where('type', '=', 1).orderBy('id').executeTakeFirstOrThrow();
    const detail = expectShape((await get(app, `/spa/tour?slug=${tour.slug_en}`)).body, TourDetailAnswer);
    const body = expectShape((await get(app, `/spa/tour-for-request?id=${tour.id}&format=main&site_id=1`)).body, TourForRequestAnswer);
    expect(body).toMatchObject({ id: detail.id, slug: detail.slug, title: detail.title, price: detail.price, currency: detail.currency, group_max: detail.group_max });
    expect(body.variants).toEqual(detail.variants);
    expect(body.tour_variants).toEqual(detail.tour_variants);
    const hidden = await k().selectFrom('tours').select('id').where('is_published', '=', 0).executeTakeFirstOrThrow();
    expect((await get(app, `/spa/tour-for-request?id=${hidden.id}`)).status).toBe(404);
    expect(await get(app, '/spa/tour-for-request?id=0')).toMatchObject({ status: 422, body: { errors: { id: 'Minimum 1' } } });
  });
});

describe('GET /crm/api/organizer/info', () => {
  test('public info plus legal form, region and up to 6 published tours', async () => {
    const org = await k().selectFrom('organizers').selectAll().orderBy('id').executeTakeFirstOrThrow();
    const body = expectShape((await get(app, `/crm/api/organizer/info?id=${org.id}`)).body, OrganizerInfoAnswer);
    expect(body).toMatchObject({ id: org.id, legal_form: org.legal_form, since_year: org.since_year });
    expect(body.region?.id).toBe(org.region_id);
    expect(body.tours.length).toBeLessThanOrEqual(6);
    const rows = await k().selectFrom('tours').select(['id', 'organizer_id', 'is_published']).where('id', 'in', body.tours.length ? body.tours.map((x) => x.id) : [0]).execute();
    expect(rows.every((r) => r.organizer_id === org.id && r.is_published === 1)).toBe(true);
    expect((await get(app, '/crm/api/organizer/info?id=99999999')).status).toBe(404);
  });
});
