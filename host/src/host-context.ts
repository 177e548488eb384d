import { navigateToUrl } from 'single-spa';
import { buildHref, commonHeaders, createApiClient, currencyAtom, localeAtom, sessionAtom, appConfigAtom, type HostContext, type HostStore } from '@tours/shared';
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
    openModal: (request) => modals.open(request),
    toast: (toast) => void toaster.push(toast),
    emit: (event, payload) => events.emit(event, payload),
  };
}
