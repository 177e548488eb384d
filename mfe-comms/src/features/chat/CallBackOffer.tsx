/**
 * A call back offered in one of the traveller's chats (web_call_back; docs/decisions.md 'Calls back to travellers'):
 * an alert dialog naming who calls, with Answer and Decline. Answer opens the call panel calling the chat's line
 * (support's or the organizer's; sip.js is fetched only now, as for 'Call via internet'), and the console that
 * offered it takes that call. Decline tells the console. A withdrawn offer (the agent hung up, or nobody answered
 * within a minute) goes away by itself.
 */
import { useEffect, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import type { ChatEventPayloads } from '@tours/shared/api';
import { useHost } from '@tours/shared/core';
import { Button } from '@tours/shared/kit';
import { declineCallBack } from '../common/chat/api';
import type { ChatConnection } from '../common/chat/socket';

type Offer = ChatEventPayloads['web_call_back'];

/** What an offer's event makes of the one showing (pure): a new offer replaces it, its withdrawal removes it. */
export function nextOffer(current: Offer | null, event: Offer): Offer | null {
  if (event.state === 'offered') return event;
  return current && current.chat_id === event.chat_id ? null : current;
}

export function CallBackOffer({ connection }: { connection: ChatConnection | null }) {
  const intl = useIntl();
  const host = useHost();
  const id = useId();
  const [offer, setOffer] = useState<Offer | null>(null);
  useEffect(() => connection?.on('web_call_back', (event) => setOffer((current) => nextOffer(current, event))), [connection]);
  if (!offer) return null;

  const answer = () => {
    setOffer(null);
    host.openModal('comms/call', offer.caller_type === 'organizer' && offer.organizer_id !== null
      ? { organizerId: offer.organizer_id, calleeName: offer.caller_name, chatId: offer.chat_id }
      : { chatId: offer.chat_id });
  };
  const decline = () => {
    setOffer(null);
    // Nothing to keep on failure: the offer is withdrawn by itself within a minute.
    void declineCallBack(host.api, offer.chat_id).catch(() => undefined);
  };
  return (
    <div className="call-incoming chat-page-offer" role="alertdialog" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`}>
      <h2 id={`${id}-title`}>{intl.formatMessage({ id: 'chat.callBack.title' })}</h2>
      <p id={`${id}-text`}>{intl.formatMessage({ id: 'chat.callBack.text' }, { name: offer.caller_name })}</p>
      <span className="call-incoming__row">
        {/* An alert dialog takes the focus: Enter answers. */}
        <Button autoFocus onClick={answer}>{intl.formatMessage({ id: 'chat.callBack.answer' })}</Button>
        <Button variant="secondary" onClick={decline}>{intl.formatMessage({ id: 'chat.callBack.decline' })}</Button>
      </span>
    </div>
  );
}
