import { useIntl } from 'react-intl';
import type { ModalContentProps } from '@tours/shared/contract';
import { createMfeParcel } from '@tours/shared/kit';

export function CostCalculationFormContent({ modal }: { modal: ModalContentProps }) {
  const intl = useIntl();
  return (
    <div className="parcel-CostCalculationForm">
      <h2 id="booking-cost-calculation-title">{intl.formatMessage({ id: 'parcel.costCalculation.title' })}</h2>
      <p>{intl.formatMessage({ id: 'parcel.comingSoon' })}</p>
      <button type="button" className="ui-btn ui-btn--secondary" onClick={() => modal.close()}>
        {intl.formatMessage({ id: 'common.close' })}
      </button>
    </div>
  );
}

/** Opened as host.openModal('booking/cost-calculation', …) (shared/src/contract/modals.ts). */
export const { bootstrap, mount, unmount, update, modal } = createMfeParcel('booking/cost-calculation', CostCalculationFormContent, { width: 495, labelId: 'booking-cost-calculation-title', persistent: true });
