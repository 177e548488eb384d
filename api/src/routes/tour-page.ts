/**
 * The tour page's further calls (public-site §7.2): reviews with tabs, one programme day, one FAQ item,
 * tickets data, the individual tour of an order, tours by ids and the tour for the order page.
 */
import type { ApiLocale, CurrencyCode } from '@tours/shared/src/api/schemas/common';
import {
  IndividualTourAnswer, IndividualTourQuery, TicketsAnswer, TicketsQuery, TourForRequestAnswer, TourForRequestQuery, TourIdsAnswer, TourIdsQuery,
  TourProgramAnswer, TourProgramQuery, TourQuestionAnswer, TourQuestionQuery, TourReviewsAnswer, TourReviewsQuery,
  type TicketEntry, type TicketsAnswer as Tickets, type TourListItem,
} from '@tours/shared/src/api/schemas/tours';
import { requestByUuid } from '../db/queries/booking';
import { individualTourByUuid } from '../db/queries/individual-tours';
import * as extras from '../db/queries/tour-extras';
import * as reviewQueries from '../db/queries/reviews';
import * as q from '../db/queries/tours';
import { isListedTour } from '../db/queries/listing';
import { priceIn } from '../lib/currency';
import { notFound } from '../lib/errors';
import { t } from '../lib/i18n';
import { imageUrl } from '../lib/images';
import type { Services } from '../services';
import type { ApiRouter } from './router';
import { expertPhoto, review } from '../lib/organizer-views';
import { detail, excursionDates, type TourRow, variantsOf } from '../lib/tour-views';

function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

// Tickets --------------------------------------------------------------------------------------

type TicketRows = Awaited<ReturnType<typeof extras.ticketData>>;

/** Tickets data of public-site §3.6: entries grouped by transport and direction, notes per city. */
function ticketsAnswer(data: TicketRows, locale: ApiLocale, comment: string | null): Tickets {
  const entry = (r: TicketRows['routes'][number]): TicketEntry => ({
    city_name: t(r, 'city_name', locale),
    day: r.day,
    date: data.nextStart ? addDays(data.nextStart, r.day - 1) : null,
    time: r.time,
    items: [{ country: { id: r.country_id } }],
  });
  const pick = (transport: string, direction: string) => data.routes.filter((r) => r.transport === transport && r.direction === direction).map(entry);
  return {
    arrival: pick('plane', 'arrival'),
    departure: pick('plane', 'departure'),
    train_arrival: pick('train', 'arrival'),
    train_departure: pick('train', 'departure'),
    other_mean_of_transport_arrival: pick('other', 'arrival'),
    other_mean_of_transport_departure: pick('other', 'departure'),
    important: data.notes.map((n) => ({ city_name: t(n, 'city_name', locale), comment_for_arrival_departure: t(n, 'comment', locale) })),
    comment_for_all_cities: comment,
  };
}

// Lists ------------------------------------------------------------------------------------------

type ListRow = Awaited<ReturnType<typeof extras.toursByIds>>[number];

function listItem(x: ListRow, locale: ApiLocale, currency: CurrencyCode, rates: Awaited<ReturnType<Services['rates']>>): TourListItem {
  const excursion = x.type === 2;
  const old = priceIn(x.price_without_discount, currency, rates).price;
  return {
    id: x.id, title: t(x, 'title', locale), slug: t(x, 'slug', locale), image: imageUrl('tours', `${x.id}-1`), ...priceIn(x.price, currency, rates),
    main_location_name: t(x, 'name', locale), days: x.days, rating: x.rating, reviews_count: x.reviews_count,
    type: excursion ? 2 : 1, type_name: excursion ? 'EXCURSION' : 'TOUR', duration: excursion ? (x.hours ?? 1) : x.days, duration_unit: excursion ? 'hours' : 'days',
    hours: x.hours, price_without_discount: old, is_need_show_price_from: Number(x.price_count ?? 0) > 1,
  };
}

async function publishedTour(s: Services, id: number): Promise<TourRow> {
  const tour = await q.tourById(s.db, id);
  if (!tour || !isListedTour(tour, s.config)) throw notFound();
  return tour;
}

export function registerTourPageRoutes(router: ApiRouter, s: Services): void {
  const tags = ['tours'];

  router.add({
    method: 'GET', url: '/spa/tour-reviews', tags, summary: 'Reviews of a tour and of its organizer (tabs All / Tour / Tour Provider), paged',
    description: "id names the tour (404 when unknown or unpublished); slug is accepted. type: all, tour or organizer. rating and with_photos filter (the canFilterReviews filter). counts are per tab with the filters; rating and reviews_count are of the requested tab without the filters (the tab's heading; type=tour gives the tour's own reviews, the count its title and cards show).",
    query: TourReviewsQuery, answer: TourReviewsAnswer, errors: [404],
    handler: ({ query, ctx }) => {
      const id = query.id;
      return s.cached(`tour-reviews:${ctx.locale}:${id}:${query.type}:${query.rating ?? ''}:${query.with_photos ? 1 : 0}:${query.page}:${query.limit}`, async () => {
        const tour = await publishedTour(s, id);
        const filter = { tourId: tour.id, organizerId: tour.organizer_id, tab: query.type, rating: query.rating, withPhotos: query.with_photos };
        const [rows, counts, summary, experts] = await Promise.all([
          extras.tourReviewsPage(s.db, filter, query.limit, (query.page - 1) * query.limit),
          extras.tourReviewCounts(s.db, filter),
          reviewQueries.tourTabSummary(s.db, filter, query.type),
          q.tourParts(s.db, tour.id, tour.organizer_id, tour.main_region_id, 0, s.config).then((p) => p.experts),
        ]);
        const main = experts.find((e) => e.is_main === 1) ?? experts[0];
        const photo = main ? expertPhoto(main) : null;
        const total = counts[query.type];
        return {
          reviews: rows.map((r) => review(r, ctx.locale, photo)),
          pagination: { page: query.page, pages: Math.max(1, Math.ceil(total / query.limit)), itemsCount: total, itemsOnPage: rows.length, pageSize: query.limit },
          rating: summary.rating,
          reviews_count: summary.count,
          counts,
        };
      });
    },
  });

  router.add({
    method: 'GET', url: '/spa/tour-program', tags, summary: 'One programme day with its description and images',
    description: '404 when the day is not one of that tour\'s (or the tour is unpublished).',
    query: TourProgramQuery, answer: TourProgramAnswer, errors: [404],
    handler: ({ query, ctx }) =>
      s.cached(`tour-program:${ctx.locale}:${query.tour_id}:${query.program_id}`, async () => {
        await publishedTour(s, query.tour_id);
        const d = await extras.programDay(s.db, query.tour_id, query.program_id);
        if (!d) throw notFound();
        return {
          id: d.id, day: d.day, title: t(d, 'title', ctx.locale), description: t(d, 'description', ctx.locale),
          images: Array.from({ length: d.image_count }, (_, i) => imageUrl('program', `${query.tour_id}-${d.day}-${i + 1}`)),
        };
      }),
  });

  router.add({
    method: 'GET', url: '/spa/tour-question', tags, summary: 'One FAQ item of a tour',
    query: TourQuestionQuery, answer: TourQuestionAnswer, errors: [404],
    handler: async ({ query, ctx }) => {
      await publishedTour(s, query.tour_id);
      const f = await extras.faqItem(s.db, query.tour_id, query.question_id);
      if (!f) throw notFound();
      return { id: f.id, question: t(f, 'question', ctx.locale), answer: t(f, 'answer', ctx.locale) };
    },
  });

  const tickets = (url: string) =>
    router.add({
      method: 'GET', url, tags, summary: 'Tickets data of a tour: arrivals and departures by plane, train or other transport, notes per city',
      description: 'Empty lists when the tour has no tickets data (is_need_show_cities_info is false). 404 when the tour is unknown or unpublished.',
      query: TicketsQuery, answer: TicketsAnswer, errors: [404],
      handler: ({ query, ctx }) =>
        s.cached(`tickets:${ctx.locale}:${query.tour_id}`, async () => {
          const tour = await publishedTour(s, query.tour_id);
          const comment = tour.comment_for_all_cities_en ? t(tour, 'comment_for_all_cities', ctx.locale) : null;
          return ticketsAnswer(await extras.ticketData(s.db, tour.id), ctx.locale, comment);
        }),
    });
  tickets('/spa/tours-cities');
  tickets('/crm/api/ticket/tour-cities');

  // An individual tour is found by the random UUID stored with it (migration 0007, db/queries/individual-tours.ts):
  // nothing about a tour lets anyone compute another traveller's link.
  router.add({
    method: 'GET', url: '/spa/individual-tour', tags, summary: 'The individual (custom) tour of an order',
    description: 'uuid: a request\'s (the private tour or an order; its dates and party) or a tour\'s individual version (migration 0007). The tour detail with is_individual true, request_id and `individual` (the order\'s dates and party). 404 for an unknown UUID.',
    query: IndividualTourQuery, answer: IndividualTourAnswer, errors: [404],
    handler: async ({ query, ctx, reply }) => {
      // The UUID is the traveller's key to this order: no shared cache keeps the answer.
      reply.header('cache-control', 'private, no-store');
      // The tour as it is shown to anyone (cached by tour), with the order's own part laid over it (never cached).
      const tourDetail = (tourId: number) =>
        s.cached(`individual-tour-base:${ctx.locale}:${ctx.currency}:${tourId}:${query.with_alt ? 1 : 0}`, async () => {
          const tour = await q.tourById(s.db, tourId);
          if (!tour) throw notFound();
          const [parts, rates] = await Promise.all([q.tourParts(s.db, tour.id, tour.organizer_id, tour.main_region_id, 0, s.config), s.rates()]);
          const base = detail(tour, parts, ctx.locale, ctx.currency, rates, { slug: t(tour, 'slug', ctx.locale), expand_program: true, with_alt: query.with_alt });
          const first = parts.variants.find((v) => v.tour_id === tour.id);
          return { base, days: tour.days, firstStart: first?.start ?? tour.request_period_start };
        });
      // A request (issue 14: the private tour or an order with individual dates) by its uuid: its dates and party.
      const request = await requestByUuid(s.db, query.uuid);
      if (request && request.tour_id !== null) {
        const { base, days, firstStart } = await tourDetail(Number(request.tour_id));
        const start = request.date_start_formatted ?? firstStart;
        const end = request.date_end_formatted ?? (start ? addDays(start, Math.max(1, days) - 1) : null);
        const requestId = Number(request.id);
        return {
          ...base,
          is_individual: true,
          is_tour_active: true,
          request_id: requestId,
          individual: { uuid: request.uuid, request_id: requestId, date_start: start, date_end: end, adults: request.adults ?? 1, children: request.children ?? 0 },
        };
      }
      // Looked up before the answer cache, so made-up UUIDs never become cache entries.
      const individual = await individualTourByUuid(s.db, query.uuid);
      if (!individual) throw notFound();
      const { base, days, firstStart } = await tourDetail(individual.tour_id);
      const requestId = individual.request_id;
      return {
        ...base,
        is_individual: true,
        is_tour_active: true,
        request_id: requestId,
        individual: { uuid: individual.uuid, request_id: requestId, date_start: firstStart, date_end: firstStart ? addDays(firstStart, Math.max(1, days) - 1) : null, adults: 2, children: 0 },
      };
    },
  });

  router.add({
    method: 'GET', url: '/crm/api/tour/get-by-ids', tags, summary: 'Tours by ids (list items), in the order asked',
    description: 'ids: comma-separated or repeated, at most 50. Unknown or unpublished ids are left out.',
    query: TourIdsQuery, answer: TourIdsAnswer,
    handler: ({ query, ctx }) =>
      s.cached(`tours-by-ids:${ctx.locale}:${ctx.currency}:${query.ids.join(',')}`, async () => {
        const [rows, rates] = await Promise.all([extras.toursByIds(s.db, [...new Set(query.ids)], s.config), s.rates()]);
        return rows.map((x) => listItem(x, ctx.locale, ctx.currency, rates));
      }),
  });

  router.add({
    method: 'GET', url: '/spa/tour-for-request', tags, summary: 'A tour for the order page: prices, dates (with other options), limits and organizer',
    description: '404 when the tour is unknown or unpublished. The order page always sends site_id=1.',
    query: TourForRequestQuery, answer: TourForRequestAnswer, errors: [404],
    handler: ({ query, ctx }) =>
      s.cached(`tour-for-request:${ctx.locale}:${ctx.currency}:${query.id}`, async () => {
        const tour = await publishedTour(s, query.id);
        const [parts, rates] = await Promise.all([q.tourParts(s.db, tour.id, tour.organizer_id, tour.main_region_id, 0, s.config), s.rates()]);
        const d = detail(tour, parts, ctx.locale, ctx.currency, rates, { slug: t(tour, 'slug', ctx.locale) });
        return {
          id: d.id, slug: d.slug, slugs: d.slugs, title: d.title, image: d.image, type: d.type, type_name: d.type_name, is_tour_active: d.is_tour_active, is_archived: d.is_archived ?? false,
          price: d.price, priceWithoutDiscount: d.priceWithoutDiscount, original_price: d.original_price, currency: d.currency, is_need_show_price_from: d.is_need_show_price_from,
          duration: d.duration, duration_unit: d.duration_unit, days: d.days, hours: d.hours,
          is_dates_preliminary: d.is_dates_preliminary, use_request_period: d.use_request_period, request_period_start: d.request_period_start, request_period_end: d.request_period_end,
          excursion_dates: excursionDates(parts), variants: variantsOf(parts, ctx.currency, rates), tour_variants: d.tour_variants,
          group_min: d.group_min, group_max: d.group_max, min_age: d.min_age, max_age: d.max_age, main_location_name: d.main_location_name,
          organizer: d.organizer, ...(d.fallback_locale ? { fallback_locale: d.fallback_locale } : {}),
        };
      }),
  });
}
