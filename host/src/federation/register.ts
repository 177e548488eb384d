import { registerApplication, start, triggerAppChange, getAppStatus, LOAD_ERROR } from 'single-spa';
import { matchRoute, MFE_NAMES, type HostContext, type MfeName, type RouteDef } from '@tours/shared/contract';
import type { RemoteLoader } from './loader';
import { routeTableAtom } from '../routing/table';

/** The microfrontend that owns a URL, or null (unmatched route: the host's 404). */
function ownerOf(pathname: string, russianIsAvailable: boolean, routes?: readonly RouteDef[]): MfeName | null {
  return matchRoute(pathname, { russianIsAvailable, routes })?.def.owner ?? null;
}

/** Registers the five microfrontends with single-spa; each is fetched only when its route is active. */
export function registerMicrofrontends(host: HostContext, loader: RemoteLoader, opts: { russianIsAvailable: boolean; isBlocked: () => boolean }) {
  for (const name of MFE_NAMES) {
    registerApplication({
      name,
      app: () => loader.loadApp(name),
      activeWhen: (location) => !opts.isBlocked() && ownerOf(location.pathname, opts.russianIsAvailable, host.store.get(routeTableAtom)) === name,
      customProps: { host },
    });
  }
  start({ urlRerouteOnly: true });
}

/** Retry after a failed load: single-spa tries a LOAD_ERROR app again on the next reroute, 200 ms after the failure. */
export function retryMicrofrontend(name: MfeName, loader: RemoteLoader): void {
  loader.setState(name, 'loading');
  const go = () => void triggerAppChange();
  if (getAppStatus(name) === LOAD_ERROR) setTimeout(go, 220);
  else go();
}
