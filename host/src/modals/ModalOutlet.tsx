import { useEffect, useRef, useState, type ComponentType } from 'react';
import { useAtomValue } from 'jotai';
import { useIntl } from 'react-intl';
import { mountRootParcel, type Parcel, type ParcelConfig } from 'single-spa';
import { useFocusTrap, useHost, type ModalContentProps } from '@tours/shared';
import { modalsAtom, type OpenModal } from './modal-state';
import type { RemoteLoader } from '../federation/loader';

/** Mounts a microfrontend's parcel into the dialog body. */
function ParcelContent({ loader, modal, request }: { loader: RemoteLoader; modal: ModalContentProps; request: Extract<OpenModal['request'], { kind: 'parcel' }> }) {
  const host = useHost();
  const ref = useRef<HTMLDivElement>(null);
  const intl = useIntl();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let parcel: Parcel | null = null;
    let cancelled = false;
    loader
      .loadModule<ParcelConfig>(request.remote, request.module)
      .then((config) => {
        if (cancelled || !ref.current) return;
        parcel = mountRootParcel(config, { domElement: ref.current, host, modal, ...request.props });
      })
      .catch((error) => {
        console.error(error);
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      if (parcel && parcel.getStatus() === 'MOUNTED') void parcel.unmount();
    };
  }, [loader, host, modal, request]);
  if (failed) return <p role="alert">{intl.formatMessage({ id: 'common.partFailed' })}</p>;
  return <div ref={ref} className="host-modal__parcel" />;
}

function Dialog({ entry, loader, onClose }: { entry: OpenModal; loader: RemoteLoader; onClose: (id: string, result?: unknown) => void }) {
  const intl = useIntl();
  const [shaking, setShaking] = useState(false);
  const { request } = entry;
  const close = (result?: unknown) => onClose(entry.id, result);
  const modal: ModalContentProps = { close };
  // Focus moves in and stays inside; Escape closes (§4.13, persistent or not); focus returns to the opener.
  const trap = useFocusTrap(true, { onEscape: () => close() });

  const onOverlay = () => {
    if (!request.persistent) close();
    else {
      setShaking(true);
      window.setTimeout(() => setShaking(false), 300);
    }
  };
  const Content = request.kind === 'component' ? (request.component as ComponentType<ModalContentProps>) : null;
  const width = request.width ?? 489;
  return (
    <div className="host-modal" data-width={width}>
      <div className="host-modal__overlay" data-testid="modal-overlay" onClick={onOverlay} />
      <div
        ref={trap.ref}
        className={`host-modal__dialog host-modal__dialog--w${width}${shaking ? ' host-modal__dialog--shake' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={request.labelId}
        aria-label={request.labelId ? undefined : intl.formatMessage({ id: 'common.dialog' })}
        tabIndex={-1}
        onKeyDown={trap.onKeyDown}
      >
        <button type="button" className="host-modal__close" aria-label={intl.formatMessage({ id: 'common.close' })} onClick={() => close()}>
          ×
        </button>
        {Content ? <Content {...request.props} close={close} /> : request.kind === 'parcel' ? <ParcelContent loader={loader} modal={modal} request={request} /> : null}
      </div>
    </div>
  );
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
        <Dialog key={m.id} entry={m} loader={loader} onClose={onClose} />
      ))}
    </>
  );
}
