import type { ModalContentProps, ModalProps } from '@tours/shared/contract';
import { createMfeParcel } from '@tours/shared/kit';
import { PrivateTourForm } from '../features/private-tour/PrivateTourForm';

const TITLE_ID = 'booking-private-tour-title';

/** The parcel's content: the private tour request form (features/private-tour), its title naming the dialog. */
export function PrivateTourFormContent(props: ModalProps<'booking/private-tour'> & { modal: ModalContentProps }) {
  return <PrivateTourForm {...props} titleId={TITLE_ID} />;
}

/** Opened as host.openModal('booking/private-tour', …) (shared/src/contract/modals.ts). */
export const { bootstrap, mount, unmount, update, modal } = createMfeParcel('booking/private-tour', PrivateTourFormContent, { width: 495, labelId: TITLE_ID, persistent: true });
