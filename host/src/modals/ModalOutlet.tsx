import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useIntl } from 'react-intl';
import { mountRootParcel, type Parcel, type ParcelConfig } from 'single-spa';
import { useHost } from '@tours/shared/core';
import { modalAddress, type ModalContentProps, type ModalRequest, type ModalSpec } from '@tours/shared/contract';
import { useFocusTrap } from '@tours/shared/kit';
import { modalsAtom, type OpenModal } from './modal-state';
import type { RemoteLoader } from '../federation/loader';

type RegisteredRequest = Extract<ModalRequest, { kind: 'registered' }>;
/** A registered modal's exposed module: single-spa lifecycles plus the spec it declares (createMfeParcel). */
type ModalModule = ParcelConfig & { modal?: ModalSpec };
type Loaded = { module: ModalModule } | { failed: true };

/** Mounts a registered modal's parcel into the dialog body. */
function ParcelContent({ module, modal, request }: { module: ModalModule; modal: ModalContentProps; request: RegisteredRequest }) {
  const host = useHost();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!ref.current) return undefined;
    const parcel: Parcel = mountRootParcel(module, { domElement: ref.current, host, modal, ...request.props });
    return () => {
      if (parcel.getStatus() === 'MOUNTED') void parcel.unmount();
    };
  }, [module, host, modal, request]);
  return <div ref={ref} className="host-modal__parcel" />;
}

function Dialog({ entry, loaded, onClose }: { entry: OpenModal; loaded?: Loaded; onClose: (id: string, result?: unknown) => void }) {
  const intl = useIntl();
  const [shaking, setShaking] = useState(false);
  const { request } = entry;
  const close = useCallback((result?: unknown) => onClose(entry.id, result), [onClose, entry.id]);
  const modal = useMemo<ModalContentProps>(() => ({ close }), [close]);
  // Focus moves in and stays inside; Escape closes (§4.13, persistent or not); focus returns to the opener.
  const trap = useFocusTrap(true, { onEscape: () => close() });
  // A registered modal's size, label and persistence are its own (the spec its parcel exports).
  const spec: Partial<ModalSpec> = request.kind === 'component' ? request : loaded && 'module' in loaded ? loaded.module.modal ?? {} : {};

  const onOverlay = () => {
    if (!spec.persistent) close();
    else {
      setShaking(true);
      window.setTimeout(() => setShaking(false), 300);
    }
  };
  const width = spec.width ?? 489;
  const Content = request.kind === 'component' ? request.component : null;
  return (
    <div className="host-modal" data-width={width}>
      <div className="host-modal__overlay" data-testid="modal-overlay" onClick={onOverlay} />
      <div
        ref={trap.ref}
        className={`host-modal__dialog host-modal__dialog--w${width}${shaking ? ' host-modal__dialog--shake' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={spec.labelId}
        aria-label={spec.labelId ? undefined : intl.formatMessage({ id: 'common.dialog' })}
        tabIndex={-1}
        onKeyDown={trap.onKeyDown}
      >
        <button type="button" className="host-modal__close" aria-label={intl.formatMessage({ id: 'common.close' })} onClick={() => close()}>
          ×
        </button>
        {Content ? <Content {...request.props} close={close} /> : null}
        {request.kind === 'registered' && loaded && 'module' in loaded ? <ParcelContent module={loaded.module} modal={modal} request={request} /> : null}
        {loaded && 'failed' in loaded ? <p role="alert">{intl.formatMessage({ id: 'common.partFailed' })}</p> : null}
      </div>
    </div>
  );
}

/**
 * A registered modal: its module is loaded first, so the dialog opens at the size and with the label the owner
 * declared (for the moment it takes, an overlay marked busy); a failed load opens the dialog with the notice.
 */
function RegisteredDialog({ entry, loader, onClose }: { entry: OpenModal & { request: RegisteredRequest }; loader: RemoteLoader; onClose: (id: string, result?: unknown) => void }) {
  const [loaded, setLoaded] = useState<Loaded>();
  const { key } = entry.request;
  useEffect(() => {
    let cancelled = false;
    const { remote, module } = modalAddress(key);
    loader
      .loadModule<ModalModule>(remote, module)
      .then((m) => !cancelled && setLoaded({ module: m }))
      .catch((error: unknown) => {
        console.error(error);
        if (!cancelled) setLoaded({ failed: true });
      });
    return () => {
      cancelled = true;
    };
  }, [loader, key]);
  if (!loaded) return <div className="host-modal"><div className="host-modal__overlay" aria-busy="true" data-testid="modal-overlay" onClick={() => onClose(entry.id)} /></div>;
  return <Dialog entry={entry} loaded={loaded} onClose={onClose} />;
}

/** Mounts modals on demand: host components or any microfrontend's parcel (§2.3 'Modals that are mounted on demand'). */
export function ModalOutlet({ loader, onClose }: { loader: RemoteLoader; onClose: (id: string, result?: unknown) => void }) {
  const modals = useAtomValue(modalsAtom);
  useEffect(() => {
    document.documentElement.classList.toggle('host-modal-open', modals.length > 0);
  }, [modals.length]);
  return (
    <>
      {modals.map((m) => (
        m.request.kind === 'registered'
          ? <RegisteredDialog key={m.id} entry={m as OpenModal & { request: RegisteredRequest }} loader={loader} onClose={onClose} />
          : <Dialog key={m.id} entry={m} onClose={onClose} />
      ))}
    </>
  );
}
