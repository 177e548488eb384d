/**
 * The web call state machine of accounts-and-comms §4 'Web call', as a pure reducer over the session of §3 'Web call
 * session' (isOpen, calleeName, calleeType, status, isMuted, startTimestamp):
 * - disconnected (initial) → connecting, when a call starts;
 * - connecting → calling, when the call is created; the timer resets to 0;
 * - calling → in_call, when the call is answered; the start timestamp is set to now;
 * - in_call ↔ hold, on hold and unhold;
 * - any active state → terminated, on hangup by the user, a hangup by the other side, or a disconnect from the server;
 * - starting a new call disconnects a call that is already connected (the controller ends the old SIP session; the
 *   state starts over at connecting);
 * - mute and unmute toggle isMuted.
 * An event that does not apply to the current state leaves it as it is (a late 'answered' after a hangup, say).
 */

export type CallStatus = 'disconnected' | 'connecting' | 'calling' | 'in_call' | 'hold' | 'terminated';
/** §3 'Web call session' calleeType; §6 'Callee types for internet calls'. */
export type CalleeType = 'support' | 'organizer' | 'tourist';

export interface WebCallSession {
  isOpen: boolean;
  calleeName: string;
  calleeType: CalleeType;
  status: CallStatus;
  isMuted: boolean;
  /** When the call was answered (ms); null until then: the timer shows 0. */
  startTimestamp: number | null;
}

export type CallEvent =
  | { type: 'open'; calleeName: string; calleeType: CalleeType }
  | { type: 'close' }
  | { type: 'start' }
  | { type: 'created' }
  | { type: 'answered'; now: number }
  | { type: 'hold' }
  | { type: 'unhold' }
  | { type: 'hangup' }
  | { type: 'remoteHangup' }
  | { type: 'serverDisconnect' }
  | { type: 'toggleMute' };

export const INITIAL_SESSION: WebCallSession = { isOpen: false, calleeName: '', calleeType: 'support', status: 'disconnected', isMuted: false, startTimestamp: null };

/** States with a call under way (connected or being connected): the ones a hangup or a disconnect ends. */
const ACTIVE_STATUSES: readonly CallStatus[] = ['connecting', 'calling', 'in_call', 'hold'];
export const isActive = (status: CallStatus): boolean => ACTIVE_STATUSES.includes(status);

export function callReducer(state: WebCallSession, event: CallEvent): WebCallSession {
  switch (event.type) {
    case 'open':
      return { ...state, isOpen: true, calleeName: event.calleeName, calleeType: event.calleeType };
    case 'close':
      return { ...state, isOpen: false };
    case 'start':
      // From any state: a call already connected is disconnected first (by the controller). A new call starts unmuted.
      return { ...state, status: 'connecting', isMuted: false, startTimestamp: null };
    case 'created':
      return state.status === 'connecting' ? { ...state, status: 'calling', startTimestamp: null } : state;
    case 'answered':
      return state.status === 'calling' ? { ...state, status: 'in_call', startTimestamp: event.now } : state;
    case 'hold':
      return state.status === 'in_call' ? { ...state, status: 'hold' } : state;
    case 'unhold':
      return state.status === 'hold' ? { ...state, status: 'in_call' } : state;
    case 'hangup':
    case 'remoteHangup':
    case 'serverDisconnect':
      return isActive(state.status) ? { ...state, status: 'terminated' } : state;
    case 'toggleMute':
      return { ...state, isMuted: !state.isMuted };
    default:
      return state;
  }
}

/** Seconds of the call timer at `now`: from the answer; 0 before it. */
export function elapsedSeconds(session: Pick<WebCallSession, 'startTimestamp'>, now: number): number {
  return session.startTimestamp === null ? 0 : Math.max(0, Math.floor((now - session.startTimestamp) / 1000));
}

/** The timer as m:ss (h:mm:ss past an hour). */
export function formatDuration(totalSeconds: number): string {
  const h = Math.floor(totalSeconds / 3600);
  const m = Math.floor((totalSeconds % 3600) / 60);
  const s = totalSeconds % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}
