/**
 * The tour page's head for crawlers without JavaScript (public-site §2.6 'General', §2.1): the server asks
 * GET /spa/tour for the page's slug (short timeout) and sends title, description, canonical and hreflang links
 * (each locale's own slug), the TouristTrip JSON-LD with its Offer, 'noindex, follow' when is_indexed is false,
 * and a preload of the hero image. A tour the API answers 404 for is a real 404; a slug that is not the
 * locale's canonical one is a 301 to it. When the API cannot decide (unreachable, slower than the timeout, 5xx,
 * 429) the page is a 503; a 200 the host cannot read gets the generic head (the page itself decides).
 */
import { is } from 'superstruct';
import { TourDetailAnswer } from '@tours/shared/src/api/schemas/tours';
import { HERO_FALLBACK_SIZE, HERO_SIZES, heroSrcSet, plainText } from '@tours/shared/src/domain/tour';
import { sizedImage } from '@tours/shared/src/domain/media';
import { CURRENCY_HEADER, LANGUAGE_HEADER, USER_ROLE_HEADER } from '@tours/shared/src/api/headers';
import { availableLocales, LOCALE_INFO, type Locale, type SiteVariant } from '@tours/shared/src/i18n/locales';
import { withLocale } from '@tours/shared/src/routing/match';
import { escapeHtml, type HeadInput } from './head';
import { askApi, definitelyNotFound } from './api-call';

export type TourHead =
  /** hero: the tour's hero image, which the host paints as the page's first screen with the HTML. */
  | { kind: 'ok'; extra: NonNullable<HeadInput['extra']>; links: string; hero: { url: string; alt: string } }
  | { kind: 'redirect'; location: string }
  /** removed: the tour exists but was removed from publication; the page renders the removed variant itself. */
  | { kind: 'not-found'; removed: boolean }
  /** The API answered 200 with something the host cannot read: the generic head, and the page decides. */
  | { kind: 'generic' }
  /** The API could not decide (down, slow, 5xx, 429): the page is a 503. */
  | { kind: 'unavailable' };

export interface TourHeadInput {
  apiUrl: string;
  slug: string;
  locale: Locale;
  origin: string;
  russianIsAvailable: boolean;
  /** The Chinese-region site links en and cn only (issue 32). */
  variant?: SiteVariant;
  /** excursionsEnabled of the app configuration: false, an excursion's page is a 404 (issue 32). Default true. */
  excursionsEnabled?: boolean;
  /** Currency of the Offer (the visitor's cookie, else the site's default). */
  currency: string;
  siteName: string;
  /** INTERNAL_API_SECRET: the call is the host server's own (X-Internal-Call). */
  internalSecret?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*-\d+$/;

/** The path of the tour page in a locale. */
function tourPath(slug: string, locale: Locale): string {
  return withLocale(`/${slug}`, locale);
}

/** TouristTrip with an Offer (schema.org) for a tour answer. */
export function tourJsonLd(tour: TourDetailAnswer, o: { canonical: string; origin: string; siteName: string }): Record<string, unknown> {
  const available = tour.variants.some((v) => !v.is_busy && v.number_of_free_seats > 0) || tour.excursion_dates.length > 0 || tour.use_request_period;
  const images = [tour.image, ...tour.images.map((i) => i.url)].filter((u, i, all) => all.indexOf(u) === i).slice(0, 6);
  return {
    '@context': 'https://schema.org',
    '@type': 'TouristTrip',
    name: tour.title,
    description: plainText(tour.description, 300),
    url: o.canonical,
    image: images.map((u) => `${o.origin}${sizedImage(u, '1200x00')}`),
    touristType: tour.tags.map((t) => t.text).slice(0, 5),
    itinerary: {
      '@type': 'ItemList',
      numberOfItems: tour.program.length,
      itemListElement: tour.program.map((d, i) => ({ '@type': 'ListItem', position: i + 1, name: d.title })),
    },
    provider: { '@type': 'Organization', name: o.siteName, url: o.origin },
    offers: {
      '@type': 'Offer',
      price: tour.price,
      priceCurrency: tour.currency,
      url: o.canonical,
      availability: available ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
    },
  };
}

/** Head parts of a tour answer for the page's locale. */
export function buildTourHead(tour: TourDetailAnswer, o: Pick<TourHeadInput, 'locale' | 'origin' | 'russianIsAvailable' | 'variant' | 'siteName'>): Extract<TourHead, { kind: 'ok' }> {
  const canonical = `${o.origin}${tourPath(tour.slugs[o.locale] || tour.slug, o.locale)}`;
  const hero = tour.images[0]?.url ?? tour.image;
  const heroAlt = tour.images[0]?.alt ?? tour.title;
  const links = [
    `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    ...availableLocales(o.russianIsAvailable, o.variant).map((l) => `<link rel="alternate" hreflang="${LOCALE_INFO[l].iso}" href="${escapeHtml(o.origin + tourPath(tour.slugs[l] || tour.slug, l))}">`),
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(o.origin + tourPath(tour.slugs.cn || tour.slug, 'cn'))}">`,
    // The hero is the LCP element: start it with the HTML, at the size the page will ask for.
    // data-tour-hero (the tour id), data-hero-url and data-hero-alt let the tour area's skeleton paint this hero
    // while the tour's data is still on the way.
    `<link rel="preload" as="image" href="${escapeHtml(sizedImage(hero, HERO_FALLBACK_SIZE))}" imagesrcset="${escapeHtml(heroSrcSet(hero))}" imagesizes="${escapeHtml(HERO_SIZES)}" fetchpriority="high" data-tour-hero="${tour.id}" data-hero-url="${escapeHtml(hero)}" data-hero-alt="${escapeHtml(heroAlt)}">`,
  ];
  return {
    kind: 'ok',
    extra: {
      title: tour.title,
      description: plainText(tour.description),
      jsonLd: tourJsonLd(tour, { canonical, origin: o.origin, siteName: o.siteName }),
      ...(tour.is_indexed ? {} : { robots: 'noindex, follow' }),
    },
    links: links.join('\n'),
    hero: { url: hero, alt: heroAlt },
  };
}

/** Fetches the tour and decides the head, status or redirect of the tour page. Never throws. */
export async function tourHead(input: TourHeadInput): Promise<TourHead> {
  if (!SLUG.test(input.slug)) return { kind: 'not-found', removed: false };
  const res = await askApi(
    input,
    `/spa/tour?slug=${encodeURIComponent(input.slug)}&format=main&expand_program=0&with_alt=1&site_id=1`,
    { [LANGUAGE_HEADER]: LOCALE_INFO[input.locale].iso, [CURRENCY_HEADER]: input.currency, [USER_ROLE_HEADER]: 'client' },
  );
  if (!res) return { kind: 'unavailable' };
  if (definitelyNotFound(res.status)) {
    const body = (await res.json().catch(() => null)) as { data?: { reason?: string } } | null;
    return { kind: 'not-found', removed: res.status === 404 && body?.data?.reason === 'removed_from_publication' };
  }
  if (!res.ok) return { kind: 'unavailable' };
  let tour: unknown;
  try {
    tour = await res.json();
  } catch (error) {
    // The timeout also covers the body; a body that is not JSON is an answer the host cannot read.
    return (error as Error).name === 'TimeoutError' || (error as Error).name === 'AbortError' ? { kind: 'unavailable' } : { kind: 'generic' };
  }
  if (!is(tour, TourDetailAnswer)) return { kind: 'generic' };
  if (input.excursionsEnabled === false && tour.type_name === 'EXCURSION') return { kind: 'not-found', removed: false };
  const own = tour.slugs[input.locale] || tour.slug;
  if (tour.redirect || own !== input.slug) return { kind: 'redirect', location: tourPath(own, input.locale) };
  return buildTourHead(tour, input);
}
