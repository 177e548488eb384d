/**
 * The internet call panel (accounts-and-comms §2 'Internet call'): the callee's name and type, the call status in
 * words, a mute toggle, hold, hang up, and the timer from the answer. It calls as it opens; errors (§8) show in it:
 * the microphone refused, the call library not loaded, the credentials refused (also as a notification).
 */
import { useCallback, useRef } from 'react';
import { useAtomValue } from 'jotai';
import type { ModalContentProps } from '@tours/shared/contract';
import { sessionAtom } from '@tours/shared/core';
import { Button, MessageBanner } from '@tours/shared/kit';
import { CallControls } from '../common/call/CallControls';
import { createSipAdapter, type CallAdapterFactory } from '../common/call/sip-adapter';
import { travellerDisplayName, useCall, type CallError, type CallTarget } from './useCall';
import { useT, type MessageId } from '../../i18n/t';

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

const ERROR_TEXT: Record<Exclude<CallError['kind'], 'api'>, MessageId> = {
  notAllowed: 'call.notAllowedError',
  import: 'call.importError',
  failed: 'call.failed',
  unavailable: 'call.unavailable',
};

export function CallPanel({ modal, organizerId, calleeName, chatId, createAdapter = createSipAdapter, now = Date.now }: CallPanelProps) {
  const t = useT();
  const audioRef = useRef<HTMLAudioElement>(null);
  const remoteAudio = useCallback(() => audioRef.current, []);
  const target: CallTarget = organizerId
    ? { calleeName: calleeName || t('call.calleeType.organizer'), calleeType: 'organizer', body: { is_support_call: false, organizer_id: organizerId, chat_id: chatId ?? null } }
    : { calleeName: t('call.supportName'), calleeType: 'support', body: { is_support_call: true, organizer_id: null, chat_id: chatId ?? null } };
  // The traveller's name as the agent console shows the caller (the chat's rule: last name, first name, else the login).
  const displayName = travellerDisplayName(useAtomValue(sessionAtom)?.profile);
  const { session, error, start, hangup, toggleHold, toggleMute, active } = useCall(target, createAdapter, remoteAudio, now, displayName);

  return (
    <section className="comms-call" aria-labelledby={CALL_TITLE_ID}>
      <h2 id={CALL_TITLE_ID} className="comms-call__title">{t('parcel.call.title')}</h2>
      <CallControls
        session={session}
        now={now}
        onToggleMute={toggleMute}
        onToggleHold={() => void toggleHold()}
        onHangup={hangup}
        alert={error && (
          <MessageBanner kind="error" className="comms-call__error">
            {error.kind === 'api' ? error.message : t(ERROR_TEXT[error.kind])}
          </MessageBanner>
        )}
      >
        {!active && <Button onClick={() => void start()}>{t('call.again')}</Button>}
        <Button variant="ghost" onClick={() => modal.close()}>
          {t('common.close')}
        </Button>
      </CallControls>
      {/* The other side's voice (sip.js plays the remote stream here). */}
      <audio ref={audioRef} autoPlay hidden />
    </section>
  );
}
