/** The tour detail answer (public-site §3.5) built from a tour's rows, and the name matching of the autocomplete (issue 30: shared by routes/tours.ts, tour-page.ts, search.ts and the programme PDF, formerly in routes/tours.ts). */
import { type ApiLocale, type CurrencyCode } from '@tours/shared/src/api/schemas/common';
import { DEFAULT_SEARCH_SLUGS } from '@tours/shared/src/routing/search-slugs';
import { TourDetailAnswer, type TourVariant } from '@tours/shared/src/api/schemas/tours';
import * as q from '../db/queries/tours';
import { priceIn, type Rates } from './currency';
import { fallbackMark, pickText, t, WORDS, type Picked } from './i18n';
import { imageUrl } from './images';
import { expert, expertPhoto, review } from './organizer-views';
import { penaltyPeriod } from './penalty-period';

export type Parts = Awaited<ReturnType<typeof q.tourParts>>;
export type TourRow = NonNullable<Awaited<ReturnType<typeof q.tourById>>>;
type Accommodation = TourDetailAnswer['accommodation_kinds'][number];

function images(bucket: Parameters<typeof imageUrl>[0], key: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => imageUrl(bucket, `${key}-${i + 1}`));
}

function money(rub: number, currency: CurrencyCode, rates: Rates): number {
  return priceIn(rub, currency, rates).price;
}

export function variantsOf(parts: Parts, currency: CurrencyCode, rates: Rates): TourVariant[] {
  return parts.variants.map((v) => ({
    id: v.id, tour_id: v.tour_id, start: v.start, end: v.end, price: money(v.price, currency, rates),
    price_without_discount: money(v.price_without_discount, currency, rates), original_price: v.price, currency,
    is_busy: v.is_busy === 1, number_of_free_seats: v.number_of_free_seats, not_guaranteed: v.not_guaranteed === 1,
  }));
}

export function excursionDates(parts: Parts): TourDetailAnswer['excursion_dates'] {
  const byDate = new Map<string, { id: number; start: string; end: string }[]>();
  for (const x of parts.times) byDate.set(x.date, [...(byDate.get(x.date) ?? []), { id: x.id, start: x.start, end: x.end }]);
  return [...byDate].map(([date, time]) => ({ date, time }));
}

/** Text of an HTML cell: tags dropped, the usual entities decoded, spaces collapsed. */
function cellText(html: string): string {
  return html.replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/\s+/g, ' ').trim();
}

/**
 * The rows of a cabins price table (stored as HTML, prices per person in RUB): each body row's first cell is the
 * cabin and its last cell the amount. Null when the table has no row whose amount is a number, so the page falls
 * back to the HTML rather than showing a partial table.
 */
export function cabinRowsOfTable(html: string | null | undefined): { name: string; rub: number }[] | null {
  if (!html) return null;
  const rows: { name: string; rub: number }[] = [];
  for (const row of html.match(/<tr[\s>][\s\S]*?<\/tr>/gi) ?? []) {
    const cells = [...row.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/gi)].map((m) => cellText(m[1] ?? ''));
    if (cells.length < 2) continue; // the header row (th cells)
    const digits = (cells.at(-1) ?? '').replace(/[\s\u00a0\u202f,]/g, '');
    if (!/^\d+(?:\.\d+)?$/.test(digits)) return null;
    rows.push({ name: cells[0] ?? '', rub: Number(digits) });
  }
  return rows.length ? rows : null;
}

export function detail(tour: TourRow, parts: Parts, locale: ApiLocale, currency: CurrencyCode, rates: Rates, query: { slug: string; expand_program?: boolean | undefined; with_alt?: boolean | undefined; expand_reviews?: boolean | undefined }): TourDetailAnswer {
  const picks: Picked[] = [];
  const pick = (row: object, field: string): string => {
    const p = pickText(row, field, locale);
    picks.push(p);
    return p.text;
  };
  const html = (field: string): string | null => (t(tour, field, 'en') ? pick(tour, field) : null);
  const title = pick(tour, 'title');
  const slug = t(tour, 'slug', locale);
  const mainRegion = parts.regions.find((r) => r.id === tour.main_region_id) ?? parts.regions[0];
  const mainCity = parts.cities.find((c) => c.id === tour.main_city_id);
  const countryIds = [...new Set(parts.regions.map((r) => r.country_id))];
  const mainLocation = tour.main_location === 'city' && mainCity ? 'city' : 'region';
  const mainLocationName = mainLocation === 'city' && mainCity ? t(mainCity, 'name', locale) : mainRegion ? t(mainRegion, 'name', locale) : '';
  // 'from' is shown when the tour's own open dates have different prices (other options' dates do not count).
  const prices = parts.variants.filter((v) => v.tour_id === tour.id && v.is_busy === 0).map((v) => v.price);
  const expertMain = parts.experts.find((e) => e.is_main === 1) ?? parts.experts[0];
  const organizerPhoto = expertMain ? expertPhoto(expertMain) : null;
  const search = DEFAULT_SEARCH_SLUGS[locale];
  const alt = (text: string) => (query.with_alt ? { alt: text } : {});
  const expand = Boolean(query.expand_program);
  return {
    id: tour.id,
    id_on_site: tour.id,
    slug,
    slugs: { en: tour.slug_en, cn: tour.slug_cn, de: tour.slug_de, ru: tour.slug_ru },
    ...(query.slug !== slug && ![tour.slug_en, tour.slug_cn, tour.slug_de, tour.slug_ru].includes(query.slug) ? { redirect: `/${slug}` } : {}),
    title,
    image: imageUrl('tours', `${tour.id}-1`),
    images: Array.from({ length: tour.image_count }, (_, i) => ({ url: imageUrl('tours', `${tour.id}-${i + 1}`), ...alt(`${title} — ${i + 1}`) })),
    is_indexed: tour.is_indexed === 1,
    countries: countryIds.map((id) => {
      const c = parts.countries.find((x) => x.id === id);
      return { id, text: c ? t(c, 'name', locale) : '', slug: c?.iso_code.toLowerCase() ?? '' };
    }),
    regions: parts.regions.map((r) => ({ id: r.id, text: t(r, 'name', locale), slug: r.slug })),
    host_cities: parts.cities.filter((c) => c.is_host === 1).map((c) => ({ id: c.id, text: t(c, 'name', locale), slug: c.slug })),
    main_location: mainLocation,
    main_location_name: mainLocationName,
    breadcrumbs: [
      { title: WORDS.tours[locale], screen_name: search },
      ...(mainRegion ? [{ title: t(mainRegion, 'name', locale), screen_name: mainRegion.slug }] : []),
      { title, screen_name: slug },
    ],
    type: tour.type === 2 ? 2 : 1,
    type_name: tour.type === 2 ? 'EXCURSION' : 'TOUR',
    is_cruise: tour.is_cruise === 1,
    is_author_tour: tour.is_author_tour === 1,
    is_individual: false,
    // Archived on the staff panel: shown, but it cannot be booked (issue 29; the request calls refuse it too).
    is_tour_active: tour.is_published === 1 && !parts.archived,
    is_archived: parts.archived,
    request_id: null,
    price: money(tour.price, currency, rates),
    priceWithoutDiscount: money(tour.price_without_discount, currency, rates),
    original_price: tour.price,
    original_price_without_discount: tour.price_without_discount,
    currency,
    original_currency: 'RUB',
    is_need_show_price_from: new Set(prices).size > 1,
    discounts: parts.discounts.map((d) => ({
      id: d.id, size: d.size, format: { id: d.format_id === 1 ? 1 : 2 }, type_string: d.kind as TourDetailAnswer['discounts'][number]['type_string'],
      end_date: d.end_date, conditions: pick(d, 'conditions'),
    })),
    special_tariff: html('special_tariff'),
    is_dates_preliminary: tour.is_dates_preliminary === 1,
    use_request_period: tour.use_request_period === 1,
    request_period_start: tour.request_period_start,
    request_period_end: tour.request_period_end,
    excursion_dates: excursionDates(parts),
    variants: variantsOf(parts, currency, rates),
    tour_variants: parts.options.map((o) => ({ tour_id: o.id, slug: t(o, 'slug', locale), name: t(o, 'title', locale) })),
    duration: tour.type === 2 ? (tour.hours ?? 1) : tour.days,
    duration_unit: tour.type === 2 ? 'hours' : 'days',
    days: tour.days,
    hours: tour.hours,
    accommodation: parts.stays.map((s) => ({
      nights: s.nights,
      variants: parts.stayVariants.filter((v) => v.accommodation_id === s.id).map((v) => ({
        type: v.type as Accommodation, description: pick(v, 'description'), images: images('accommodation', String(v.id), v.image_count),
        registry_url: v.registry_url, registry_number: v.registry_number,
      })),
    })),
    accommodation_kinds: parts.accommodationKinds.map((a) => a.kind as Accommodation),
    living_base: tour.living_base_description_en ? { description: pick(tour, 'living_base_description'), images: images('living-base', String(tour.id), tour.living_base_image_count) } : null,
    cabins_price_table: html('cabins_price_table'),
    cabins: cabinRowsOfTable(html('cabins_price_table'))?.map((c) => ({ name: c.name, ...priceIn(c.rub, currency, rates) })) ?? null,
    is_comfort_base: tour.comfort === 1,
    is_comfort_base_plus: tour.comfort === 2,
    is_comfort_medium: tour.comfort === 3,
    is_comfort_improved: tour.comfort === 4,
    is_comfort_premium: tour.comfort === 5,
    difficulty: tour.difficulty,
    difficulty_description: pick(tour, 'difficulty_description'),
    program: parts.program.map((d) => ({
      id: d.id, day: d.day, title: pick(d, 'title'), description: expand ? pick(d, 'description') : '', images: expand ? images('program', `${tour.id}-${d.day}`, d.image_count) : [],
    })),
    excursion_program_description: html('excursion_program_description'),
    map: { lat: tour.lat, lng: tour.lng, zoom: 10 },
    main_impressions: parts.impressions.map((m) => ({ image: imageUrl('tours', `${tour.id}-${m.position + 1}`), title: pick(m, 'title'), description: pick(m, 'description') })),
    faq: parts.faq.map((f) => ({ id: f.id, question: pick(f, 'question'), answer: pick(f, 'answer') })),
    penalties: parts.penalties.map((p) => ({ period: penaltyPeriod(p.days_from, p.days_to, locale), percent: p.percent })),
    penalties_conditions: pick(tour, 'penalties_conditions'),
    organizational_details: pick(tour, 'organizational_details'),
    description: pick(tour, 'description'),
    in_price: { included: pick(tour, 'included'), excluded: pick(tour, 'excluded') },
    group_min: tour.group_min,
    group_max: tour.group_max,
    min_age: tour.min_age,
    max_age: tour.max_age,
    max_tourist_weight_in_kg: tour.max_tourist_weight_in_kg,
    gathering_place: pick(tour, 'gathering_place'),
    lat: tour.lat,
    lng: tour.lng,
    languages: parts.languages.map((l) => l.language),
    guides: parts.guides.map((g) => expert(g, locale)),
    cards: [],
    similar: parts.similar.slice(0, 4).map((x) => ({
      id: x.id, title: t(x, 'title', locale), slug: t(x, 'slug', locale), image: imageUrl('tours', `${x.id}-1`), ...priceIn(x.price, currency, rates),
      main_location_name: t(x, 'name', locale), days: x.days, rating: x.rating, reviews_count: x.reviews_count,
    })),
    rating: tour.rating,
    reviews_count: tour.reviews_count,
    ...(query.expand_reviews ? { reviews: parts.reviews.map((r) => review(r, locale, organizerPhoto)) } : {}),
    tags: [
      ...parts.restKinds.map((k) => ({ id: k.id, text: t(k, 'name', locale), screen_name: k.slug })),
      ...parts.collections.filter((c) => c.is_hidden === 0).map((c) => ({ id: 1000 + c.id, text: t(c, 'name', locale), screen_name: c.slug })),
    ],
    collections: parts.collections.map((c) => ({ id: c.id, name: t(c, 'name', locale), slug: c.slug, is_hidden: c.is_hidden === 1 })),
    is_need_show_cities_info: parts.hasTickets,
    organizer: {
      id: tour.organizer_id,
      expert: expertMain ? expert(expertMain, locale) : { first_name: '', last_name: '', photo: null },
      marketplace_requests_with_direct_sale: parts.organizer?.marketplace_requests_with_direct_sale === 1,
    },
    ...fallbackMark(...picks),
  };
}


export type Sources = Awaited<ReturnType<typeof q.suggestionSources>>;
export type NamedRow = Sources['regions'][number];

/** Lower-cased, accent-free text for matching. */
export function foldText(text: string): string {
  return text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/ё/g, 'е');
}

/** Rows whose name (in any language) contains the query; names starting with it first. */
export function matchNames<R extends NamedRow>(rows: readonly R[], query: string, limit: number): R[] {
  const needle = foldText(query.trim());
  if (!needle) return [];
  const scored: { row: R; score: number }[] = [];
  for (const row of rows) {
    const names = [row.name_en, row.name_cn, row.name_de, row.name_ru].filter((n): n is string => !!n).map(foldText);
    const words = names.flatMap((n) => n.split(/[\s\-–—,.:()«»"]+/));
    const score = names.some((n) => n.startsWith(needle)) ? 0 : words.some((w) => w.startsWith(needle)) ? 1 : names.some((n) => n.includes(needle)) ? 2 : -1;
    if (score >= 0) scored.push({ row, score });
  }
  return scored.sort((a, b) => a.score - b.score).slice(0, limit).map((s) => s.row);
}
