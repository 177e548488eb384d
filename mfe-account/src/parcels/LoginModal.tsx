import { useIntl } from 'react-intl';
import { createMfeParcel, type ModalContentProps } from '@tours/shared';

export function LoginModalContent({ modal }: { modal: ModalContentProps }) {
  const intl = useIntl();
  return (
    <div className="parcel-LoginModal">
      <h2 id="modal-title">{intl.formatMessage({ id: 'parcel.login.title' })}</h2>
      <p>{intl.formatMessage({ id: 'parcel.comingSoon' })}</p>
      <button type="button" className="ui-btn ui-btn--secondary" onClick={() => modal.close()}>
        {intl.formatMessage({ id: 'common.close' })}
      </button>
    </div>
  );
}

export const { bootstrap, mount, unmount, update } = createMfeParcel(LoginModalContent);
