import { useIntl } from 'react-intl';
import type { HostContext, ModalContentProps } from '@tours/shared/contract';
import { Button } from '@tours/shared/kit';
import { SUCCESS_WIDTH } from './open';
import './modals.css';

export interface SuccessModalProps {
  close: ModalContentProps['close'];
  /** Catalogue keys of the title and text, with their values. */
  titleId: string;
  textId: string;
  values?: Record<string, string | number>;
}

/** The success alert of §2.7 (width 380). */
function SuccessModal({ close, titleId, textId, values }: SuccessModalProps) {
  const intl = useIntl();
  return (
    <div className="lay-modal lay-modal--success">
      <span className="lay-modal__check" aria-hidden="true">
        <svg viewBox="0 0 48 48" width="48" height="48" focusable="false">
          <circle cx="24" cy="24" r="22" fill="currentColor" opacity=".15" />
          <path d="M15 24.5l6 6 12-13" fill="none" stroke="currentColor" strokeWidth="3.5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </span>
      <h2 id="lay-success-title" className="lay-modal__title">
        {intl.formatMessage({ id: titleId }, values)}
      </h2>
      <p className="lay-modal__text">{intl.formatMessage({ id: textId }, values)}</p>
      <Button block onClick={() => close()}>
        {intl.formatMessage({ id: 'layout.modal.ok' })}
      </Button>
    </div>
  );
}

export function openSuccessModal(host: HostContext, props: Omit<SuccessModalProps, 'close'>) {
  return host.showModal({ component: SuccessModal, props, width: SUCCESS_WIDTH, labelId: 'lay-success-title' });
}
