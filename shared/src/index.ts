/**
 * @tours/shared — the contract between the host and the microfrontends. Browser code imports only this
 * entry: it is one Module Federation singleton, so atoms, the store and React contexts are the same
 * objects everywhere. Node code (api, host server) imports the pure files by path instead.
 */
export * from './contract';
export * from './config';
export * from './i18n';
export * from './routing';
// State and host context come through the federation singleton, never a private copy.
export * from '@tours/shared/core';
export * from './api/client';
export * from './api/headers';
export * from './api/useApiQuery';
export * from './api/form-errors';
export * from './api/schemas';
export * from './domain';
export * from './mfe/create';
export * from './ui';
