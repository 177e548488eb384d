import type { MfeName } from '../contract/names';

/** Route names of public-site §2.2 plus the paths the spec leaves open (organizer, chat, certificates, account, my trips). */
export type RouteName =
  | 'index' | 'tours' | 'tour-page' | 'individual-tour-page' | 'request-page' | 'add-tourists'
  | 'arrival-page' | 'meet' | 'partnership-page' | 'visa-page' | 'about-page' | 'gift-cards-page'
  | 'certificates-page' | 'contacts-page' | 'agreement' | 'privacy' | 'cookies' | 'destinations'
  | 'faq' | 'press' | 'blog-index' | 'blog-article-id' | 'reviews-index' | 'organizer-id'
  | 'chat-index' | 'account' | 'account-trips' | 'organizers-page';

/** The route checks the host server knows (host/server/validate.ts); a declared route may name one too. */
export const ROUTE_CHECKS = ['search-slug', 'review-region', 'blog-article', 'blog-category', 'order-tour', 'request-uuid', 'organizer-meet-key'] as const;
export type RouteCheckName = (typeof ROUTE_CHECKS)[number];

export interface RouteDef {
  /** A contract route's name, or the name a microfrontend gives a route it declares itself (routeTable). */
  name: RouteName | (string & {});
  owner: MfeName;
  /** Path pattern per locale; `base` is used where a locale has no localized path. Segments: ':name', ':name?', ':name*' (rest). */
  paths: { base: string; cn?: string; de?: string };
  /** The simple (cover) header of §2.3 is used everywhere except these routes. */
  fullHeader?: boolean;
  /**
   * The server checks the route with a call before answering, so an unknown one is a real 404: 'search-slug'
   * through /spa/validate-slug, 'review-region' (an optional region) through /spa/reviews, 'blog-article' through
   * /spa/blog-post, 'blog-category' (an optional category) through /spa/blog-posts; issue 29: 'order-tour' (the
   * tour id of the order page) through /spa/tour-for-request, 'request-uuid' (a request's link) through
   * /crm/api/request/get-by-uuid, 'organizer-meet-key' through /spa/contract-organizer-meet-data.
   */
  validate?: RouteCheckName;
  /**
   * What the host shows until the page's screen paints, drawn where the page draws it (issue 33: the largest element
   * paints with the server's HTML): the tour page's (its hero), the main page's (its title), the search page's (the
   * first results' images), the request page's (the tour's image); else the generic skeleton.
   */
  placeholder?: 'tour' | 'main' | 'search' | 'request';
}

/** Order matters: the first match wins; the catch-all search slug comes last. */
export const ROUTES: readonly RouteDef[] = [
  { name: 'index', owner: 'mfe-search', paths: { base: '/' }, fullHeader: true, placeholder: 'main' },
  { name: 'individual-tour-page', owner: 'mfe-tour', paths: { base: '/order/:uuid/individual-tour' }, placeholder: 'tour' },
  { name: 'add-tourists', owner: 'mfe-booking', paths: { base: '/order/:id/add-tourists' }, validate: 'request-uuid' },
  { name: 'request-page', owner: 'mfe-booking', paths: { base: '/tour/:id/order' }, validate: 'order-tour', placeholder: 'request' },
  { name: 'arrival-page', owner: 'mfe-booking', paths: { base: '/arrival/:uuid' }, validate: 'request-uuid' },
  { name: 'meet', owner: 'mfe-booking', paths: { base: '/meet' } },
  { name: 'partnership-page', owner: 'mfe-search', paths: { base: '/for-agencies', cn: '/duiyu-lvxingshe', de: '/fur-agenturen' }, fullHeader: true },
  { name: 'visa-page', owner: 'mfe-search', paths: { base: '/visa', cn: '/qianzheng', de: '/visum' } },
  { name: 'about-page', owner: 'mfe-search', paths: { base: '/about', cn: '/guanyu', de: '/uber-die-firma' }, fullHeader: true },
  { name: 'gift-cards-page', owner: 'mfe-search', paths: { base: '/gift-cards', cn: '/liwuka', de: '/geschenkkarten' }, fullHeader: true },
  { name: 'certificates-page', owner: 'mfe-search', paths: { base: '/certificates', de: '/zertifikate' } },
  { name: 'contacts-page', owner: 'mfe-search', paths: { base: '/contacts', cn: '/lianxi-fangshi', de: '/kontakt' } },
  { name: 'agreement', owner: 'mfe-search', paths: { base: '/agreement/:version*', cn: '/xieyi/:version*', de: '/vereinbarung/:version*' } },
  { name: 'privacy', owner: 'mfe-search', paths: { base: '/privacy/:version*', cn: '/yinsizhengce/:version*', de: '/datenschutzrichtlinie/:version*' } },
  { name: 'cookies', owner: 'mfe-search', paths: { base: '/cookies', de: '/cookie-richtlinie' } },
  { name: 'destinations', owner: 'mfe-search', paths: { base: '/destinations', cn: '/luxian', de: '/reiseziele' } },
  { name: 'faq', owner: 'mfe-search', paths: { base: '/faq', de: '/fragen-und-antworten' } },
  { name: 'press', owner: 'mfe-search', paths: { base: '/press', cn: '/xinwen', de: '/presse' } },
  { name: 'blog-article-id', owner: 'mfe-search', paths: { base: '/blog/:slug(-\\d+)', cn: '/boke/:slug(-\\d+)', de: '/reiseblog/:slug(-\\d+)' }, validate: 'blog-article' },
  { name: 'blog-index', owner: 'mfe-search', paths: { base: '/blog/:slug*', cn: '/boke/:slug*', de: '/reiseblog/:slug*' }, validate: 'blog-category' },
  { name: 'reviews-index', owner: 'mfe-search', paths: { base: '/reviews/:region?', cn: '/pinglun/:region*', de: '/kundenbewertungen/:region?' }, fullHeader: true, validate: 'review-region' },
  { name: 'organizer-id', owner: 'mfe-tour', paths: { base: '/organizer/:id' } },
  { name: 'chat-index', owner: 'mfe-comms', paths: { base: '/chat/:id?' } },
  { name: 'account', owner: 'mfe-account', paths: { base: '/account' } },
  // My trips (issue 29): the signed-in traveller's bookings, beside the account settings.
  { name: 'account-trips', owner: 'mfe-account', paths: { base: '/account/trips' } },
  // Where the organizer area's links (/org, /org/register) lead when ORGANIZER_AREA_URL is not set (issue 29).
  { name: 'organizers-page', owner: 'mfe-search', paths: { base: '/for-organizers' } },
  { name: 'tour-page', owner: 'mfe-tour', paths: { base: '/:slug(-\\d+)' }, fullHeader: true, placeholder: 'tour' },
  { name: 'tours', owner: 'mfe-search', paths: { base: '/:slug' }, fullHeader: true, validate: 'search-slug', placeholder: 'search' },
];

export const ROUTE_BY_NAME: Readonly<Record<RouteName, RouteDef>> = Object.fromEntries(
  ROUTES.map((r) => [r.name, r]),
) as Record<RouteName, RouteDef>;

/** A catch-all ('/:slug…'): declared routes go before these, so they never hide a microfrontend's own path. */
function isCatchAll(def: RouteDef): boolean {
  return def.paths.base.startsWith('/:');
}

/**
 * The route table with the routes microfrontends declare themselves (their runtime manifest entries, published
 * with their builds): after the contract's own routes, before the catch-alls. A declared route never replaces a
 * contract route (same name or same base path): it is left out.
 */
export function routeTable(declared: readonly RouteDef[]): readonly RouteDef[] {
  if (!declared.length) return ROUTES;
  const names = new Set(ROUTES.map((r) => r.name));
  const bases = new Set(ROUTES.map((r) => r.paths.base));
  const extra = declared.filter((d) => !names.has(d.name) && !bases.has(d.paths.base) && !isCatchAll(d));
  const cut = ROUTES.findIndex(isCatchAll);
  return [...ROUTES.slice(0, cut), ...extra, ...ROUTES.slice(cut)];
}
