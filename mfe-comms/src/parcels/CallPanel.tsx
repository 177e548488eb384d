import { useIntl } from 'react-intl';
import type { ModalContentProps } from '@tours/shared/contract';
import { createMfeParcel } from '@tours/shared/kit';

export function CallPanelContent({ modal }: { modal: ModalContentProps }) {
  const intl = useIntl();
  return (
    <div className="parcel-CallPanel">
      <h2 id="comms-call-title">{intl.formatMessage({ id: 'parcel.call.title' })}</h2>
      <p>{intl.formatMessage({ id: 'parcel.comingSoon' })}</p>
      <button type="button" className="ui-btn ui-btn--secondary" onClick={() => modal.close()}>
        {intl.formatMessage({ id: 'common.close' })}
      </button>
    </div>
  );
}

/** Opened as host.openModal('comms/call', …) (shared/src/contract/modals.ts). */
export const { bootstrap, mount, unmount, update, modal } = createMfeParcel('comms/call', CallPanelContent, { width: 445, labelId: 'comms-call-title' });
