/**
 * A call's body (accounts-and-comms §2 'Internet call'): the other side's name and type, the status in words, the
 * timer from the answer, an error if any, and mute, hold and hang up; `children` add the screen's own buttons. The
 * traveller's call panel and the agent console's call show the same.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Button } from '@tours/shared/kit';
import { elapsedSeconds, formatDuration, isActive, type CallStatus, type WebCallSession } from './call-machine';
import './call.css';
import { useT } from '../../../i18n/t';

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

const CAN_MUTE: CallStatus[] = ['calling', 'in_call', 'hold'];

export interface CallControlsProps {
  session: WebCallSession;
  now: () => number;
  onToggleMute: () => void;
  onToggleHold: () => void;
  onHangup: () => void;
  /** Shown above the buttons (an error banner). */
  alert?: ReactNode;
  /** More buttons after the call's own. */
  children?: ReactNode;
}

export function CallControls({ session, now, onToggleMute, onToggleHold, onHangup, alert, children }: CallControlsProps) {
  const t = useT();
  const { status } = session;
  const talking = status === 'in_call' || status === 'hold';
  const time = useNow(talking, now);
  return (
    <>
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
      {alert}
      <div className="comms-call__controls">
        <Button variant="secondary" aria-pressed={session.isMuted} disabled={!CAN_MUTE.includes(status)} onClick={onToggleMute}>
          {t('call.mute')}
        </Button>
        <Button variant="secondary" aria-pressed={status === 'hold'} disabled={!talking} onClick={onToggleHold}>
          {t('call.hold')}
        </Button>
        {isActive(status) && (
          <Button className="comms-call__hangup" onClick={onHangup}>
            {t('call.hangup')}
          </Button>
        )}
        {children}
      </div>
    </>
  );
}
