/**
 * The console's phone (issue 15 'Agent console'): 'Calls: online/offline', an incoming call as an alert dialog with
 * the caller, Answer and Decline, then the call with the traveller's call panel's controls (mute, hold, hang up,
 * timer); and 'Call <traveller>' for the open chat: a call back (docs/decisions.md 'Calls back to travellers') rings
 * on the traveller's chat page, and their taking it is the call.
 */
import { createContext, useCallback, useContext, useEffect, useId, useRef } from 'react';
import { useIntl } from 'react-intl';
import { Button, MessageBanner } from '@tours/shared/kit';
import { CallControls } from '../common/call/CallControls';
import { isActive } from '../common/call/call-machine';
import { createSipAdapter, type CallAdapterFactory, type CallCredentials, type Caller } from '../common/call/sip-adapter';
import type { ChatConnection } from '../common/chat/socket';
import { callerOf, travellerLineUser } from './line';
import { useLine } from './useLine';
import { useT } from '../../i18n/t';

/** The SIP side of the console's line: sip.js; the console's tests provide a fake one. */
export const CallAdapterContext = createContext<CallAdapterFactory>(createSipAdapter);

/** The open chat's traveller, who can be called back, and how the offer is sent and taken back (agent/call-back). */
export interface CallBackTarget {
  chatId: number;
  travellerId: number;
  name: string;
  send(): Promise<void>;
  withdraw(): Promise<void>;
}

export interface CallLineProps {
  credentials: () => Promise<CallCredentials>;
  callBack?: CallBackTarget | null;
  /** The console's chat connection: a declined call back arrives on it (web_call_back). */
  connection?: ChatConnection | null;
  /** Travellers' names by id, as the console's chats give them. */
  travellers: ReadonlyMap<number, string>;
  /** The SIP side (tests give a fake one); CallAdapterContext's by default. */
  createAdapter?: CallAdapterFactory;
  now?: () => number;
}

export function CallLine({ credentials, callBack = null, connection = null, travellers, createAdapter, now = Date.now }: CallLineProps) {
  const contextAdapter = useContext(CallAdapterContext);
  const intl = useIntl();
  const t = useT();
  const id = useId();
  const audioRef = useRef<HTMLAudioElement>(null);
  const remoteAudio = useCallback(() => audioRef.current, []);
  const nameOf = (caller: Caller) => callerOf(caller, travellers, (travellerId) => intl.formatMessage({ id: 'agent.call.traveller' }, { id: travellerId }));
  const { line, session, direction, error, answer, decline, callBack: offer, callBackDeclined, hangup, close, toggleHold, toggleMute } = useLine({ credentials, createAdapter: createAdapter ?? contextAdapter, remoteAudio, now, nameOf });
  const ringing = session.isOpen && direction === 'incoming' && session.status === 'calling';
  // The chat whose traveller was offered the call back last: their 'declined' ends it.
  const offeredChat = useRef<number | null>(null);
  useEffect(() => connection?.on('web_call_back', (p) => {
    if (p.state === 'declined' && p.chat_id === offeredChat.current) callBackDeclined();
  }), [connection, callBackDeclined]);
  const callBackNow = (target: CallBackTarget) => {
    offeredChat.current = target.chatId;
    void offer({ name: target.name, type: 'tourist' }, travellerLineUser(target.travellerId), target);
  };
  const errorText = error === 'notAllowed' ? t('agent.call.notAllowed')
    : error === 'declined' || error === 'noAnswer' ? t(`agent.call.${error}`, { name: session.calleeName }) : t('call.failed');

  return (
    <div className="agent-line">
      <p className="agent-line__status" role="status" data-line={line}>
        {t(`agent.call.line.${line}`)}
      </p>
      {callBack && line === 'online' && !session.isOpen && (
        <span className="agent-line__row">
          <Button variant="secondary" size="sm" onClick={() => callBackNow(callBack)}>{t('agent.call.callBack', { name: callBack.name })}</Button>
        </span>
      )}
      {ringing && (
        <div className="call-incoming" role="alertdialog" aria-labelledby={`${id}-incoming`} aria-describedby={`${id}-caller`}>
          <h2 id={`${id}-incoming`}>{t('agent.call.incoming')}</h2>
          <p id={`${id}-caller`} className="comms-call__callee">
            <span className="comms-call__name">{session.calleeName}</span>
            <span className="comms-call__type">{t(`call.calleeType.${session.calleeType}`)}</span>
          </p>
          <span className="call-incoming__row">
            {/* An alert dialog takes the focus: the agent answers with Enter. */}
            <Button autoFocus onClick={() => void answer()}>{t('agent.call.answer')}</Button>
            <Button variant="secondary" onClick={decline}>{t('agent.call.decline')}</Button>
          </span>
        </div>
      )}
      {session.isOpen && !ringing && (
        <section className="comms-call agent-line__call" aria-labelledby={`${id}-call`}>
          <h2 id={`${id}-call`} className="comms-call__title">{t('agent.call.title')}</h2>
          <CallControls
            session={session}
            now={now}
            onToggleMute={toggleMute}
            onToggleHold={() => void toggleHold()}
            onHangup={hangup}
            alert={error && <MessageBanner kind="error">{errorText}</MessageBanner>}
          >
            {!isActive(session.status) && <Button variant="ghost" onClick={close}>{t('common.close')}</Button>}
          </CallControls>
        </section>
      )}
      {/* The caller's voice (sip.js plays the remote stream here); there from the start, as the line registers with it. */}
      <audio ref={audioRef} autoPlay hidden />
    </div>
  );
}
