/**
 * Server render of the shell: the host server paints the layout (header, footer, skeleton of the
 * page) before any JavaScript arrives; the browser hydrates it. Built by webpack.ssr.config.js.
 */
import { renderToString } from 'react-dom/server';
import { HostProvider, localeAtom } from '@tours/shared/core';
import { buildHref, type HostContext } from '@tours/shared/contract';
import { createApiClient } from '@tours/shared/api';
import { createHostStore } from './state/create-store';
import type { InitialState } from './state/initial';
import type { RemoteLoader } from './federation/loader';
import { App } from './app/App';
import { ErrorPage } from './layout/error/ErrorPage';
import { provideErrorPage } from './layout/error/lazy';

provideErrorPage(ErrorPage);

const never = () => new Promise<never>(() => undefined);

/** Nothing is loaded on the server: effects (data, remotes) only run in the browser. */
const serverLoader: RemoteLoader = {
  loadApp: never,
  loadModule: never,
  setState: () => undefined,
  remotes: () => [],
};

export function renderShell(initial: InitialState, url: { pathname: string; search: string }): string {
  const store = createHostStore(initial, url);
  const host: HostContext = {
    store,
    api: createApiClient({ headers: () => ({}), fetch: never }),
    navigate: () => undefined,
    // The browser's href: links with a query must render the same on both sides (hydration).
    href: (name, params = {}, query) => buildHref(name, params, store.get(localeAtom), query),
    openModal: () => ({ id: 'ssr', close: () => undefined, closed: never() }),
    showModal: () => ({ id: 'ssr', close: () => undefined, closed: never() }),
    toast: () => undefined,
    emit: () => undefined,
  };
  return renderToString(
    <HostProvider host={host}>
      <App loader={serverLoader} closeModal={() => undefined} dismissToast={() => undefined} />
    </HostProvider>,
  );
}
