/**
 * @tours/shared — the contract between the host and the microfrontends. Browser code imports only this
 * entry: it is one Module Federation singleton, so atoms, the store and React contexts are the same
 * objects everywhere. Node code (api, host server) imports the pure files by path instead.
 */
export * from './contract';
export * from './config';
export * from './i18n';
export * from './routing';
// State, host context and ApiError come through the federation singleton, never a private copy.
// Named, not `export *`: a star re-export of a federated module (exports unknown at build time) would
// stop webpack from tree-shaking every other star re-export here. Keep in step with src/core.ts.
export {
  localeAtom, messagesAtom, appConfigAtom, currencyAtom, routeAtom, queryAtom, sessionAtom, isLoggedInAtom,
  DEFAULT_SITE_SETTINGS, siteSettingsAtom, countryAtom, supportChatIdAtom, favouritesAtom, toggleFavouriteAtom,
  tourSelectionTokenAtom, tourSelectionItemsAtom, remotesAtom,
  HostProvider, useHost,
  ApiError, messageFromBody, fieldErrorsFromBody,
} from '@tours/shared/core';
export type { SessionProfile, Session, SiteSettings, CurrentCountry, RemoteLoadState, RemoteStatus, ApiErrorBody } from '@tours/shared/core';
export * from './api/client';
export * from './api/headers';
export * from './api/useApiQuery';
export * from './api/form-errors';
export * from './api/schemas';
export * from './domain';
export * from './mfe/create';
export * from './ui';
