import { useRef, useState } from 'react';
import { ApiError, useHost } from '@tours/shared/core';
import { Button } from '@tours/shared/kit';
import { sendChatLinkSms } from './api';
import { useT, type MessageId } from '../../i18n/t';

type State = { kind: 'idle' } | { kind: 'sent' } | { kind: 'failed'; messageId: string };

/**
 * The SMS chat link of public-site §2.7: 'Send link' texts the request's chat link to the phone the traveller gave;
 * then "We've sent the chat link in SMS to {phone}"; the §8 text when the SMS service is unavailable. Sent once.
 */
export function SmsChatLink({ requestId, requestUUID, phone }: { requestId: number; requestUUID: string; phone: string }) {
  const host = useHost();
  const t = useT();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);

  const send = async () => {
    if (sending.current) return;
    sending.current = true;
    setBusy(true);
    try {
      await sendChatLinkSms(host.api, { requestId, requestUUID });
      setState({ kind: 'sent' });
    } catch (error) {
      // 503: the SMS service is down (§8); anything else (no answer, the limit): the same advice to use the contacts.
      setState({ kind: 'failed', messageId: error instanceof ApiError && error.status === 409 ? 'booking.sms.already' : 'booking.sms.unavailable' });
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  if (state.kind === 'sent') {
    return (
      <p className="bk-sms bk-sms--sent" role="status">
        {t('booking.sms.sent', { phone })}
      </p>
    );
  }
  return (
    <div className="bk-sms">
      <p className="bk-sms__prompt">{t('booking.sms.prompt')}</p>
      <Button variant="secondary" size="sm" loading={busy} onClick={() => void send()}>
        {t('booking.sms.send')}
      </Button>
      {state.kind === 'failed' && (
        <p className="bk-sms__error" role="alert">
          {t(state.messageId as MessageId)}
        </p>
      )}
    </div>
  );
}
