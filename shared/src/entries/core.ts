/**
 * @tours/shared/core — the only entry of shared that is a Module Federation singleton: the state atoms every area
 * reads, the host context in React and the API error class. They must be the same objects in the host and in every
 * microfrontend (one store's atoms, one React context, one class for `instanceof`). Shared's own files that need
 * them import `@tours/shared/core` too, never a relative path (a relative import would bundle a private copy).
 * Everything here is state or identity, never a rule: pure code goes to the other entries, which each bundle
 * tree-shakes. Named exports only (issue 12): the public surface is this list, checked by shared/api-report.md.
 */
export { ApiError, fieldErrorsFromBody, messageFromBody, pageErrorOf, type PageErrorOf } from '../api/errors';
export { HostProvider, useHost } from '../mfe/HostProvider';
export {
  appConfigAtom, countryAtom, currencyAtom, DEFAULT_SITE_SETTINGS, favouritesAtom, localeAtom, messagesAtom, queryAtom,
  routeAtom, sessionAtom, signInAtom, signOutAtom, siteSettingsAtom, toggleFavouriteAtom, tourSelectionItemsAtom, tourSelectionTokenAtom, webCallsAtom,
} from '../state/atoms';
export type { CurrentCountry, Session, WebCallsNow } from '../state/atoms';
