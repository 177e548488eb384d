import { navigateToUrl } from 'single-spa';
import { currencyAtom, localeAtom, sessionAtom, appConfigAtom } from '@tours/shared/core';
import { buildHref, type HostContext, type HostStore } from '@tours/shared/contract';
import { commonHeaders, createApiClient } from '@tours/shared/api';
import type { HostEventBus } from './events';
import type { createModalController, createToaster } from './modals/modal-state';

/** The contract every microfrontend receives (shared/src/contract/host.ts). */
export function createHostContext(deps: {
  store: HostStore;
  events: HostEventBus;
  modals: ReturnType<typeof createModalController>;
  toaster: ReturnType<typeof createToaster>;
}): HostContext {
  const { store, events, modals, toaster } = deps;
  const api = createApiClient({
    headers: () =>
      commonHeaders({
        locale: store.get(localeAtom),
        currency: store.get(currencyAtom),
        token: store.get(sessionAtom)?.token,
        localizationId: store.get(appConfigAtom).variant === 'china' ? 12 : undefined,
      }),
    // The captcha protocol (accounts-and-comms §4): a captcha-required answer opens mfe-account's captcha modal,
    // which closes with the solved token. No invisible provider is configured by default (docs/decisions.md).
    captcha: {
      solve: (type, action) =>
        modals.openRegistered('account/captcha', { type, action }).closed.then((result) => (typeof result === 'string' && result ? result : null)),
    },
  });
  return {
    store,
    api,
    navigate(to, options) {
      if (options?.replace) {
        window.history.replaceState(window.history.state, '', to);
      } else navigateToUrl(to);
    },
    href: (name, params = {}, query) => buildHref(name, params, store.get(localeAtom), query),
    openModal: (key, props) => modals.openRegistered(key, props),
    showModal: (modal) => modals.showComponent(modal),
    toast: (toast) => void toaster.push(toast),
    emit: (event, payload) => events.emit(event, payload),
  };
}
