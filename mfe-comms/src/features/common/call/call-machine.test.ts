import { callReducer, elapsedSeconds, formatDuration, INITIAL_SESSION, isActive, type CallEvent, type CallStatus, type WebCallSession } from './call-machine';

const at = (status: CallStatus, extra: Partial<WebCallSession> = {}): WebCallSession => ({ ...INITIAL_SESSION, isOpen: true, calleeName: 'Support', status, ...extra });
const NOW = 1_700_000_000_000;

describe('the web call state machine (§4 Web call)', () => {
  // [from, event, to]
  const transitions: [CallStatus, CallEvent, CallStatus][] = [
    ['disconnected', { type: 'start' }, 'connecting'],
    ['connecting', { type: 'created' }, 'calling'],
    ['calling', { type: 'answered', now: NOW }, 'in_call'],
    ['in_call', { type: 'hold' }, 'hold'],
    ['hold', { type: 'unhold' }, 'in_call'],
    // Any active state → terminated, by the user, the other side or the server.
    ...(['connecting', 'calling', 'in_call', 'hold'] as const).flatMap((s): [CallStatus, CallEvent, CallStatus][] => [
      [s, { type: 'hangup' }, 'terminated'],
      [s, { type: 'remoteHangup' }, 'terminated'],
      [s, { type: 'serverDisconnect' }, 'terminated'],
    ]),
    // Starting a new call over one already connected: connecting again (the old session is disconnected).
    ['in_call', { type: 'start' }, 'connecting'],
    ['hold', { type: 'start' }, 'connecting'],
    ['terminated', { type: 'start' }, 'connecting'],
    // Events that do not apply change nothing.
    ['disconnected', { type: 'created' }, 'disconnected'],
    ['disconnected', { type: 'answered', now: NOW }, 'disconnected'],
    ['connecting', { type: 'answered', now: NOW }, 'connecting'],
    ['calling', { type: 'hold' }, 'calling'],
    ['in_call', { type: 'unhold' }, 'in_call'],
    ['disconnected', { type: 'hangup' }, 'disconnected'],
    ['terminated', { type: 'remoteHangup' }, 'terminated'],
    ['terminated', { type: 'answered', now: NOW }, 'terminated'],
  ];
  test.each(transitions)('%s --%o--> %s', (from, event, to) => {
    expect(callReducer(at(from), event).status).toBe(to);
  });

  test('the timer: reset to 0 when the call is created, started at the answer, kept on hold and at the end', () => {
    let s = callReducer(at('disconnected', { startTimestamp: NOW - 99_000 }), { type: 'start' });
    s = callReducer(s, { type: 'created' });
    expect(s.startTimestamp).toBeNull();
    expect(elapsedSeconds(s, NOW)).toBe(0);
    s = callReducer(s, { type: 'answered', now: NOW });
    expect(s.startTimestamp).toBe(NOW);
    expect(elapsedSeconds(s, NOW + 65_400)).toBe(65);
    s = callReducer(s, { type: 'hold' });
    expect(s.startTimestamp).toBe(NOW);
    expect(callReducer(s, { type: 'remoteHangup' }).startTimestamp).toBe(NOW);
  });

  test('mute and unmute toggle isMuted; a new call starts unmuted', () => {
    const muted = callReducer(at('in_call'), { type: 'toggleMute' });
    expect(muted.isMuted).toBe(true);
    expect(callReducer(muted, { type: 'toggleMute' }).isMuted).toBe(false);
    expect(callReducer(muted, { type: 'start' }).isMuted).toBe(false);
  });

  test('open names the callee and opens the panel; close closes it', () => {
    const open = callReducer(INITIAL_SESSION, { type: 'open', calleeName: 'Anna Guide', calleeType: 'organizer' });
    expect(open).toEqual({ ...INITIAL_SESSION, isOpen: true, calleeName: 'Anna Guide', calleeType: 'organizer' });
    expect(callReducer(open, { type: 'close' }).isOpen).toBe(false);
  });

  test.each([
    ['disconnected', false], ['connecting', true], ['calling', true], ['in_call', true], ['hold', true], ['terminated', false],
  ] as const)('%s is active: %s', (status, active) => {
    expect(isActive(status)).toBe(active);
  });

  test.each([
    [0, '0:00'], [5, '0:05'], [65, '1:05'], [600, '10:00'], [3599, '59:59'], [3600, '1:00:00'], [3725, '1:02:05'],
  ])('%i s reads %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });
});
