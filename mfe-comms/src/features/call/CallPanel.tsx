/**
 * The internet call panel (accounts-and-comms §2 'Internet call'): the callee's name and type, the call status in
 * words, a mute toggle, hold, hang up, and the timer from the answer. It calls as it opens; errors (§8) show in it:
 * the microphone refused, the call library not loaded, the credentials refused (also as a notification).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { ModalContentProps } from '@tours/shared/contract';
import { Button, MessageBanner } from '@tours/shared/kit';
import { elapsedSeconds, formatDuration, type CallStatus } from './call-machine';
import { createSipAdapter, type CallAdapterFactory } from './sip-adapter';
import { useCall, type CallError, type CallTarget } from './useCall';
import './call.css';

export const CALL_TITLE_ID = 'comms-call-title';

export interface CallPanelProps {
  modal: ModalContentProps;
  /** An organizer's line (webCalls.canCallToOrganizer); support when absent. */
  organizerId?: number;
  /** The organizer's name as the page shows it. */
  calleeName?: string;
  /** The chat the call belongs to, if any. */
  chatId?: number;
  /** The SIP side (tests give a fake one); sip.js by default. */
  createAdapter?: CallAdapterFactory;
  now?: () => number;
}

const ERROR_TEXT: Record<Exclude<CallError['kind'], 'api'>, string> = {
  notAllowed: 'call.notAllowedError',
  import: 'call.importError',
  failed: 'call.failed',
  unavailable: 'call.unavailable',
};

/** Ticks once a second while `on`, for the timer. */
function useNow(on: boolean, now: () => number): number {
  const [time, setTime] = useState(now);
  useEffect(() => {
    if (!on) return;
    setTime(now());
    const timer = window.setInterval(() => setTime(now()), 1000);
    return () => window.clearInterval(timer);
  }, [on, now]);
  return time;
}

export function CallPanel({ modal, organizerId, calleeName, chatId, createAdapter = createSipAdapter, now = Date.now }: CallPanelProps) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const audioRef = useRef<HTMLAudioElement>(null);
  const remoteAudio = useCallback(() => audioRef.current, []);
  const target: CallTarget = organizerId
    ? { calleeName: calleeName || t('call.calleeType.organizer'), calleeType: 'organizer', body: { is_support_call: false, organizer_id: organizerId, chat_id: chatId ?? null } }
    : { calleeName: t('call.supportName'), calleeType: 'support', body: { is_support_call: true, organizer_id: null, chat_id: chatId ?? null } };
  const { session, error, start, hangup, toggleHold, toggleMute, active } = useCall(target, createAdapter, remoteAudio, now);
  const { status } = session;
  const talking = status === 'in_call' || status === 'hold';
  const time = useNow(talking, now);
  const canMute: CallStatus[] = ['calling', 'in_call', 'hold'];

  return (
    <section className="comms-call" aria-labelledby={CALL_TITLE_ID}>
      <h2 id={CALL_TITLE_ID} className="comms-call__title">{t('parcel.call.title')}</h2>
      <p className="comms-call__callee">
        <span className="comms-call__name">{session.calleeName}</span>
        <span className="comms-call__type">{t(`call.calleeType.${session.calleeType}`)}</span>
      </p>
      <p className="comms-call__status" role="status" data-status={status}>
        {t(`call.status.${status}`)}
      </p>
      <p className="comms-call__timer">
        <span>{t('call.duration')}</span>{' '}
        <span className="comms-call__time" data-testid="call-timer">{formatDuration(elapsedSeconds(session, talking ? time : now()))}</span>
      </p>
      {error && (
        <MessageBanner kind="error" className="comms-call__error">
          {error.kind === 'api' ? error.message : t(ERROR_TEXT[error.kind])}
        </MessageBanner>
      )}
      <div className="comms-call__controls">
        <Button variant="secondary" aria-pressed={session.isMuted} disabled={!canMute.includes(status)} onClick={toggleMute}>
          {t('call.mute')}
        </Button>
        <Button variant="secondary" aria-pressed={status === 'hold'} disabled={!talking} onClick={() => void toggleHold()}>
          {t('call.hold')}
        </Button>
        {active ? (
          <Button className="comms-call__hangup" onClick={hangup}>
            {t('call.hangup')}
          </Button>
        ) : (
          <Button onClick={() => void start()}>{t('call.again')}</Button>
        )}
        <Button variant="ghost" onClick={() => modal.close()}>
          {t('common.close')}
        </Button>
      </div>
      {/* The other side's voice (sip.js plays the remote stream here). */}
      <audio ref={audioRef} autoPlay hidden />
    </section>
  );
}
