/** The tour cards of the search and the main page (issue 30: shared by routes/search.ts and main-page.ts, formerly in routes/search.ts). */
import type { ApiLocale, CurrencyCode } from '@tours/shared/src/api/schemas/common';
import { type TourCardItem } from '@tours/shared/src/api/schemas/search';
import { discountPercent } from '@tours/shared/src/domain/price';
import {
  type CardParts, type SearchReference
} from '../db/queries/search';
import { priceIn, type Rates } from './currency';
import { t } from './i18n';
import { imageUrl } from './images';
import { expertPhoto } from './organizer-views';

/** Plain text of an HTML fragment, shortened for a card. */
export function cardText(html: string, max = 180): string {
  const text = html.replace(/<(script|style|iframe)[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ').replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

function groupBy<R, K>(rows: readonly R[], key: (r: R) => K): Map<K, R[]> {
  const out = new Map<K, R[]>();
  for (const r of rows) {
    const k = key(r);
    const list = out.get(k);
    if (list) list.push(r);
    else out.set(k, [r]);
  }
  return out;
}

/** The cards of a page, in the order of `ids` (§3.4). */
export function buildCards(ids: number[], parts: CardParts, ref: SearchReference, locale: ApiLocale, currency: CurrencyCode, rates: Rates): TourCardItem[] {
  const tours = new Map(parts.tours.map((r) => [r.id, r]));
  const variants = groupBy(parts.variants, (v) => v.tour_id);
  const days = groupBy(parts.excursionDays, (d) => d.tour_id);
  const regions = groupBy(parts.regions, (r) => r.tour_id);
  const cities = groupBy(parts.cities, (c) => c.tour_id);
  const restKinds = groupBy(parts.restKinds, (r) => r.tour_id);
  const collections = groupBy(parts.collections, (c) => c.tour_id);
  const discounts = groupBy(parts.discounts, (d) => d.tour_id);
  const options = groupBy(parts.options, (o) => o.tour_id);
  const experts = groupBy(parts.experts, (e) => e.organizer_id);
  const money = (rub: number) => priceIn(rub, currency, rates).price;
  const out: TourCardItem[] = [];
  for (const id of ids) {
    const tour = tours.get(id);
    if (!tour) continue;
    const own = variants.get(id) ?? [];
    const regionRows = (regions.get(id) ?? []).map((r) => ref.regions.get(r.region_id)).filter((r) => r !== undefined);
    const cityRows = (cities.get(id) ?? []).map((c) => ref.cities.get(c.city_id)).filter((c) => c !== undefined);
    const mainCity = tour.main_city_id !== null ? ref.cities.get(tour.main_city_id) : undefined;
    const mainRegion = ref.regions.get(tour.main_region_id) ?? regionRows[0];
    const mainLocation = tour.main_location === 'city' && mainCity ? 'city' : 'region';
    const countryIds = [...new Set(regionRows.map((r) => r.country_id))];
    const expert = (experts.get(tour.organizer_id) ?? []).find((e) => e.is_main === 1) ?? experts.get(tour.organizer_id)?.[0];
    const mainKind = ref.restKinds.get(tour.main_rest_kind_id);
    const slim = (v: (typeof own)[number]) => ({ id: v.id, start: v.start, end: v.end, not_guaranteed: v.not_guaranteed === 1 });
    const title = t(tour, 'title', locale);
    out.push({
      id: tour.id,
      title,
      slug: t(tour, 'slug', locale),
      image: imageUrl('tours', `${tour.id}-1`),
      images: Array.from({ length: Math.min(tour.image_count, 3) }, (_, i) => imageUrl('tours', `${tour.id}-${i + 1}`)),
      description: cardText(t(tour, 'description', locale)),
      price: money(tour.price),
      currency,
      originalPrice: tour.price,
      originalCurrency: 'RUB',
      priceWithoutDiscount: money(tour.price_without_discount),
      originalPriceWithoutDiscount: tour.price_without_discount,
      isNeedShowPriceFrom: new Set(own.map((v) => v.price)).size > 1,
      discounts: (discounts.get(id) ?? []).map((d) => ({ id: d.id, size: d.size, format: { id: d.format_id === 1 ? 1 : 2 }, type_string: d.kind })),
      discount: discountPercent(tour.price, tour.price_without_discount, 1),
      type: tour.type === 2 ? 'EXCURSION' : 'TOUR',
      isCruise: tour.is_cruise === 1,
      days: tour.days,
      hours: tour.type === 2 ? (tour.hours ?? 1) : tour.hours,
      mainLocation,
      mainLocationName: mainLocation === 'city' && mainCity ? t(mainCity, 'name', locale) : mainRegion ? t(mainRegion, 'name', locale) : '',
      countries: countryIds.map((cid) => ({ id: cid, text: ref.countries.get(cid) ? t(ref.countries.get(cid)!, 'name', locale) : '' })),
      regions: regionRows.map((r) => ({ id: r.id, text: t(r, 'name', locale) })),
      hostCities: cityRows.map((c) => ({ id: c.id, text: t(c, 'name', locale) })),
      variants: own.map(slim),
      versions: (options.get(id) ?? []).map((o) => ({ tour_id: o.id, slug: t(o, 'slug', locale), name: t(o, 'title', locale) })),
      nearestVariant: own[0] ? slim(own[0]) : null,
      excursionDates: (days.get(id) ?? []).slice(0, 30).map((d) => d.date),
      isUsingRequestPeriod: tour.use_request_period === 1,
      requestPeriodStart: tour.request_period_start,
      requestPeriodEnd: tour.request_period_end,
      isDatesPreliminary: tour.is_dates_preliminary === 1,
      showIndividualDatesInCard: tour.use_request_period === 1 && Boolean(tour.request_period_start && tour.request_period_end),
      organizer: {
        id: tour.organizer_id,
        expert: expert ? { first_name: t(expert, 'first_name', locale), last_name: t(expert, 'last_name', locale), photo: expertPhoto(expert) } : { first_name: '', last_name: '', photo: null },
      },
      mainActivity: mainKind ? { id: mainKind.id, name: t(mainKind, 'name', locale) } : null,
      tags: [
        ...(restKinds.get(id) ?? []).map((r) => ref.restKinds.get(r.rest_kind_id)).filter((r) => r !== undefined).map((r) => ({ id: r.id, text: t(r, 'name', locale), is_hidden: false })),
        ...(collections.get(id) ?? []).map((c) => ref.collections.get(c.collection_id)).filter((c) => c !== undefined).map((c) => ({ id: 1000 + c.id, text: t(c, 'name', locale), is_hidden: c.is_hidden === 1 })),
      ],
      rating: tour.rating,
      reviewsCount: tour.reviews_count,
      difficulty: tour.difficulty,
      isVeryHot: tour.is_very_hot === 1,
      isNewTour: tour.is_new === 1,
      isComfortBase: tour.comfort === 1,
      isComfortBasePlus: tour.comfort === 2,
      isComfortMedium: tour.comfort === 3,
      isComfortImproved: tour.comfort === 4,
      isComfortPremium: tour.comfort === 5,
    });
  }
  return out;
}
