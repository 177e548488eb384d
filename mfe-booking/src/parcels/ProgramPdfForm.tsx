import type { ModalContentProps, ModalProps } from '@tours/shared/contract';
import { createMfeParcel } from '@tours/shared/kit';
import { ProgrammeForm } from '../features/programme/ProgrammeForm';

const TITLE_ID = 'booking-program-pdf-title';

/** The parcel's content: the programme PDF request of the tour page's PDF button (features/programme). */
export function ProgramPdfFormContent({ tourId, tourTitle, modal }: ModalProps<'booking/program-pdf'> & { modal: ModalContentProps }) {
  return <ProgrammeForm tourId={tourId} tourTitle={tourTitle} titleId={TITLE_ID} close={() => modal.close()} />;
}

/** Opened as host.openModal('booking/program-pdf', …) (shared/src/contract/modals.ts). */
export const { bootstrap, mount, unmount, update, modal } = createMfeParcel('booking/program-pdf', ProgramPdfFormContent, { width: 445, labelId: TITLE_ID, persistent: true });
