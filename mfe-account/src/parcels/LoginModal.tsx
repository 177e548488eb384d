import type { ModalContentProps, ModalProps } from '@tours/shared/contract';
import { createMfeParcel } from '@tours/shared/kit';
import { LOGIN_TITLE_ID, SignInFlow } from '../features/signin/SignInFlow';

/** The login / sign-up modal (accounts-and-comms §2); `reason` says who asked for it. Closes with `{ signedIn: true }`. */
export function LoginModalContent({ modal }: ModalProps<'account/login'> & { modal: ModalContentProps }) {
  return <SignInFlow close={modal.close} />;
}

/** Opened as host.openModal('account/login', …) (shared/src/contract/modals.ts). */
export const { bootstrap, mount, unmount, update, modal } = createMfeParcel('account/login', LoginModalContent, { width: 445, labelId: LOGIN_TITLE_ID });
