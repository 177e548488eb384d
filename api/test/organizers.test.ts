/** Organizer calls (accounts-and-comms §7 'Organizers'). */
import { OrganizerPublicInfoAnswer, OrganizerReviewsAnswer, OrganizerVerificationAnswer } from '@tours/shared/src/api/schemas/organizers';
import { sql } from 'kysely';
import { expectShape, get, withTestServer } from './helpers';

let busiest: number;

const { t, app } = withTestServer();
beforeAll(async () => {
  const row = await t.db.kysely
    .selectFrom('reviews')
    .select(['organizer_id', sql<number>`cast(count(*) as integer)`.as('n')])
    .where('is_published', '=', 1)
    .groupBy('organizer_id')
    .orderBy('n', 'desc')
    .executeTakeFirstOrThrow();
  busiest = row.organizer_id;
});

test('organizer reviews: 3 per page by default, newest first, tour and organizer reviews', async () => {
  const body = expectShape((await get(app, `/spa/organizer-reviews?id=${busiest}`)).body, OrganizerReviewsAnswer);
  expect(body.reviews).toHaveLength(3);
  expect(body.pagination.pageSize).toBe(3);
  expect(body.pagination.itemsCount).toBe(body.reviews_count);
  expect(body.pagination.pages).toBe(Math.ceil(body.reviews_count / 3));
  const dates = body.reviews.map((r) => r.date);
  expect([...dates].sort().reverse()).toEqual(dates);
  const all = expectShape((await get(app, `/spa/organizer-reviews?id=${busiest}&limit=100`)).body, OrganizerReviewsAnswer);
  expect(all.reviews.length).toBe(Math.min(100, all.reviews_count));
  expect(all.reviews.some((r) => r.type === 'tour' && r.tour && /-\d+$/.test(r.tour.slug))).toBe(true);
  expect(all.reviews.every((r) => (r.type === 'organizer') === (r.tour === null))).toBe(true);
  const replies = await t.db.kysely.selectFrom('reviews').select('id').where('reply_title', 'is not', null).where('site_reply_title', 'is not', null).execute();
  expect(replies.length).toBeGreaterThan(0);
});

test('pages do not overlap', async () => {
  const p1 = expectShape((await get(app, `/spa/organizer-reviews?id=${busiest}&limit=2&page=1`)).body, OrganizerReviewsAnswer);
  const p2 = expectShape((await get(app, `/spa/organizer-reviews?id=${busiest}&limit=2&page=2`)).body, OrganizerReviewsAnswer);
  expect(p1.reviews.map((r) => r.id)).not.toEqual(expect.arrayContaining(p2.reviews.map((r) => r.id)));
});

test('unknown organizer is 404; bad input is 422', async () => {
  expect((await get(app, '/spa/organizer-reviews?id=99999999')).status).toBe(404);
  for (const qs of ['', 'id=0', 'id=abc', 'id=1&limit=0', 'id=1&limit=101', 'id=1&page=-3', 'id=1.5']) {
    const res = await get(app, `/spa/organizer-reviews?${qs}`);
    expect(res.status).toBe(422);
  }
});

test('public info and verification marks', async () => {
  const info = expectShape((await get(app, `/crm/api/organizer/public-info?id=${busiest}`, { 'x-language': 'cn' })).body, OrganizerPublicInfoAnswer);
  expect(info.id).toBe(busiest);
  expect(info.expert.first_name).toMatch(/[\u4e00-\u9fff]/);
  const marks = expectShape((await get(app, `/crm/api/organizer/verification-info?id=${busiest}`)).body, OrganizerVerificationAnswer);
  const row = await t.db.kysely.selectFrom('organizers').selectAll().where('id', '=', busiest).executeTakeFirstOrThrow();
  expect(marks.is_email_verified).toBe(row.is_email_verified === 1);
  expect((await get(app, '/crm/api/organizer/verification-info?id=99999999')).status).toBe(404);
});
