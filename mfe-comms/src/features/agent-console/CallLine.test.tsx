import '@testing-library/jest-dom';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@tours/shared/core';
import { renderScreen } from '@tours/shared/src/testing';
import type { CallAdapter, CallAdapterEvents, CallAdapterFactory, CallCredentials } from '../common/call/sip-adapter';
import { recordingAdapter } from '../common/call/test-adapter';
import { connectChat } from '../common/chat/socket';
import { fakeSockets } from '../common/chat/test-socket';
import { CALL_BACK_WAIT_MS } from './useLine';
import { CallLine, type CallLineProps } from './CallLine';

/** The support line's credentials as POST /crm/api/agent/web-call-data answers them (target: the line itself). */
const CREDS: CallCredentials = {
  target: 'sip:support@tours.localhost',
  ws_url: 'ws://localhost:5066',
  public_identity: 'sip:support@tours.localhost',
  private_identity: '1773200000:support',
  password: 'c2VjcmV0LXBhc3N3b3Jk',
};

/** The SIP side at the seam the call panel's tests fake: one adapter per registration, played by the test. */
function fakeSip(o: { registerError?: unknown; answerError?: unknown } = {}) {
  const lines: Array<{ adapter: jest.Mocked<CallAdapter>; events: CallAdapterEvents; credentials: CallCredentials; calls: string[] }> = [];
  const factory: CallAdapterFactory = async (credentials, events) => {
    const calls: string[] = [];
    const adapter = recordingAdapter(calls, { register: o.registerError, answer: o.answerError });
    lines.push({ adapter, events, credentials, calls });
    return adapter;
  };
  const last = () => lines[lines.length - 1]!;
  return {
    factory, lines, last,
    /** The caller's doing (sip.js's callbacks through the adapter), as React sees it. */
    ring: (user: string, displayName = '') => act(() => last().events.onIncoming!({ user, displayName })),
    emit: (name: 'onAnswered' | 'onHangup' | 'onServerDisconnect') => act(() => last().events[name]()),
  };
}

let clock = 1_700_000_000_000;
const now = () => clock;
const TRAVELLERS = new Map([[42, 'Ada Lovelace']]);

function open(sip: ReturnType<typeof fakeSip>, credentials: () => Promise<CallCredentials> = async () => CREDS, url = '/en/agent', props: Partial<CallLineProps> = {}) {
  const fetches = jest.fn(credentials);
  const t = renderScreen(<CallLine credentials={fetches} travellers={TRAVELLERS} createAdapter={sip.factory} now={now} {...props} />, { url });
  return { ...t, fetches };
}

/** The line's status comes first; a call has its own. */
const lineStatus = () => screen.getAllByRole('status')[0]!;
const incoming = () => screen.queryByRole('alertdialog', { name: 'Incoming call' });
const callRegion = () => screen.getByRole('region', { name: 'Call' });

async function online(sip: ReturnType<typeof fakeSip>) {
  const t = open(sip);
  await waitFor(() => expect(lineStatus()).toHaveTextContent('Calls: online'));
  return t;
}

beforeEach(() => {
  clock = 1_700_000_000_000;
});

describe("the agent console's line", () => {
  test('registers the staff line with its credentials: connecting, then online', async () => {
    const sip = fakeSip();
    const t = open(sip);
    expect(lineStatus()).toHaveTextContent('Calls: connecting…');
    await waitFor(() => expect(lineStatus()).toHaveTextContent('Calls: online'));
    expect(t.fetches).toHaveBeenCalledTimes(1);
    expect(sip.last().credentials).toEqual(CREDS);
    expect(sip.last().calls).toEqual(['register']);
    expect(incoming()).toBeNull();
  });

  test('a call rings as an alert dialog with the caller (their chat name), Answer focused; answered: in call with the timer, mute, hold, hang up', async () => {
    jest.useFakeTimers({ now: clock });
    try {
      const sip = fakeSip();
      await online(sip);
      sip.ring('traveller-42', 'Someone else');
      const dialog = incoming()!;
      expect(dialog).toBeInTheDocument();
      expect(dialog).toHaveAccessibleDescription('Ada Lovelace Traveller');
      expect(within(dialog).getByRole('button', { name: 'Answer' })).toHaveFocus();

      fireEvent.click(within(dialog).getByRole('button', { name: 'Answer' }));
      await waitFor(() => expect(sip.last().calls).toEqual(['register', 'answer']));
      sip.emit('onAnswered');
      expect(incoming()).toBeNull();
      const call = callRegion();
      expect(within(call).getByRole('status')).toHaveTextContent('In call');
      expect(within(call).getByText('Ada Lovelace')).toBeInTheDocument();
      clock += 65_000;
      act(() => void jest.advanceTimersByTime(1000));
      expect(within(call).getByTestId('call-timer')).toHaveTextContent('1:05');

      fireEvent.click(within(call).getByRole('button', { name: 'Mute' }));
      expect(within(call).getByRole('button', { name: 'Mute' })).toHaveAttribute('aria-pressed', 'true');
      fireEvent.click(within(call).getByRole('button', { name: 'Hold' }));
      await waitFor(() => expect(within(call).getByRole('status')).toHaveTextContent('On hold'));
      fireEvent.click(within(call).getByRole('button', { name: 'Hold' }));
      await waitFor(() => expect(within(call).getByRole('status')).toHaveTextContent('In call'));

      fireEvent.click(within(call).getByRole('button', { name: 'Hang up' }));
      expect(within(call).getByRole('status')).toHaveTextContent('Call ended');
      await waitFor(() => expect(sip.last().calls).toEqual(['register', 'answer', 'mute', 'hold', 'unhold', 'hangup']));
      // The line stays registered for the next call; Close puts the call away.
      expect(lineStatus()).toHaveTextContent('Calls: online');
      fireEvent.click(within(call).getByRole('button', { name: 'Close' }));
      expect(screen.queryByRole('region', { name: 'Call' })).toBeNull();
    } finally {
      jest.useRealTimers();
    }
  });

  test('Decline: the call is refused and nothing stays on screen', async () => {
    const sip = fakeSip();
    await online(sip);
    sip.ring('traveller-42');
    fireEvent.click(within(incoming()!).getByRole('button', { name: 'Decline' }));
    expect(incoming()).toBeNull();
    expect(screen.queryByRole('region', { name: 'Call' })).toBeNull();
    await waitFor(() => expect(sip.last().calls).toEqual(['register', 'decline']));
    // sip.js reports the end of the declined call: nothing changes.
    sip.emit('onHangup');
    expect(screen.queryByRole('region', { name: 'Call' })).toBeNull();
  });

  test('the caller hangs up while it rings, or during the call: call ended', async () => {
    const sip = fakeSip();
    await online(sip);
    sip.ring('traveller-42');
    sip.emit('onHangup');
    expect(incoming()).toBeNull();
    expect(within(callRegion()).getByRole('status')).toHaveTextContent('Call ended');

    sip.ring('traveller-42');
    fireEvent.click(within(incoming()!).getByRole('button', { name: 'Answer' }));
    sip.emit('onAnswered');
    sip.emit('onHangup');
    expect(within(callRegion()).getByRole('status')).toHaveTextContent('Call ended');
  });

  test.each([
    ['a traveller without a chat here, by the name their client sent', 'traveller-9', 'Petrov Ivan', 'Petrov Ivan'],
    ['a traveller without a chat or a name, by their number', 'traveller-9', '', 'Traveller #9'],
  ])('%s', async (_name, user, displayName, shown) => {
    const sip = fakeSip();
    await online(sip);
    sip.ring(user, displayName);
    expect(incoming()).toHaveAccessibleDescription(`${shown} Traveller`);
  });

  test('the microphone refused on Answer: the alert, and the call ends', async () => {
    const sip = fakeSip({ answerError: new DOMException('Permission denied', 'NotAllowedError') });
    await online(sip);
    sip.ring('traveller-42');
    fireEvent.click(within(incoming()!).getByRole('button', { name: 'Answer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Allow access to the microphone to answer calls');
    expect(within(callRegion()).getByRole('status')).toHaveTextContent('Call ended');
    await waitFor(() => expect(sip.last().calls).toEqual(['register', 'answer', 'hangup']));
  });

  test('a dropped connection ends the call and goes offline; the line registers again with fresh credentials', async () => {
    jest.useFakeTimers({ now: clock });
    try {
      const sip = fakeSip();
      const t = open(sip);
      await waitFor(() => expect(lineStatus()).toHaveTextContent('Calls: online'));
      sip.ring('traveller-42');
      fireEvent.click(within(incoming()!).getByRole('button', { name: 'Answer' }));
      sip.emit('onAnswered');

      sip.emit('onServerDisconnect');
      expect(lineStatus()).toHaveTextContent('Calls: offline');
      expect(within(callRegion()).getByRole('status')).toHaveTextContent('Call ended');
      const first = sip.lines[0]!;
      await waitFor(() => expect(first.calls).toContain('disconnect'));

      // A second later: new credentials, a new registration.
      await act(async () => void jest.advanceTimersByTime(1000));
      await waitFor(() => expect(lineStatus()).toHaveTextContent('Calls: online'));
      expect(t.fetches).toHaveBeenCalledTimes(2);
      expect(sip.lines).toHaveLength(2);
      // Events of the old connection change nothing.
      act(() => first.events.onIncoming!({ user: 'traveller-42', displayName: '' }));
      expect(incoming()).toBeNull();
    } finally {
      jest.useRealTimers();
    }
  });

  test('a refused registration is retried, backing off: 1 s, then 2 s', async () => {
    jest.useFakeTimers({ now: clock });
    try {
      const sip = fakeSip({ registerError: new Error('The call server refused the registration') });
      const t = open(sip);
      await waitFor(() => expect(lineStatus()).toHaveTextContent('Calls: offline'));
      expect(t.fetches).toHaveBeenCalledTimes(1);
      await act(async () => void jest.advanceTimersByTime(1000));
      await waitFor(() => expect(t.fetches).toHaveBeenCalledTimes(2));
      await waitFor(() => expect(lineStatus()).toHaveTextContent('Calls: offline'));
      await act(async () => void jest.advanceTimersByTime(1000));
      expect(t.fetches).toHaveBeenCalledTimes(2);
      await act(async () => void jest.advanceTimersByTime(1000));
      await waitFor(() => expect(t.fetches).toHaveBeenCalledTimes(3));
    } finally {
      jest.useRealTimers();
    }
  });

  test.each([
    ['the staff session ended', 401, 'Unauthorized'],
    ['the account has no line', 403, 'This staff account has no line'],
    ['no registrar on this site', 503, 'Internet calls are unavailable at the moment'],
  ])('%s (%i on the credentials): offline, not retried', async (_name, status, text) => {
    jest.useFakeTimers({ now: clock });
    try {
      const sip = fakeSip();
      const t = open(sip, async () => Promise.reject(new ApiError(status, '/crm/api/agent/web-call-data', text)));
      await waitFor(() => expect(t.fetches).toHaveBeenCalledTimes(1));
      await waitFor(() => expect(lineStatus()).toHaveTextContent('Calls: offline'));
      await act(async () => void jest.advanceTimersByTime(60_000));
      expect(t.fetches).toHaveBeenCalledTimes(1);
      expect(lineStatus()).toHaveTextContent('Calls: offline');
      expect(sip.lines).toHaveLength(0);
    } finally {
      jest.useRealTimers();
    }
  });

  test('leaving the console (sign-out) ends the call and the registration', async () => {
    const sip = fakeSip();
    const t = await online(sip);
    sip.ring('traveller-42');
    t.unmount();
    await waitFor(() => expect(sip.last().calls).toEqual(['register', 'hangup', 'disconnect']));
  });

  test('in Russian', async () => {
    const sip = fakeSip();
    open(sip, undefined, '/ru/agent');
    await waitFor(() => expect(lineStatus()).toHaveTextContent('Звонки: в сети'));
    sip.ring('traveller-9');
    expect(screen.getByRole('alertdialog', { name: 'Входящий звонок' })).toHaveAccessibleDescription('Турист #9 Турист');
  });
});

describe("a call back to the open chat's traveller (docs/decisions.md 'Calls back to travellers')", () => {
  /** The console's chat connection on a fake socket, and the offer's calls (agent/call-back). */
  async function withCallBack(sip: ReturnType<typeof fakeSip>, o: { sendError?: unknown } = {}) {
    const sockets = fakeSockets();
    const connection = connectChat('staff-token', sockets.factory, undefined);
    const send = jest.fn(async () => {
      if (o.sendError) throw o.sendError;
    });
    const withdraw = jest.fn(async () => undefined);
    open(sip, undefined, '/en/agent', { connection, callBack: { chatId: 5, travellerId: 42, name: 'Ada Lovelace', send, withdraw } });
    await waitFor(() => expect(lineStatus()).toHaveTextContent('Calls: online'));
    const declined = (chatId = 5) => act(() => sockets.last().emit('web_call_back', { chat_id: chatId, state: 'declined', caller_name: '', caller_type: 'support', organizer_id: null }));
    return { send, withdraw, declined };
  }
  const callBack = () => fireEvent.click(screen.getByRole('button', { name: 'Call Ada Lovelace' }));
  const callStatus = () => within(callRegion()).getByRole('status');
  /** 'Call Ada Lovelace', then the offer rings on her side. */
  async function ringingThere() {
    callBack();
    await waitFor(() => expect(callStatus()).toHaveTextContent('Calling…'));
  }

  test("'Call Ada Lovelace' offers it: calling (no incoming dialog here); her call then is answered at once: in call", async () => {
    const sip = fakeSip();
    const o = await withCallBack(sip);
    await ringingThere();
    expect(o.send).toHaveBeenCalledTimes(1);
    expect(within(callRegion()).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(incoming()).toBeNull();
    expect(screen.queryByRole('button', { name: 'Call Ada Lovelace' })).toBeNull();

    sip.ring('traveller-42', 'Ada');
    await waitFor(() => expect(sip.last().calls).toEqual(['register', 'answer']));
    expect(incoming()).toBeNull();
    sip.emit('onAnswered');
    expect(callStatus()).toHaveTextContent('In call');
    fireEvent.click(within(callRegion()).getByRole('button', { name: 'Hang up' }));
    await waitFor(() => expect(sip.last().calls).toEqual(['register', 'answer', 'hangup']));
    expect(o.withdraw).not.toHaveBeenCalled();
  });

  test("while it rings there, another traveller's call finds the line busy (declined), and the call back goes on", async () => {
    const sip = fakeSip();
    await withCallBack(sip);
    await ringingThere();
    sip.ring('traveller-9');
    await waitFor(() => expect(sip.last().calls).toEqual(['register', 'decline']));
    sip.emit('onHangup');
    expect(incoming()).toBeNull();
    expect(callStatus()).toHaveTextContent('Calling…');
  });

  test('declined on her side: call ended, with why; another chat\'s decline changes nothing', async () => {
    const sip = fakeSip();
    const o = await withCallBack(sip);
    await ringingThere();
    o.declined(6);
    expect(callStatus()).toHaveTextContent('Calling…');
    o.declined();
    expect(callStatus()).toHaveTextContent('Call ended');
    expect(screen.getByRole('alert')).toHaveTextContent('Ada Lovelace declined the call.');
    expect(o.withdraw).not.toHaveBeenCalled();
  });

  test('Hang up while it rings there withdraws it; so does a minute without an answer', async () => {
    jest.useFakeTimers({ now: clock });
    try {
      const sip = fakeSip();
      const o = await withCallBack(sip);
      await ringingThere();
      fireEvent.click(within(callRegion()).getByRole('button', { name: 'Hang up' }));
      expect(callStatus()).toHaveTextContent('Call ended');
      await waitFor(() => expect(o.withdraw).toHaveBeenCalledTimes(1));
      expect(sip.last().calls).toEqual(['register']);

      fireEvent.click(within(callRegion()).getByRole('button', { name: 'Close' }));
      await ringingThere();
      await act(async () => void jest.advanceTimersByTime(CALL_BACK_WAIT_MS - 1000));
      expect(callStatus()).toHaveTextContent('Calling…');
      await act(async () => void jest.advanceTimersByTime(1000));
      expect(callStatus()).toHaveTextContent('Call ended');
      expect(screen.getByRole('alert')).toHaveTextContent('Ada Lovelace did not answer.');
      expect(o.withdraw).toHaveBeenCalledTimes(2);
      // Her call after that is an ordinary incoming one.
      sip.ring('traveller-42');
      expect(incoming()).not.toBeNull();
    } finally {
      jest.useRealTimers();
    }
  });

  test('the line drops while it rings there: the offer is withdrawn, and her call later is an ordinary incoming one', async () => {
    jest.useFakeTimers({ now: clock });
    try {
      const sip = fakeSip();
      const o = await withCallBack(sip);
      await ringingThere();
      sip.emit('onServerDisconnect');
      expect(callStatus()).toHaveTextContent('Call ended');
      await waitFor(() => expect(o.withdraw).toHaveBeenCalledTimes(1));
      await act(async () => void jest.advanceTimersByTime(1000));
      await waitFor(() => expect(lineStatus()).toHaveTextContent('Calls: online'));
      fireEvent.click(within(callRegion()).getByRole('button', { name: 'Close' }));
      sip.ring('traveller-42');
      expect(incoming()).not.toBeNull();
      expect(sip.last().calls).toEqual(['register']);
    } finally {
      jest.useRealTimers();
    }
  });

  test('the offer could not be sent: call ended with the failure', async () => {
    const sip = fakeSip();
    await withCallBack(sip, { sendError: new ApiError(503, '/crm/api/agent/call-back', 'Internet calls are unavailable at the moment') });
    callBack();
    expect(await screen.findByRole('alert')).toHaveTextContent('The call could not be connected. Please try again.');
    expect(callStatus()).toHaveTextContent('Call ended');
  });
});
