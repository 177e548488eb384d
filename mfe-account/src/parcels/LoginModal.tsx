import { useIntl } from 'react-intl';
import type { ModalContentProps } from '@tours/shared/contract';
import { createMfeParcel } from '@tours/shared/kit';

export function LoginModalContent({ modal }: { modal: ModalContentProps }) {
  const intl = useIntl();
  return (
    <div className="parcel-LoginModal">
      <h2 id="account-login-title">{intl.formatMessage({ id: 'parcel.login.title' })}</h2>
      <p>{intl.formatMessage({ id: 'parcel.comingSoon' })}</p>
      <button type="button" className="ui-btn ui-btn--secondary" onClick={() => modal.close()}>
        {intl.formatMessage({ id: 'common.close' })}
      </button>
    </div>
  );
}

/** Opened as host.openModal('account/login', …) (shared/src/contract/modals.ts). */
export const { bootstrap, mount, unmount, update, modal } = createMfeParcel('account/login', LoginModalContent, { width: 445, labelId: 'account-login-title' });
