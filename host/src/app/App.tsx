import { lazy, Suspense, useEffect, useState } from 'react';
import { useAtomValue, useStore } from 'jotai';
import { useIntl } from 'react-intl';
import { appConfigAtom, useHost } from '@tours/shared/core';
import type { RemoteLoader } from '../federation/loader';
import { pageErrorAtom } from '../routing/sync';
import { modalsAtom } from '../modals/modal-state';
import { Toasts } from '../modals/Toasts';
import { Layout } from '../layout/Layout';
import { LazyErrorPage } from '../layout/error/lazy';
import { isBot } from '../layout/error/bots';
import { Slots } from './Slots';
import { OverrideBanner } from './OverrideBanner';
import { isDebugOn } from './debug-flag';
import { ClientOnly } from './ClientOnly';
import { useOnDemand } from './on-demand';

// Developer tooling is no visitor's download: the overlay is fetched only when the debug flag is on.
const DebugOverlay = lazy(() => import('./DebugOverlay').then((m) => ({ default: m.DebugOverlay })));

const loadModalOutlet = () => import(/* webpackChunkName: "modal-outlet" */ '../modals/ModalOutlet').then((m) => m.ModalOutlet);

/**
 * The modal outlet, whose code (the dialogs, their parcels' mounting) comes with the first modal opened, not with every
 * page: the stack is in modalsAtom, so nothing opened meanwhile is lost. If the code cannot load, the waiting modals
 * close (their openers hear so), a toast says the part failed, and the next modal tries again.
 */
function LazyModalOutlet({ loader, onClose }: { loader: RemoteLoader; onClose: (id: string, result?: unknown) => void }) {
  const host = useHost();
  const intl = useIntl();
  const store = useStore();
  const opened = useAtomValue(modalsAtom).length > 0;
  const ModalOutlet = useOnDemand(loadModalOutlet, opened, () => {
    for (const m of store.get(modalsAtom)) onClose(m.id);
    host.toast({ kind: 'error', text: intl.formatMessage({ id: 'common.screenFailed' }) });
  });
  return ModalOutlet ? <ModalOutlet loader={loader} onClose={onClose} /> : null;
}

/** Opens the debug overlay when the flag is on and override origins are allowed (never in production). */
export function DebugGate({ loader }: { loader: RemoteLoader }) {
  const [on, setOn] = useState(false);
  const allowlist = useAtomValue(appConfigAtom).debugOrigins;
  useEffect(() => setOn(isDebugOn(allowlist ?? [])), [allowlist]);
  return on ? <Suspense fallback={null}><DebugOverlay loader={loader} /></Suspense> : null;
}

export interface AppProps {
  loader: RemoteLoader;
  closeModal: (id: string, result?: unknown) => void;
  dismissToast: (id: string) => void;
}

/** The shell: layout around the microfrontend slots, the error page, modals, toasts and developer tools. */
export function App({ loader, closeModal, dismissToast }: AppProps) {
  const pageError = useAtomValue(pageErrorAtom);
  // Crawlers and audit tools are not shown the error page (§2.8); the server's status already tells them.
  const showError = pageError !== null && !isBot(typeof navigator === 'undefined' ? '' : navigator.userAgent);
  return (
    <>
      <ClientOnly>
        <OverrideBanner />
      </ClientOnly>
      <Layout>
        {showError && (
          <Suspense fallback={null}>
            <LazyErrorPage error={pageError} />
          </Suspense>
        )}
        <Slots loader={loader} hidden={pageError !== null} />
      </Layout>
      <LazyModalOutlet loader={loader} onClose={closeModal} />
      <Toasts onDismiss={dismissToast} />
      <ClientOnly>
        <DebugGate loader={loader} />
      </ClientOnly>
    </>
  );
}
