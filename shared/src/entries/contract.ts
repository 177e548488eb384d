/**
 * @tours/shared/contract — what the host and the microfrontends agree on: the host context a remote receives and
 * its events, the modal registry, the areas' names, the routes (names, owners, paths: `buildHref` and the route
 * matching, since `host.href` and the server answer by them), the locales and message catalogues, the app
 * configuration's shape and the cookie and storage names. Types and pure functions only, so it is no federation
 * singleton: each bundle tree-shakes its own copy. Named exports only (issue 12), checked by shared/api-report.md.
 */
export { BASE_CONFIG, CHINA_CONFIG, currencyChoices, isAllowedOrigin } from '../config/app-config';
export type { AppConfig } from '../config/app-config';
export { COOKIES, SESSION_MARKER_PREFIX } from '../config/storage-keys';
export { STORAGE } from '../config/storage-names';
export type { HostContext, HostEvents, HostStore, MfeCustomProps, ToastInput } from '../contract/host';
export { modalAddress } from '../contract/modals';
export type { ComponentModal, ModalContentProps, ModalHandle, ModalKey, ModalProps, ModalRequest, ModalSpec } from '../contract/modals';
export { federationName, MFE_NAMES, slotId } from '../contract/names';
export { serviceAddress } from '../contract/services';
export type { ServiceKey, ServiceModule, ServiceProps } from '../contract/services';
export type { MfeName } from '../contract/names';
export { availableLocales, DEFAULT_LOCALE, LOCALE_INFO } from '../i18n/locales';
export type { Locale } from '../i18n/locales';
export { cacheMessages, loadMessages } from '../i18n/messages';
export type { Messages } from '../i18n/messages';
export { buildHref, matchRoute, parseQuery, switchLocalePath, withLocale } from '../routing/match';
export type { RouteMatch } from '../routing/match';
export { ROUTES, routeTable } from '../routing/routes';
export type { RouteDef, RouteName } from '../routing/routes';
export { DEFAULT_SEARCH_SLUGS } from '../routing/search-slugs';
