import { useIntl } from 'react-intl';
import type { ModalContentProps } from '@tours/shared/contract';
import { createMfeParcel } from '@tours/shared/kit';

export function ProgramPdfFormContent({ modal }: { modal: ModalContentProps }) {
  const intl = useIntl();
  return (
    <div className="parcel-ProgramPdfForm">
      <h2 id="booking-program-pdf-title">{intl.formatMessage({ id: 'parcel.programPdf.title' })}</h2>
      <p>{intl.formatMessage({ id: 'parcel.comingSoon' })}</p>
      <button type="button" className="ui-btn ui-btn--secondary" onClick={() => modal.close()}>
        {intl.formatMessage({ id: 'common.close' })}
      </button>
    </div>
  );
}

/** Opened as host.openModal('booking/program-pdf', …) (shared/src/contract/modals.ts). */
export const { bootstrap, mount, unmount, update, modal } = createMfeParcel('booking/program-pdf', ProgramPdfFormContent, { width: 445, labelId: 'booking-program-pdf-title', persistent: true });
