/**
 * Organizer calls (accounts-and-comms §7 'Organizers'): the public ones. An organizer not published on the site
 * (migration 0016; the staff calls of organizer-admin.ts) is a 404 in each. Their cached answers are keyed by the
 * organizer's revision, read first by key, so a staff change shows at once.
 */
import type { ApiLocale } from '@tours/shared/src/api/schemas/common';
import {
  OrganizerInfoAnswer, OrganizerInfoQuery, OrganizerPublicInfoAnswer, OrganizerReviewsAnswer, OrganizerReviewsQuery,
  OrganizerVerificationAnswer
} from '@tours/shared/src/api/schemas/organizers';
import * as q from '../db/queries/organizers';
import { organizerTours, regionById } from '../db/queries/tour-extras';
import { priceIn } from '../lib/currency';
import { notFound } from '../lib/errors';
import { t } from '../lib/i18n';
import { imageUrl } from '../lib/images';
import type { Services } from '../services';
import { expert, expertPhoto, organizerLegalForm, review, type ExpertRow } from '../lib/organizer-views';
import type { ApiRouter } from './router';

type OrganizerRow = NonNullable<Awaited<ReturnType<typeof q.organizerById>>>;

/** The public organizer answer; /crm/api/organizer/info adds to it. */
function publicInfo(organizer: OrganizerRow, main: ExpertRow, experts: ExpertRow[], locale: ApiLocale, reviews: { rating: number; count: number }): OrganizerPublicInfoAnswer {
  return {
    id: organizer.id,
    name: t(organizer, 'name', locale),
    kind: organizer.kind === 'author' ? 'author' : 'organization',
    expert: expert(main, locale),
    experts: experts.map((e) => expert(e, locale)),
    marketplace_requests_with_direct_sale: organizer.marketplace_requests_with_direct_sale === 1,
    description: t(organizer, 'description', locale),
    // The heading's figures are those of the reviews list below it (the same query), not a stored copy.
    rating: reviews.rating,
    reviews_count: reviews.count,
    tours_count: organizer.tours_count,
    since_year: organizer.since_year,
    logo: imageUrl('organizers', `${organizer.id}-1`),
  };
}

export function registerOrganizerRoutes(router: ApiRouter, s: Services): void {
  const tags = ['organizers'];

  router.add({
    method: 'GET', url: '/spa/organizer-reviews', tags, summary: 'Reviews of an organizer and its tours, newest first',
    description: '404 when the organizer does not exist or is not published on the site. 3 per page by default (the reviews step).',
    query: OrganizerReviewsQuery, answer: OrganizerReviewsAnswer, errors: [404],
    handler: async ({ query, ctx }) => {
      const organizer = await q.publicOrganizerById(s.db, query.id);
      if (!organizer) throw notFound();
      return s.cached(`organizer-reviews:${ctx.locale}:${query.id}:${organizer.revision}:${query.limit}:${query.page}`, async () => {
        const [summary, rows, experts] = await Promise.all([
          q.organizerReviewSummary(s.db, organizer.id),
          q.organizerReviewsPage(s.db, organizer.id, query.limit, (query.page - 1) * query.limit),
          q.expertsOf(s.db, organizer.id),
        ]);
        const total = summary.count;
        const main = experts.find((e) => e.is_main === 1) ?? experts[0];
        const photo = main ? expertPhoto(main) : null;
        return {
          reviews: rows.map((r) => review(r, ctx.locale, photo)),
          pagination: { page: query.page, pages: Math.max(1, Math.ceil(total / query.limit)), itemsCount: total, itemsOnPage: rows.length, pageSize: query.limit },
          rating: summary.rating,
          reviews_count: total,
        };
      });
    },
  });

  router.add({
    method: 'GET', url: '/crm/api/organizer/public-info', tags, summary: 'Public organizer info with its main expert',
    description: '404 when the organizer does not exist or is not published on the site.',
    query: OrganizerInfoQuery, answer: OrganizerPublicInfoAnswer, errors: [404],
    handler: async ({ query, ctx }) => {
      const organizer = await q.publicOrganizerById(s.db, query.id);
      if (!organizer) throw notFound();
      return s.cached(`organizer-info:${ctx.locale}:${query.id}:${organizer.revision}`, async () => {
        const [experts, reviews] = await Promise.all([q.expertsOf(s.db, organizer.id), q.organizerReviewSummary(s.db, organizer.id)]);
        const main = experts.find((e) => e.is_main === 1) ?? experts[0];
        if (!main) throw notFound();
        return publicInfo(organizer, main, experts, ctx.locale, reviews);
      });
    },
  });

  router.add({
    method: 'GET', url: '/crm/api/organizer/info', tags, summary: 'Organizer info: the public info plus legal form, home region and up to 6 published tours',
    description: '404 when the organizer does not exist or is not published on the site.',
    query: OrganizerInfoQuery, answer: OrganizerInfoAnswer, errors: [404],
    handler: async ({ query, ctx }) => {
      const organizer = await q.publicOrganizerById(s.db, query.id);
      if (!organizer) throw notFound();
      return s.cached(`organizer-full-info:${ctx.locale}:${ctx.currency}:${query.id}:${organizer.revision}`, async () => {
        const [experts, tours, region, rates, reviews] = await Promise.all([
          q.expertsOf(s.db, organizer.id), organizerTours(s.db, organizer.id, 6, s.config), regionById(s.db, organizer.region_id), s.rates(), q.organizerReviewSummary(s.db, organizer.id),
        ]);
        const main = experts.find((e) => e.is_main === 1) ?? experts[0];
        if (!main) throw notFound();
        return {
          ...publicInfo(organizer, main, experts, ctx.locale, reviews),
          legal_form: organizerLegalForm(organizer.legal_form),
          region: region ? { id: region.id, name: t(region, 'name', ctx.locale) } : null,
          tours: tours.map((x) => {
            const p = priceIn(x.price, ctx.currency, rates);
            return { id: x.id, slug: t(x, 'slug', ctx.locale), title: t(x, 'title', ctx.locale), image: imageUrl('tours', `${x.id}-1`), price: p.price, currency: p.currency, days: x.days, rating: x.rating, reviews_count: x.reviews_count };
          }),
        };
      });
    },
  });

  router.add({
    method: 'GET', url: '/crm/api/organizer/verification-info', tags, summary: 'Verification marks of an organizer',
    description: '404 when the organizer does not exist or is not published on the site.',
    query: OrganizerInfoQuery, answer: OrganizerVerificationAnswer, errors: [404],
    handler: async ({ query }) => {
      const organizer = await q.publicOrganizerById(s.db, query.id);
      if (!organizer) throw notFound();
      return {
        is_email_verified: organizer.is_email_verified === 1,
        is_phone_verified: organizer.is_phone_verified === 1,
        is_passport_verified: organizer.is_passport_verified === 1,
      };
    },
  });
}
