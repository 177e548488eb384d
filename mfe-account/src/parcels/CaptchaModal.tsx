import type { ModalContentProps, ModalProps } from '@tours/shared/contract';
import { createMfeParcel } from '@tours/shared/kit';
import { CAPTCHA_TITLE_ID, CaptchaView } from '../features/captcha/CaptchaView';

/**
 * The captcha modal (accounts-and-comms §2, §4): closes with the solved token (a string), or with nothing when the
 * visitor dismisses it (the host's close button, Escape, the overlay), so the original error propagates. The
 * provider's code loads inside, only when shown.
 */
export function CaptchaModalContent({ type, action, modal }: ModalProps<'account/captcha'> & { modal: ModalContentProps }) {
  return <CaptchaView type={type} action={action} close={(token) => modal.close(token)} />;
}

/** Opened by the host's API client as openModal('account/captcha', { type, action }) (shared/src/contract/modals.ts). */
export const { bootstrap, mount, unmount, update, modal } = createMfeParcel('account/captcha', CaptchaModalContent, { width: 370, labelId: CAPTCHA_TITLE_ID });
