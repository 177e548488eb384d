/**
 * Tour page rules as pure functions: the derived values of public-site §3.5, the main request button of §4.1,
 * date variants of §4.2, section visibility of §4.8, the reviews step of §4.10 and the lists of §9.
 * Structural input types, so the detail answer, the order-page answer and test tables all fit.
 * The organizer short name of §3.5 is `organizerShortName` in tour-card.ts (shared with the cards).
 */
import { travellerToday } from './dates';

export interface VariantLike {
  id: number;
  tour_id: number;
  start: string;
  end: string;
  is_busy: boolean;
  number_of_free_seats: number;
  not_guaranteed: boolean;
}
export interface ExcursionDateLike { date: string; time: readonly { id: number; start: string; end: string }[] }

export interface DatesInput {
  use_request_period: boolean;
  request_period_start: string | null;
  request_period_end: string | null;
  is_dates_preliminary: boolean;
  variants: readonly VariantLike[];
  excursion_dates: readonly ExcursionDateLike[];
}

/** §3.5: individual dates exist only when use_request_period is set and both ends of the request period are set. */
export function hasIndividualDates(t: Pick<DatesInput, 'use_request_period' | 'request_period_start' | 'request_period_end'>): boolean {
  return Boolean(t.use_request_period && t.request_period_start && t.request_period_end);
}

/** §4.2: a variant is disabled when it is busy or has no free seats ('No seats left'). */
export function isVariantDisabled(v: Pick<VariantLike, 'is_busy' | 'number_of_free_seats'>): boolean {
  return v.is_busy || v.number_of_free_seats <= 0;
}

/**
 * §3.5: available dates are the variants that are not busy; when there are no variants, the excursion dates
 * count instead.
 */
export function availableDates(t: Pick<DatesInput, 'variants' | 'excursion_dates'>): (VariantLike | ExcursionDateLike)[] {
  if (t.variants.length) return t.variants.filter((v) => !v.is_busy);
  return [...t.excursion_dates];
}

export function hasAvailableDates(t: Pick<DatesInput, 'variants' | 'excursion_dates'>): boolean {
  return availableDates(t).length > 0;
}

/**
 * §3.5: all dates count as not guaranteed when is_dates_preliminary is set or every variant is not_guaranteed
 * (a tour without variants is not 'all not guaranteed' by its variants).
 */
export function allDatesNotGuaranteed(t: Pick<DatesInput, 'is_dates_preliminary' | 'variants'>): boolean {
  return t.is_dates_preliminary || (t.variants.length > 0 && t.variants.every((v) => v.not_guaranteed));
}

/** Tour type (§3.3): 1 TOUR, 2 EXCURSION. */
export function isExcursionType(type: number | string): boolean {
  return type === 2 || type === 'EXCURSION';
}

/** §3.5: nights shown = days − 1; none for excursions or when the duration is 1 day or less. Null means 'do not show'. */
export function nightsShown(type: number | string, days: number): number | null {
  if (isExcursionType(type) || !(days > 1)) return null;
  return days - 1;
}

function dayNumber(iso: string): number {
  const [y, m, d] = iso.slice(0, 10).split('-').map(Number);
  return Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1) / 86400000;
}

/** §3.5: tour length from a variant: days = end − start + 1; nights = days − 1. */
export function lengthFromVariant(v: Pick<VariantLike, 'start' | 'end'>): { days: number; nights: number } {
  const days = Math.max(1, Math.round(dayNumber(v.end) - dayNumber(v.start)) + 1);
  return { days, nights: days - 1 };
}

/** §4.2: a variant whose tour_id differs from the current tour belongs to another option of the tour. */
export function isOtherOption(v: Pick<VariantLike, 'tour_id'>, tourId: number): boolean {
  return v.tour_id !== tourId;
}

export type MainRequestAction = 'book' | 'private' | 'info';

/**
 * §4.1 main request button: 'Book the tour' when the tour is active; otherwise 'Book private tour' when it has
 * individual dates but no available dates; otherwise 'Request info'.
 */
export function mainRequestAction(t: DatesInput & { is_tour_active: boolean }): MainRequestAction {
  if (t.is_tour_active) return 'book';
  if (hasIndividualDates(t) && !hasAvailableDates(t)) return 'private';
  return 'info';
}

/** Where the action leads: the private-tour modal, except in the mobile order sheet, which links to request-page. */
export function mainRequestOpensModal(action: MainRequestAction, place: 'sidebar' | 'mobile-sheet'): boolean {
  return action === 'private' && place === 'sidebar';
}

export interface SplitDates<V> { current: V[]; next: V[]; showAll: boolean }

/** Sidebar and sheet limits of §9: 4 current and 4 next-season dates; 'Show all departures' beyond 4 variants. */
export const SIDEBAR_DATES = 4;
/** Dates and prices section: 5 variants visible (§9). */
export const SCHEDULE_VARIANTS = 5;
/** Gallery: 6 images, then '{count} more' (§9). */
export const GALLERY_PREVIEWS = 6;
/** Reviews: 3 at first, then 3 more each time (§4.10, §9). */
export const REVIEWS_STEP = 3;

/**
 * §4.2 / §9: in the sidebar, dates starting after `now` are split into the current season (this calendar year)
 * and the next season (later years); up to 4 of each. 'Show all departures' appears with more than 4 variants.
 */
export function splitSidebarDates<V extends Pick<VariantLike, 'start'>>(variants: readonly V[], now: Date, limit = SIDEBAR_DATES): SplitDates<V> {
  const today = travellerToday(now);
  const year = Number(today.slice(0, 4));
  const upcoming = variants.filter((v) => v.start > today);
  const current = upcoming.filter((v) => Number(v.start.slice(0, 4)) <= year).slice(0, limit);
  const next = upcoming.filter((v) => Number(v.start.slice(0, 4)) > year).slice(0, limit);
  return { current, next, showAll: variants.length > limit };
}

/** §4.10: the visible count starts at 3 and grows by 3, never past the total; collapsing returns it to 3. */
export function nextReviewsCount(visible: number, total: number, step = REVIEWS_STEP): number {
  return Math.min(total, visible + step);
}

/** Group size (§2.6 conditions): 'from min to max' when a minimum above 1 is set, otherwise 'up to max'. */
export function groupSizeForm(min: number, max: number): { kind: 'range'; min: number; max: number } | { kind: 'upTo'; max: number } | null {
  if (!(max > 0)) return null;
  return min > 1 && min <= max ? { kind: 'range', min, max } : { kind: 'upTo', max };
}

export type ComfortLevel = 'base' | 'base_plus' | 'medium' | 'improved' | 'premium';
export interface ComfortFlags {
  is_comfort_base: boolean;
  is_comfort_base_plus: boolean;
  is_comfort_medium: boolean;
  is_comfort_improved: boolean;
  is_comfort_premium: boolean;
}
/** The comfort level of the flags (§3.3 comfort levels 1–5), highest flag first; null when none is set. */
export function comfortLevel(f: ComfortFlags): ComfortLevel | null {
  if (f.is_comfort_premium) return 'premium';
  if (f.is_comfort_improved) return 'improved';
  if (f.is_comfort_medium) return 'medium';
  if (f.is_comfort_base_plus) return 'base_plus';
  if (f.is_comfort_base) return 'base';
  return null;
}

/** A review rating given as a number or as {value} (§3.6), as a number 0..5. */
export function reviewRating(rating: number | { value?: number | null } | null | undefined): number {
  const n = typeof rating === 'number' ? rating : rating?.value ?? 0;
  return Number.isFinite(n) ? Math.max(0, Math.min(5, n)) : 0;
}

/** The rating heading: one decimal (§2.6 'the rating to one decimal'). */
export function ratingOneDecimal(rating: number): string {
  return (Math.round(rating * 10) / 10).toFixed(1);
}

export interface VisibilityInput extends DatesInput, ComfortFlags {
  type: number;
  is_individual: boolean;
  is_tour_active: boolean;
  difficulty: number;
  program: readonly unknown[];
  excursion_program_description: string | null;
  accommodation: readonly unknown[];
  living_base: unknown;
  cabins_price_table: string | null;
  faq: readonly unknown[];
  penalties: readonly unknown[];
  penalties_conditions: string;
  organizational_details: string;
  discounts: readonly unknown[];
  special_tariff: string | null;
  guides: readonly unknown[];
  organizer: { id: number; expert: { first_name: string; last_name: string } } | null;
  is_need_show_cities_info: boolean;
}

export interface VisibilitySettings {
  shouldShowWeatherWidget: boolean;
  shouldShowTicketQuoteWidget: boolean;
  forceHideOrganizers: boolean;
}

export interface SectionVisibility {
  organizer: boolean;
  program: boolean;
  living: boolean;
  faq: boolean;
  schedule: boolean;
  weather: boolean;
  ticketQuote: boolean;
  recommendations: boolean;
}

const filled = (html: string | null | undefined) => Boolean(html && html.replace(/<[^>]*>/g, '').trim());

/** Section visibility of §4.8 (the organizer block also respects organizer.forceHideOrganizers, §6). */
export function sectionVisibility(t: VisibilityInput, s: VisibilitySettings): SectionVisibility {
  const excursion = isExcursionType(t.type);
  const organizerData = Boolean(t.organizer && (t.organizer.expert.first_name || t.organizer.expert.last_name));
  return {
    organizer: !s.forceHideOrganizers && (t.guides.length > 0 || organizerData) && t.is_tour_active,
    program: t.program.length > 0 || filled(t.excursion_program_description) || (excursion && t.difficulty > 0),
    living: !excursion && (t.accommodation.length > 0 || Boolean(t.living_base) || filled(t.cabins_price_table)),
    faq: t.faq.length > 0 || t.penalties.length > 0 || filled(t.penalties_conditions) || filled(t.organizational_details) || t.discounts.length > 0 || filled(t.special_tariff),
    schedule: !t.is_individual && (t.variants.length > 0 || t.excursion_dates.length > 0 || hasIndividualDates(t)),
    weather: s.shouldShowWeatherWidget && t.is_tour_active,
    ticketQuote: s.shouldShowTicketQuoteWidget,
    recommendations: t.is_need_show_cities_info,
  };
}

/** Anchor sections in the order of §2.6; hidden ones are left out. */
export const ANCHORS = ['overview', 'route', 'accommodation', 'conditions', 'faq', 'schedule', 'reviews'] as const;
export type Anchor = (typeof ANCHORS)[number];

export function visibleAnchors(v: Pick<SectionVisibility, 'program' | 'living' | 'faq' | 'schedule'>): Anchor[] {
  return ANCHORS.filter((a) => (a === 'route' ? v.program : a === 'accommodation' ? v.living : a === 'faq' ? v.faq : a === 'schedule' ? v.schedule : true));
}

/** Safe in-site redirect of a tour answer (§7.2): a path of this site that is a tour slug, nothing else. */
export function allowedTourRedirect(redirect: string | undefined | null): string | null {
  if (!redirect) return null;
  if (!/^\/(?:[a-z]{2}\/)?[a-z0-9]+(?:-[a-z0-9]+)*-\d+$/.test(redirect)) return null;
  return redirect;
}

/** Plain text of an HTML field (meta descriptions, JSON-LD): tags and scripts dropped, spaces collapsed, cut at `max`. */
export function plainText(html: string, max = 160): string {
  const text = html
    .replace(/<(script|style|iframe)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

/** Widths of the tour hero in srcset ('{w}x00' sizes of the media service); the browser picks by viewport and DPR. */
export const HERO_WIDTHS = [480, 640, 828, 1080, 1280, 1600, 1920] as const;
/** The hero spans the content column: the viewport width (less its padding) up to the 1280 px container. */
export const HERO_SIZES = '(min-width: 1312px) 1280px, calc(100vw - 32px)';
/** The src used when srcset is not supported. */
export const HERO_FALLBACK_SIZE = '1080x00';

/** srcset of the hero for an image URL with a '{{size}}' segment. */
export function heroSrcSet(url: string, widths: readonly number[] = HERO_WIDTHS): string {
  return widths.map((w) => `${url.replace('{{size}}', `${w}x00`)} ${w}w`).join(', ');
}
