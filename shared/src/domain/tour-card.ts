/**
 * Tour card derivations (public-site §3.4, §3.5 'Derived values', §9 'Dates and lists').
 *
 * A card can come from the search answer (camelCase fields of §3.4), from a tour page's similar tours or an
 * error page's data (snake_case: original_price, original_currency, main_location_name, price_without_discount…).
 * `toTourCardView` reads either form into the one view the TourCard component renders.
 */
import { CARD_DEFAULT_CURRENCY, discountPercent } from './price';

/** A photo or image: a URL string, or an object with url (§3.4). */
export type ImageRef = string | { url?: string | null } | null | undefined;

/** The URL of an image given as a string or as {url}; null when there is none. */
export function imageOf(image: ImageRef): string | null {
  if (typeof image === 'string') return image.trim() ? image : null;
  if (image && typeof image === 'object' && typeof image.url === 'string' && image.url.trim()) return image.url;
  return null;
}

export interface ExpertName { first_name?: string | null; last_name?: string | null }

/** Organizer short name (§3.5): the first name, then the initial of the last name and a dot — 'Anna P.'. */
export function organizerShortName(expert: ExpertName | null | undefined): string {
  const first = (expert?.first_name ?? '').trim();
  const last = (expert?.last_name ?? '').trim();
  const initial = last ? `${Array.from(last)[0]!.toLocaleUpperCase()}.` : '';
  return [first, initial].filter(Boolean).join(' ');
}

/**
 * The N of '+N dates' on a card (§9): the number of variants minus 1, plus 1 when a request period is used.
 * Never negative; the card shows the label only when N > 0.
 */
export function moreDatesCount(variantsCount: number, usesRequestPeriod: boolean): number {
  return Math.max(0, variantsCount - 1 + (usesRequestPeriod ? 1 : 0));
}

export type DurationUnit = 'days' | 'hours';
export interface CardDuration { value: number; unit: DurationUnit }

/** Tour type (§3.3): 1 TOUR, 2 EXCURSION; the card also accepts the names. */
export function isExcursion(type: unknown): boolean {
  return type === 2 || type === '2' || type === 'EXCURSION';
}

/** Duration (§3.4): days for a tour, hours for an excursion; null when unknown or not positive. */
export function cardDuration(type: unknown, days: number | null | undefined, hours: number | null | undefined): CardDuration | null {
  if (isExcursion(type)) return hours && hours > 0 ? { value: hours, unit: 'hours' } : null;
  return days && days > 0 ? { value: days, unit: 'days' } : null;
}

export interface CardTag { id: number | string; text: string; is_hidden?: boolean | null }
/** Tags a card shows: the visible ones only. */
export function visibleTags<T extends CardTag>(tags: readonly T[] | null | undefined): T[] {
  return (tags ?? []).filter((tag) => !tag.is_hidden && tag.text);
}

interface Texted { text?: string | null; name?: string | null }
const textOf = (x: Texted | null | undefined) => (x?.text ?? x?.name ?? '').trim();

/**
 * What a card names as the place: mainLocationName, else by mainLocation the first host city, region or country,
 * else the first of any of them.
 */
export function cardLocation(input: {
  mainLocation?: string | null;
  mainLocationName?: string | null;
  countries?: readonly Texted[] | null;
  regions?: readonly Texted[] | null;
  hostCities?: readonly Texted[] | null;
}): string {
  if (input.mainLocationName?.trim()) return input.mainLocationName.trim();
  const first = (list: readonly Texted[] | null | undefined) => (list ?? []).map(textOf).find(Boolean) ?? '';
  const byKind = { city: first(input.hostCities), region: first(input.regions), country: first(input.countries) } as Record<string, string>;
  return (input.mainLocation && byKind[input.mainLocation]) || byKind.city || byKind.region || byKind.country || '';
}

/** The card input: either form of §3.4 (camelCase search items, snake_case similar items). All but id/title/slug optional. */
export interface TourCardInput {
  id: number;
  title: string;
  slug: string;
  image?: ImageRef;
  images?: readonly ImageRef[] | null;
  description?: string | null;
  price?: number | null;
  currency?: string | null;
  originalPrice?: number | null;
  original_price?: number | null;
  originalCurrency?: string | null;
  original_currency?: string | null;
  priceWithoutDiscount?: number | null;
  price_without_discount?: number | null;
  originalPriceWithoutDiscount?: number | null;
  original_price_without_discount?: number | null;
  isNeedShowPriceFrom?: boolean | null;
  is_need_show_price_from?: boolean | null;
  type?: number | string | null;
  days?: number | null;
  hours?: number | null;
  duration?: number | null;
  mainLocation?: string | null;
  mainLocationName?: string | null;
  main_location_name?: string | null;
  countries?: readonly Texted[] | null;
  regions?: readonly Texted[] | null;
  hostCities?: readonly Texted[] | null;
  variants?: readonly unknown[] | null;
  isUsingRequestPeriod?: boolean | null;
  organizer?: { expert?: (ExpertName & { photo?: ImageRef }) | null } | null;
  mainActivity?: { name?: string | null } | null;
  tags?: readonly CardTag[] | null;
  rating?: number | null;
  reviewsCount?: number | null;
  reviews_count?: number | null;
  difficulty?: number | null;
  isVeryHot?: boolean | null;
  isNewTour?: boolean | null;
}

export interface PriceSource { amount: number; currency: string }

/** Everything a card shows, derived once. */
export interface TourCardView {
  id: number;
  title: string;
  slug: string;
  image: string | null;
  /** The price as answered (in the answer's currency) and its exact source in the stored currency, when given. */
  price: PriceSource | null;
  originalPrice: PriceSource | null;
  /** The old price (before the discount), in the same currency as `price`, when it is higher. */
  oldPrice: number | null;
  originalOldPrice: number | null;
  /** The discount percent to show (≥ 2 %), else null. */
  discountPercent: number | null;
  showFrom: boolean;
  duration: CardDuration | null;
  location: string;
  moreDates: number;
  organizerName: string;
  organizerPhoto: string | null;
  activity: string;
  tags: CardTag[];
  rating: number | null;
  reviewsCount: number;
  difficulty: number | null;
  isNew: boolean;
  isHot: boolean;
}

const positive = (n: number | null | undefined): number | null => (typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : null);

/** Reads a card of either form into its view (§3.4 and §9 rules). */
export function toTourCardView(t: TourCardInput): TourCardView {
  const currency = (t.currency || CARD_DEFAULT_CURRENCY).toUpperCase();
  const amount = positive(t.price);
  const originalAmount = positive(t.originalPrice ?? t.original_price);
  const originalCurrency = (t.originalCurrency ?? t.original_currency ?? '').toUpperCase();
  const old = positive(t.priceWithoutDiscount ?? t.price_without_discount);
  const originalOld = positive(t.originalPriceWithoutDiscount ?? t.original_price_without_discount);
  const oldPrice = amount !== null && old !== null && old > amount ? old : null;
  const days = t.days ?? (isExcursion(t.type) ? null : t.duration);
  const hours = t.hours ?? (isExcursion(t.type) ? t.duration : null);
  return {
    id: t.id,
    title: t.title,
    slug: t.slug,
    image: imageOf(t.image) ?? imageOf(t.images?.[0]),
    price: amount !== null ? { amount, currency } : null,
    originalPrice: originalAmount !== null && originalCurrency ? { amount: originalAmount, currency: originalCurrency } : null,
    oldPrice,
    originalOldPrice: oldPrice !== null && originalOld !== null && originalAmount !== null && originalOld > originalAmount ? originalOld : null,
    discountPercent: amount !== null ? discountPercent(amount, oldPrice) : null,
    showFrom: Boolean(t.isNeedShowPriceFrom ?? t.is_need_show_price_from),
    duration: cardDuration(t.type, days, hours),
    location: cardLocation({ mainLocation: t.mainLocation, mainLocationName: t.mainLocationName ?? t.main_location_name, countries: t.countries, regions: t.regions, hostCities: t.hostCities }),
    moreDates: moreDatesCount(t.variants?.length ?? 0, Boolean(t.isUsingRequestPeriod)),
    organizerName: organizerShortName(t.organizer?.expert),
    organizerPhoto: imageOf(t.organizer?.expert?.photo),
    activity: t.mainActivity?.name?.trim() ?? '',
    tags: visibleTags(t.tags),
    rating: positive(t.rating),
    reviewsCount: Math.max(0, t.reviewsCount ?? t.reviews_count ?? 0),
    difficulty: positive(t.difficulty),
    isNew: Boolean(t.isNewTour),
    isHot: Boolean(t.isVeryHot),
  };
}
