import { BASE_CONFIG, DEFAULT_LOCALE, type AppConfig, type Locale, type Messages, type RouteDef } from '@tours/shared/contract';
import type { TourHeroImage } from '@tours/shared/kit';
import type { LayoutData } from '../layout/layout-data';

/** What the host server puts into the page, so the first paint needs no extra request. */
export interface InitialState {
  locale: Locale;
  messages: Messages;
  messagesVersion: string;
  config: AppConfig;
  /** The visitor's currency from the cookie, when it is set (§9). */
  currency?: string;
  /** The cookie alert's cookie was there: a returning visitor (the partnership bar shows; layout/first-visit.ts). */
  cookiesAnswered?: boolean;
  /** HTTP status the server answered with: 404 renders the error page straight away. */
  status: number;
  /** The server's route-validation verdict for the current path (a search slug that does not exist). */
  notFound?: 'unmatched' | 'validation';
  /** What the server already knows of the page's first screen (the tour's hero, the results' or the tour's image), for the page's placeholder. */
  firstScreen?: FirstScreen;
  /** Routes the deployed microfrontends declare (runtime manifest), matched with the contract's. */
  routes?: RouteDef[];
  /** URLs of microfrontend catalogues already merged into `messages` (the route owner's). */
  inlinedTexts?: string[];
  /** The layout's site data the server found (country, contacts, schedule, tokens): the browser does not ask again. */
  layout?: LayoutData;
}

/** The first screen of one path: painted by the host's placeholder until the page's own screen paints. */
export interface FirstScreen {
  /** The route's path without the locale prefix (RouteMatch.path) and its locale. */
  path: string;
  locale: Locale;
  /** The tour page: its hero. */
  tourHero?: TourHeroImage;
  /** The request page: the tour's image in the booking summary (its URL with the '{{size}}' segment). */
  tourImage?: string;
  /** The search page: the first result cards' images, in the page's order (URLs with the '{{size}}' segment). */
  cardImages?: string[];
  /** The search page of a place (a region, city, travel style, collection): its name, the page's title. */
  placeName?: string;
}

export function readInitialState(doc: Document = document): InitialState {
  const el = doc.getElementById('__INITIAL__');
  try {
    if (el?.textContent) return JSON.parse(el.textContent) as InitialState;
  } catch (error) {
    console.error('Initial state is not valid JSON', error);
  }
  return { locale: DEFAULT_LOCALE, messages: {}, messagesVersion: '0', config: BASE_CONFIG, status: 200 };
}
