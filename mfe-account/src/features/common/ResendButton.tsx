import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '@tours/shared/kit';

/**
 * 'Send the code again', held back while the resend countdown runs ('Send again in {seconds} s', accounts-and-comms
 * §9: 60 s, ticking every second). The sign-in code step and the account's e-mail and phone steps share it.
 */
export function ResendButton({ className, secondsLeft, sending, onResend }: { className: string; secondsLeft: number; sending: boolean; onResend: () => void }) {
  const intl = useIntl();
  return (
    <Button variant="link" className={className} disabled={secondsLeft > 0} loading={sending} onClick={onResend}>
      {secondsLeft > 0 ? intl.formatMessage({ id: 'account.code.resendIn' }, { seconds: secondsLeft }) : intl.formatMessage({ id: 'account.code.resend' })}
    </Button>
  );
}

/**
 * Calls `tick` every second while `counting`; a new `restart` key (another code sent) starts the second over, so the
 * countdown shows the full 60 right after a send.
 */
export function useCountdownTick(counting: boolean, restart: unknown, tick: () => void): void {
  const latest = useRef(tick);
  latest.current = tick;
  useEffect(() => {
    if (!counting) return undefined;
    const timer = setInterval(() => latest.current(), 1000);
    return () => clearInterval(timer);
  }, [counting, restart]);
}
