import { useIntl } from 'react-intl';
import type { ModalContentProps } from '@tours/shared/contract';
import { createMfeParcel } from '@tours/shared/kit';

export function PrivateTourFormContent({ modal }: { modal: ModalContentProps }) {
  const intl = useIntl();
  return (
    <div className="parcel-PrivateTourForm">
      <h2 id="booking-private-tour-title">{intl.formatMessage({ id: 'parcel.privateTour.title' })}</h2>
      <p>{intl.formatMessage({ id: 'parcel.comingSoon' })}</p>
      <button type="button" className="ui-btn ui-btn--secondary" onClick={() => modal.close()}>
        {intl.formatMessage({ id: 'common.close' })}
      </button>
    </div>
  );
}

/** Opened as host.openModal('booking/private-tour', …) (shared/src/contract/modals.ts). */
export const { bootstrap, mount, unmount, update, modal } = createMfeParcel('booking/private-tour', PrivateTourFormContent, { width: 495, labelId: 'booking-private-tour-title', persistent: true });
