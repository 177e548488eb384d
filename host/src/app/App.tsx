import { lazy, Suspense, useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { appConfigAtom } from '@tours/shared/core';
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

// Developer tooling is no visitor's download: the overlay is fetched only when the debug flag is on.
const DebugOverlay = lazy(() => import('./DebugOverlay').then((m) => ({ default: m.DebugOverlay })));

// The dialogs' code (the outlet, its parcels' mounting) comes with the first modal opened, not with every page.
const ModalOutlet = lazy(() => import(/* webpackChunkName: "modal-outlet" */ '../modals/ModalOutlet').then((m) => ({ default: m.ModalOutlet })));

/** The modal outlet, mounted from the first modal on (the stack is in modalsAtom, so nothing opened meanwhile is lost). */
function LazyModalOutlet(props: { loader: RemoteLoader; onClose: (id: string, result?: unknown) => void }) {
  const opened = useAtomValue(modalsAtom).length > 0;
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (opened) setWanted(true);
  }, [opened]);
  return wanted ? <Suspense fallback={null}><ModalOutlet {...props} /></Suspense> : null;
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
