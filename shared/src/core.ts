/**
 * @tours/shared/core — the only part of shared that is a Module Federation singleton: the state atoms
 * and the host context. They must be the same objects in the host and in every microfrontend. The rest
 * of shared (domain rules, schemas, UI kit, API client) is ordinary code that each bundle tree-shakes,
 * so a page downloads only what it uses. Everything here is re-exported from `@tours/shared`.
 */
export * from './state';
export * from './mfe/HostProvider';
// Errors cross bundle boundaries (the host's client throws, a remote checks `instanceof`): one class.
export * from './api/errors';
