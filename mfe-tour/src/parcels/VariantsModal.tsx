import { createMfeParcel, type ModalContentProps } from '@tours/shared';
import { VariantsModalContent, type VariantsMode } from '../features/tour/modals/VariantsModal';

/**
 * The variant list modal as a parcel other areas open (§2.7, §2.8, §4.9):
 * host.openModal({ kind: 'parcel', remote: 'mfe-tour', module: './VariantsModal', props: { tourId, mode: 'navigate' | 'selection' } }).
 */
function VariantsModalParcel({ modal, tourId, mode }: { modal: ModalContentProps; tourId: number; mode?: VariantsMode }) {
  return <VariantsModalContent close={modal.close} tourId={tourId} mode={mode === 'selection' ? 'selection' : mode === 'page' ? 'page' : 'navigate'} />;
}

export const { bootstrap, mount, unmount, update } = createMfeParcel(VariantsModalParcel);
