import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '@tours/shared/src/config/app-config';
import { COOKIES } from '@tours/shared/src/config/storage-keys';
import type { Locale } from '@tours/shared/src/i18n/locales';
import { matchRoute, splitLocale, withLocale, type RouteMatch } from '@tours/shared/src/routing/match';
import { isDefaultSearchSlug } from '@tours/shared/src/routing/search-slugs';
import type { loadCatalogues } from '../messages';
import { decideLocaleRedirect } from '../locale-redirect';
import { findRouteRule, type RouteRule } from '../route-rules';
import { renderDocument, renderHead } from '../head';
import { tourHead } from '../tour-head';
import { imagePreload, type SearchRequest } from '../first-screen';
import {
  checkOrderTour, checkSearchSlug, validateBlogArticle, validateBlogCategory, validateOrganizerMeetKey, validateRequestUuid, validateReviewRegion, type OrderTourCheck, type RouteCheck, type SearchSlugCheck,
} from '../validate';
import type { loadShellRenderer } from '../ssr';
import { createRemoteTexts, plainText } from '../remote-texts';
import type { ApiTarget } from '../api-call';
import { siteOriginFor, type HostSettings } from '../settings';
import { buildCsp, manifestOrigins, newNonce } from '../security';
import { errorBody, RETRY_AFTER_S } from '../errors';
import type { ManifestRead } from './manifest';
import type { LayoutData } from '../../src/layout/layout-data';
import type { FirstScreen } from '../../src/state/initial';
import type { LayoutRequest } from '../layout-data';

function parseCookies(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0) {
      try { out[part.slice(0, i).trim()] = decodeURIComponent(part.slice(i + 1).trim()); } catch { /* malformed */ }
    }
  }
  return out;
}

function localeCookie(locale: Locale): string {
  return `${COOKIES.locale.name}=${locale}; Max-Age=${COOKIES.locale.maxAge}; Path=/; SameSite=Lax`;
}

/** What the search slug's and the order page's checks learned for the page's first screen: the place, the tour's image. */
type RouteFinding = OrderTourCheck & Omit<SearchSlugCheck, 'verdict'>;

/** The API's check of a declared route (§2.2: a slug, a uuid, a key that must exist), with what it learned of the page. */
async function checkRoute(api: ApiTarget, match: RouteMatch, locale: Locale, config: AppConfig): Promise<RouteFinding> {
  const { slug, region } = match.params;
  const verdict = (check: Promise<RouteCheck> | RouteCheck) => Promise.resolve(check).then((v) => ({ verdict: v }));
  switch (match.def.validate) {
    // The default search needs no call: it is the search of every tour, titled 'Search tours'.
    case 'search-slug': return isDefaultSearchSlug(slug ?? '') ? { verdict: 'valid', place: { kind: 'search', name: '' } } : checkSearchSlug(api, slug ?? '', locale);
    case 'blog-article': return verdict(validateBlogArticle(api, slug ?? '', locale));
    case 'blog-category': return verdict(slug ? validateBlogCategory(api, slug, locale) : 'valid');
    case 'order-tour': return checkOrderTour(api, match.params.id ?? '', locale, { excursionsEnabled: config.excursionsEnabled });
    // arrival-page names it uuid, add-tourists id (§2.2).
    case 'request-uuid': return verdict(validateRequestUuid(api, match.params.uuid ?? match.params.id ?? '', locale));
    case 'organizer-meet-key': return verdict(validateOrganizerMeetKey(api, match.params.key ?? '', locale));
    default: return verdict(region ? validateReviewRegion(api, region, locale) : 'valid');
  }
}

/** Slug kinds the search page shows (mfe-search SearchPage's SEARCH_KINDS); other valid slugs are not searches. */
const SEARCH_KINDS = new Set(['search', 'region', 'city', 'rest_kind', 'collection']);

/**
 * The search page's title as the page decides it: the place's name, or null for the catalogue's 'Search tours' (the
 * default search, or no name); undefined when the slug names no search (the page shows no results).
 */
function searchPageTitle(place: SearchSlugCheck['place'] | undefined): string | null | undefined {
  if (!place || !SEARCH_KINDS.has(place.kind)) return undefined;
  return place.kind === 'search' || !place.name ? null : place.name;
}

export interface PagesOptions {
  config: AppConfig;
  settings: HostSettings;
  api: ApiTarget;
  catalogues: ReturnType<typeof loadCatalogues>;
  rules: Record<string, RouteRule>;
  entry: { js: string[]; css: string[] };
  renderShell: ReturnType<typeof loadShellRenderer>;
  readManifest: () => ManifestRead;
  /** The icons' <link>s (host/server/favicon.ts). */
  iconLinks: string;
  /** The layout's site data for the visitor (host/server/layout-data.ts), asked while the route is checked. */
  layoutData: (req: LayoutRequest) => Promise<LayoutData>;
  /** The default search's first results' images (host/server/first-screen.ts), asked while the route is checked. */
  searchFirstScreen: (req: SearchRequest) => Promise<string[] | undefined>;
}

/**
 * The pages: every GET for HTML that no other route answers. Locale redirects, route rules, the route's status
 * (its API check: 404, or 503 when the API could not decide), the head, the shell server-rendered with the route
 * owner's texts and the state inlined, and the page's CSP.
 */
export const pages = fp<PagesOptions>(async (app, { config, settings, api, catalogues, rules, entry, renderShell, readManifest, iconLinks, layoutData, searchFirstScreen }) => {
  const remoteTexts = createRemoteTexts();

  const renderPage = async (req: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(req.url, 'http://host');
    const cookies = parseCookies(req.headers.cookie);
    const redirect = decideLocaleRedirect({
      pathname: url.pathname,
      search: url.search,
      cookieLocale: cookies[COOKIES.locale.name],
      acceptLanguage: req.headers['accept-language'],
      russianIsAvailable: config.russianIsAvailable,
      variant: config.variant,
    });
    if (redirect) {
      if (redirect.setCookie) reply.header('Set-Cookie', localeCookie(redirect.setCookie));
      return reply.code(302).header('Cache-Control', 'no-store').redirect(redirect.location, 302);
    }
    const { locale, path: barePath } = splitLocale(url.pathname, config.russianIsAvailable, config.variant);
    const rule = findRouteRule(rules, barePath);
    if (rule) {
      const to = rule.to.startsWith('/') ? withLocale(rule.to, locale) : rule.to;
      return reply.redirect(to, rule.status ?? 302);
    }
    const layout = layoutData({ locale, ip: req.ip, countryCookie: cookies[COOKIES.country.name] });
    const manifest = readManifest();
    const match = matchRoute(url.pathname, { russianIsAvailable: config.russianIsAvailable, variant: config.variant, routes: manifest.routes });
    const cookieCurrency = cookies[COOKIES.currency.name];
    const currency = cookieCurrency && /^[A-Z]{3}$/.test(cookieCurrency) ? cookieCurrency : undefined;
    // The search's first results (host/server/first-screen.ts), asked beside the route check.
    const searchCards = match?.def.placeholder === 'search'
      ? searchFirstScreen({ locale, currency: currency ?? config.defaultCurrency, slug: match.params.slug ?? '', search: url.search })
      : undefined;
    let status = 200;
    let notFound: 'unmatched' | 'validation' | undefined;
    // The API could not decide a route check: the page is a 503 (Retry-After), never a guessed 200 or 404.
    let unavailable = false;
    // What the route check found for the first screen: the ordered tour's image, the searched place.
    let found: RouteFinding = { verdict: 'valid' };
    if (!match) {
      status = 404;
      notFound = 'unmatched';
    } else if (match.def.validate) {
      found = await checkRoute(api, match, locale, config);
      const check = found.verdict;
      if (check === 'invalid') {
        status = 404;
        notFound = 'validation';
      }
      unavailable = check === 'unavailable';
    }
    // The route owner's own texts (its release's catalogue), inlined with shared's: no round trip on a first visit.
    const ownerTextsUrl = match ? manifest.runtime.remotes[match.def.owner]?.i18n?.[locale] : undefined;
    const ownerTexts = await remoteTexts.get(ownerTextsUrl);
    const messages: Record<string, string> = { ...catalogues.messages[locale] };
    for (const [id, elements] of Object.entries(ownerTexts ?? {})) {
      const text = plainText(elements);
      if (text !== undefined) messages[id] = text;
    }
    // Links are built from the configured origins only (SITE_ORIGIN, SITE_ORIGINS), never from the Host header.
    const origin = siteOriginFor(req.host, settings);
    // Tour page (host/server/tour-head.ts): its own head for crawlers, a real 404, a 301 to the locale's own slug.
    const tour = match?.name === 'tour-page'
      ? await tourHead({ ...api, slug: match.params.slug ?? '', locale, origin, russianIsAvailable: config.russianIsAvailable, variant: config.variant, excursionsEnabled: config.excursionsEnabled, currency: currency ?? config.defaultCurrency, siteName: messages['meta.siteName'] ?? '' })
      : null;
    if (tour?.kind === 'redirect') return reply.code(301).header('Cache-Control', 'no-store').redirect(`${tour.location}${url.search}`, 301);
    if (tour?.kind === 'not-found') {
      status = 404;
      // A removed tour keeps its page: the screen shows the removed_from_publication variant with similar tours.
      notFound = tour.removed ? undefined : 'validation';
    }
    if (tour?.kind === 'unavailable') unavailable = true;
    if (unavailable) {
      status = 503;
      notFound = undefined;
    }
    const tourOk = tour?.kind === 'ok' ? tour : null;
    const nonce = newNonce();
    // What the server knows of the page's first screen: the shell paints it, so the LCP element needs no JS (the
    // tour's hero, the default search's first results' images, the ordered tour's image). Only on a page that shows.
    // A search page is titled by its place (the search page's rule); a slug of another kind has no search first screen.
    const searchTitle = searchPageTitle(found.place);
    const cardImages = status === 200 && searchTitle !== undefined ? await searchCards : undefined;
    const shown = status === 200 && match ? { path: match.path, locale: match.locale } : null;
    const firstScreen: FirstScreen | undefined = shown && tourOk ? { ...shown, tourHero: tourOk.hero }
      : shown && found.image ? { ...shown, tourImage: found.image }
        : shown && cardImages ? { ...shown, cardImages, ...(searchTitle ? { placeName: searchTitle } : {}) }
          : undefined;
    // Its largest image starts with the HTML (the tour's hero is preloaded by its head).
    const firstImage = firstScreen?.tourImage ?? firstScreen?.cardImages?.[0];
    const head = renderHead({ origin, match: tourOk ? null : match, locale, messages, russianIsAvailable: config.russianIsAvailable, variant: config.variant, status, path: url.pathname, extra: tourOk?.extra, nonce })
      + (tourOk ? `\n${tourOk.links}` : '') + (firstImage ? `\n${imagePreload(firstImage)}` : '');
    // status 503 is the error state: the browser shows the §2.8 503 page (host/src/state/create-store.ts).
    const state = {
      locale, messages: ownerTexts ? { ...catalogues.compiled[locale], ...ownerTexts } : catalogues.compiled[locale], messagesVersion: catalogues.version, config, status, notFound, currency, firstScreen,
      cookiesAnswered: cookies[COOKIES.cookieAlert.name] === '1',
      // The routes remotes declare (the browser matches with the same table) and which remote texts are inlined.
      routes: manifest.runtime.routes, inlinedTexts: ownerTexts && ownerTextsUrl ? [ownerTextsUrl] : [],
      layout: await layout,
    };
    const body = renderShell(state, { pathname: url.pathname, search: url.search });
    const html = renderDocument({ lang: locale === 'cn' ? 'zh-CN' : locale, head: `${iconLinks}\n${head}`, state, entry, accent: config.uikit.accentColor, variant: config.variant, colorScheme: config.uikit.colorScheme, inputViewType: config.uikit.inputViewType, kitSizes: { modalWidth: config.uikit.defaultModalWidth, arrowPadding: config.uikit.dropdown.arrowPadding }, body, nonce, route: match?.name });
    const { remotes, widgets } = manifestOrigins(manifest.parsed);
    const csp = buildCsp({ nonce, remoteOrigins: remotes, widgetOrigins: widgets, debugOrigins: settings.overrideOrigins, mapsScriptApi: settings.mapsScriptApi });
    if (unavailable) void reply.header('Retry-After', RETRY_AFTER_S);
    return reply
      .code(status)
      .header('Content-Security-Policy', csp)
      .header('Cache-Control', unavailable ? 'no-store' : 'no-cache')
      .header('Vary', 'Accept-Language, Cookie')
      .type('text/html; charset=utf-8')
      .send(html);
  };

  const pageOr404 = (req: FastifyRequest, reply: FastifyReply) => {
    const accept = req.headers.accept ?? '';
    if (req.method === 'GET' && (accept.includes('text/html') || accept === '' || accept.includes('*/*')) && !req.url.startsWith('/assets/')) {
      return renderPage(req, reply);
    }
    return reply.code(404).send(errorBody(404));
  };
  // Pages answer on a route, not only from the not-found handler: the compression plugin (static.ts) compresses what
  // routes send, and a page's HTML (its inlined messages and state) is 60–80 KB, 13–15 KB compressed (issue 33: on a
  // phone's connection the uncompressed HTML held the page's largest picture back by about half a second).
  app.get('/*', pageOr404);
  app.setNotFoundHandler(pageOr404);

}, { name: 'pages' });
