import type { ModalContentProps } from '@tours/shared/contract';
import { createMfeParcel } from '@tours/shared/kit';
import { CALL_TITLE_ID, CallPanel } from '../features/call/CallPanel';

/**
 * The parcel's content: the internet call panel (features/call). The contract's props are empty today (a support
 * call); organizerId, calleeName and chatId are read when a caller passes them.
 */
export function CallPanelContent({ modal, ...props }: { modal: ModalContentProps; organizerId?: number; calleeName?: string; chatId?: number }) {
  return <CallPanel modal={modal} {...props} />;
}

/** Opened as host.openModal('comms/call', {}) (shared/src/contract/modals.ts). Persistent: a stray click must not end a call. */
export const { bootstrap, mount, unmount, update, modal } = createMfeParcel('comms/call', CallPanelContent, { width: 445, labelId: CALL_TITLE_ID, persistent: true });
