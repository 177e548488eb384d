import { routeAtom } from '@tours/shared/core';
import type { HostContext, HostStore } from '@tours/shared/contract';
import type { HostEventBus } from '../events';
import type { RemoteLoader } from '../federation/loader';
import { pageErrorAtom } from '../routing/sync';
import { createReservedArea, markRoute } from '../layout/reserved-area';
import { wireChatUnread, wireLiveUnread } from '../layout/header/chat-unread';
import { wireSessionLookups } from './session-lookups';
import { openCallbackModal, openEmailRequestModal } from '../layout/modals/lazy';

/** What the host does with the events microfrontends emit. */
export function wireHostEvents({ store, events, host, loader }: { store: HostStore; events: HostEventBus; host: HostContext; loader: RemoteLoader }): void {
  const siteName = () => document.querySelector<HTMLMetaElement>('meta[property="og:site_name"]')?.content ?? '';
  events.on('page:meta', ({ title, description }) => {
    document.title = siteName() && !title.includes(siteName()) ? `${title} | ${siteName()}` : title;
    if (description) document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  });
  events.on('page:error', ({ status, data, message, kind }) => {
    const route = store.get(routeAtom);
    // A page-level error is shown in place of the slot; the remote stays mounted underneath.
    store.set(pageErrorAtom, { status, path: window.location.pathname, data, message: message ?? route?.path, kind });
  });
  // A microfrontend's fixed action bar: the floating UI of the layout stands above it (host/src/layout/reserved-area.ts).
  const reserved = createReservedArea(document.documentElement);
  events.on('layout:bottom-bar', ({ id, height }) => reserved.declare(id, height));
  store.sub(routeAtom, () => markRoute(document.documentElement, store.get(routeAtom)?.name));
  // The header's chat badge follows mfe-comms's unread count; 'Go to Live Chat' needs the support chat id and
  // 'Call via internet' a registrar that works now.
  wireChatUnread(events, store);
  // ... and stays live on every page (issue 29): for a signed-in traveller, in its own chunk after the page is interactive.
  wireLiveUnread(store, () => void import(/* webpackChunkName: "live-unread" */ '../layout/header/live-unread').then((m) => m.startLiveUnread(store, loader, host), (error: unknown) => console.warn('[live unread count]', error)));
  wireSessionLookups(store, host.api);
  // A remote's button for the layout's own help forms (the contacts page): the same forms as the header's.
  events.on('layout:help-form', ({ form, clickSource }) => {
    void (form === 'callback' ? openCallbackModal(host, clickSource) : openEmailRequestModal(host, clickSource));
  });
  events.on('auth:login-required', ({ reason }) => {
    host.openModal('account/login', { reason: reason ?? 'login-required' });
  });
}
