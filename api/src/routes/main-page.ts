/**
 * The main page's tour sections in one call (issue 17 'Content a traveller expects'; designed here, see
 * docs/decisions.md 'Main page tours'): GET /spa/main-page-tours answers popular tours, travel styles, upcoming
 * departures and recent reviews in the request's locale and currency. Each section is the existing query of the
 * place it leads to, so what the main page shows is what its links open:
 * - popular: the first page of the default search (`searchConditions` + `searchPage`, the Tours tab, popular first);
 * - styles: the search form's travel styles (`searchFormCounts`: counted with the search's own conditions);
 * - upcoming: the next free departure after today, cards built like the search's (`cardParts` + `buildCards`);
 * - reviews: the reviews page's newest reviews, only those about a tour (the card links to it).
 * 'Today' is the service's clock (`s.date()`); the answer is memoised per locale, currency and day.
 */
import { DEFAULT_FILTER } from '@tours/shared/src/domain/filters';
import {
  MAIN_PAGE_REVIEWS, MAIN_PAGE_STYLES, MAIN_PAGE_TOURS, MAIN_PAGE_UPCOMING, MainPageToursAnswer, type MainPageReview,
} from '@tours/shared/src/api/schemas/main-page';
import type { ApiLocale, CurrencyCode } from '@tours/shared/src/api/schemas/common';
import { newestTourReviews, upcomingDepartures } from '../db/queries/main-page';
import { searchFormCounts } from '../db/queries/reference';
import { cardParts, searchConditions, searchPage, searchReference } from '../db/queries/search';
import { isoDate } from '../db/seed/text';
import { t } from '../lib/i18n';
import { imageUrl } from '../lib/images';
import type { Services } from '../services';
import type { ApiRouter } from './router';
import { buildCards, cardText } from '../lib/tour-cards';

export function registerMainPageRoutes(router: ApiRouter, s: Services): void {
  // The same memoised reference tables as the search (routes/search.ts uses this key).
  const ref = () => s.cached('search-reference', () => searchReference(s.db));

  async function answer(locale: ApiLocale, currency: CurrencyCode, today: string): Promise<MainPageToursAnswer> {
    const [reference, rates] = await Promise.all([ref(), s.rates()]);
    const conds = searchConditions(s.db, { filter: { ...DEFAULT_FILTER }, locale, rubPerUnit: 1, today, excursionsEnabled: s.config.excursionsEnabled });
    const [page, counts, departures, reviewRows] = await Promise.all([
      searchPage(s.db, conds, 'default', 1, MAIN_PAGE_TOURS),
      searchFormCounts(s.db, today, s.config),
      upcomingDepartures(s.db, today, MAIN_PAGE_UPCOMING, s.config),
      newestTourReviews(s.db, MAIN_PAGE_REVIEWS, s.config),
    ]);
    const popularIds = page.rows.map((r) => r.id);
    const upcomingIds = departures.map((d) => d.tourId);
    const ids = [...new Set([...popularIds, ...upcomingIds])];
    const parts = await cardParts(s.db, ids, today);
    const cards = new Map((parts ? buildCards(ids, parts, reference, locale, currency, rates) : []).map((c) => [c.id, c]));
    const reviews: MainPageReview[] = [];
    for (const r of reviewRows) {
      // Only reviews about a published tour are read; the check narrows the row's types.
      if (r.tour_id === null || !r.slug_en) continue;
      reviews.push({
        id: r.id,
        name: r.name,
        author_photo: r.has_photo ? imageUrl('reviewers', `${r.id}-1`) : null,
        rating: r.rating,
        date: r.date,
        text: cardText(r.body, 200),
        tour: { id: r.tour_id, slug: t(r, 'slug', locale), name: t(r, 'title', locale) },
      });
    }
    return {
      popular: popularIds.flatMap((id) => cards.get(id) ?? []),
      styles: counts.kinds.slice(0, MAIN_PAGE_STYLES).map((k) => ({ id: k.id, name: t(k, 'name', locale), slug: k.slug, tours_count: Number(k.tours_count) })),
      upcoming: departures.flatMap((d) => {
        const tour = cards.get(d.tourId);
        return tour ? [{ start: d.start, end: d.end, tour }] : [];
      }),
      reviews,
    };
  }

  router.add({
    method: 'GET', url: '/spa/main-page-tours', tags: ['search'],
    summary: "The main page's tour sections: popular tours, travel styles, upcoming departures, recent reviews",
    description:
      `popular: the first ${MAIN_PAGE_TOURS} cards of the default search (/spa/tours, Tours tab, popular first). ` +
      `styles: the ${MAIN_PAGE_STYLES} travel styles with the most tours; tours_count is the number of tours their link (/spa/tours with the slug) opens. ` +
      `upcoming: ${MAIN_PAGE_UPCOMING} published tours whose next free departure (not busy, seats left) starts after today, soonest first, with its dates. ` +
      `reviews: the ${MAIN_PAGE_REVIEWS} newest published reviews about published tours, text shortened to 200 characters. ` +
      'Names, slugs and texts in X-Language; prices in X-Currency.',
    answer: MainPageToursAnswer,
    handler: ({ ctx }) => {
      const today = isoDate(s.date());
      return s.cached(`main-page-tours:${ctx.locale}:${ctx.currency}:${today}`, () => answer(ctx.locale, ctx.currency, today));
    },
  });
}
