import type { ModalContentProps, ModalProps } from '@tours/shared/contract';
import { createMfeParcel } from '@tours/shared/kit';
import { CostCalculation, type RequestTourSource } from '../features/cost-calculation/CostCalculation';
import { fetchTourForRequest } from '../features/request/api';
import { dateOptions, individualBounds } from '../features/request/order';

const TITLE_ID = 'booking-cost-calculation-title';

/** The request page's tour and its date rules, which the cost calculation offers too (a feature imports no other: the parcel composes them). */
const requestTour: RequestTourSource = { load: fetchTourForRequest, options: dateOptions, bounds: individualBounds };

export function CostCalculationFormContent({ modal, tourId, tourTitle, tourType }: ModalProps<'booking/cost-calculation'> & { modal: ModalContentProps }) {
  return <CostCalculation tourId={tourId} tourTitle={tourTitle} tourType={tourType} titleId={TITLE_ID} source={requestTour} close={() => modal.close()} />;
}

/** Opened as host.openModal('booking/cost-calculation', …) (shared/src/contract/modals.ts). */
export const { bootstrap, mount, unmount, update, modal } = createMfeParcel('booking/cost-calculation', CostCalculationFormContent, { width: 495, labelId: TITLE_ID, persistent: true });
