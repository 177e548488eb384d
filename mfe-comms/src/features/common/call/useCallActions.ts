/**
 * Hold and mute of the call in progress, shared by the traveller's call panel and the agent console's line: the SIP
 * session is asked first, the state machine (call-machine.ts) follows.
 */
import { useCallback, type Dispatch, type RefObject } from 'react';
import type { CallEvent, WebCallSession } from './call-machine';
import type { CallAdapter } from './sip-adapter';

export function useCallActions(adapterRef: RefObject<CallAdapter | null>, session: WebCallSession, dispatch: Dispatch<CallEvent>) {
  const toggleHold = useCallback(async () => {
    const adapter = adapterRef.current;
    if (!adapter) return;
    const held = session.status === 'hold';
    try {
      await (held ? adapter.unhold() : adapter.hold());
      dispatch({ type: held ? 'unhold' : 'hold' });
    } catch {
      /* the re-INVITE was refused: the call stays as it was */
    }
  }, [adapterRef, dispatch, session.status]);

  const toggleMute = useCallback(() => {
    const adapter = adapterRef.current;
    if (adapter) {
      if (session.isMuted) adapter.unmute();
      else adapter.mute();
    }
    dispatch({ type: 'toggleMute' });
  }, [adapterRef, dispatch, session.isMuted]);

  return { toggleHold, toggleMute };
}
