import { startTransition, useEffect } from 'react';
import type * as ReactDomClient from './app/react-dom-client';
import { HostProvider, localeAtom, messagesAtom } from '@tours/shared/core';
import { cacheMessages, loadMessages, type Locale } from '@tours/shared/contract';
import { createHostStore } from './state/create-store';
import { readInitialState } from './state/initial';
import { initPersistentState, restoreSession } from './state/persist';
import { createHostEvents } from './events';
import { createModalController, createToaster } from './modals/modal-state';
import { createHostContext } from './host-context';
import { fetchManifest, readOverrides, resolveRemotes, textUrlsOf } from './federation/manifest';
import { createRemoteTexts } from './i18n/remote-texts';
import { loadErrorPage } from './layout/error/lazy';
import { createRemoteLoader } from './federation/loader';
import { registerMicrofrontends } from './federation/register';
import { pageErrorAtom, syncRoute } from './routing/sync';
import { wireHostEvents } from './app/wire-events';
import { onPageLoad } from './app/page-load';
import { installScrollRestoration } from './app/scroll-restoration';
import { afterLoad } from './app/after-load';
import { nextTask } from './app/next-task';
import { App } from './app/App';
import './app/host.css';

/**
 * Starts the host in several tasks, not one (issue 33, total blocking time): react-dom and this chunk's modules
 * evaluate each as it arrives (index.ts asks for both at once); `start` (called a task later) builds the store and
 * the host's services; a task after that the layout hydrates and the microfrontends register. Each is short enough
 * on a phone's CPU not to block input, where together they were one long task.
 */
export async function start(reactDom: Promise<typeof ReactDomClient>): Promise<void> {
  // The entry script is async (host/server/head.ts): the state and the layout to hydrate are in the parsed document.
  if (document.readyState === 'loading') await new Promise((resolve) => document.addEventListener('DOMContentLoaded', resolve, { once: true }));
  const initial = readInitialState();
  const store = createHostStore(initial, window.location);
  // Kept for a later switch back to this locale: serialising the catalogue is work nobody waits for on load.
  afterLoad(() => cacheMessages(initial.locale, initial.messages));

  const events = createHostEvents();
  const modals = createModalController(store);
  const toaster = createToaster(store);
  const host = createHostContext({ store, events, modals, toaster });
  initPersistentState(store, host);

  // The layout paints now; remotes are found and fetched in parallel, only for the active route.
  // Overrides count only from the allowed origins (debugOrigins, empty in production).
  const overrides = readOverrides(initial.config.debugOrigins ?? []);
  const remotes = fetchManifest().then((m) => resolveRemotes(m, overrides));
  const remoteTexts = createRemoteTexts({
    store,
    urlsOf: async (name) => textUrlsOf((await remotes.catch(() => [])).find((r) => r.name === name)),
    currentLocale: () => store.get(localeAtom),
    inlined: initial.inlinedTexts,
  });

  async function switchMessages(locale: Locale) {
    store.set(localeAtom, locale);
    document.documentElement.lang = locale === 'cn' ? 'zh-CN' : locale;
    const messages = await loadMessages(locale, { version: initial.messagesVersion });
    // The host's texts and those of the microfrontends in use, set at once: no text shows as its id meanwhile.
    if (messages && store.get(localeAtom) === locale) store.set(messagesAtom, await remoteTexts.catalogueFor(locale, messages));
  }

  const russianIsAvailable = initial.config.russianIsAvailable;
  const routeOptions = { russianIsAvailable, onLocale: (l: Locale) => void switchMessages(l) };
  window.addEventListener('single-spa:before-routing-event', () => syncRoute(store, routeOptions));
  onPageLoad(store);
  // A new page starts at the top; back and forward return to the place left (before single-spa's first routing).
  installScrollRestoration();

  const loader = createRemoteLoader(store, remotes, remoteTexts);
  wireHostEvents({ store, events, host, loader });

  /** The session lives on the device only: it enters the store once the server HTML is hydrated (see restoreSession). */
  const afterHydration = () => restoreSession(store);
  function AfterHydration({ run }: { run: () => void }) {
    useEffect(run, [run]);
    return null;
  }

  // The browser gets a turn between building the host and hydrating it.
  await nextTask();
  const { createRoot, hydrateRoot } = await reactDom;

  const shell = (
    <HostProvider host={host}>
      <App loader={loader} closeModal={modals.close} dismissToast={toaster.dismiss} />
      <AfterHydration run={afterHydration} />
    </HostProvider>
  );
  const container = document.getElementById('app')!;
  // The server painted the layout already: hydrate it, as a transition so React yields to the browser between
  // slices instead of one long task (the page is already on screen). Without server HTML (SSR failed), render.
  // A page the server answered with its error page hydrates once that page's chunk is here.
  const hydrate = () => {
    if (container.hasChildNodes()) startTransition(() => void hydrateRoot(container, shell));
    else createRoot(container).render(shell);
  };
  if (store.get(pageErrorAtom)) void loadErrorPage().then(hydrate, hydrate);
  else hydrate();

  registerMicrofrontends(host, loader, {
    russianIsAvailable,
    // A page the server already answered 404 for mounts no microfrontend.
    isBlocked: () => {
      const err = store.get(pageErrorAtom);
      return err !== null && err.fromServer === true;
    },
  });
  remotes.catch((error) => console.error('Microfrontend manifest failed to load', error));
}
