import type { ModalContentProps, ModalProps } from '@tours/shared/contract';
import { createMfeParcel } from '@tours/shared/kit';
import { VariantsModalContent, VARIANTS_TITLE_ID } from '../features/tour/modals/VariantsModal';

/** The variant list modal as a parcel other areas open (§2.7, §2.8, §4.9): host.openModal('tour/variants', { tourId, mode }). */
function VariantsModalParcel({ modal, tourId, mode }: ModalProps<'tour/variants'> & { modal: ModalContentProps }) {
  return <VariantsModalContent close={modal.close} tourId={tourId} mode={mode === 'selection' ? 'selection' : 'navigate'} />;
}

export const { bootstrap, mount, unmount, update, modal } = createMfeParcel('tour/variants', VariantsModalParcel, { width: 500, labelId: VARIANTS_TITLE_ID });
