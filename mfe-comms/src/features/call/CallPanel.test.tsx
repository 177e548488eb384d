import '@testing-library/jest-dom';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiError, type Session } from '@tours/shared/core';
import { renderScreen, type FakeRoutes } from '@tours/shared/src/testing';
import { CallPanelContent } from '../../parcels/CallPanel';
import { WEB_CALL_DATA_PATH, WebCallCredentialsAnswer } from './api';
import { CallPanel } from './CallPanel';
import { CallImportError, type CallAdapter, type CallAdapterEvents, type CallAdapterFactory, type CallCredentials } from '../common/call/sip-adapter';
import { recordingAdapter } from '../common/call/test-adapter';
import { create } from 'superstruct';

/** What the API answers (api/src/routes/web-calls.ts), checked against the panel's schema. */
const CREDS: CallCredentials = create({
  target: 'sip:support@tours.localhost',
  ws_url: 'ws://localhost:5066',
  public_identity: 'sip:traveller-7@tours.localhost',
  private_identity: '1773200000:traveller-7',
  password: 'c2VjcmV0LXBhc3N3b3Jk',
}, WebCallCredentialsAnswer);

/** A SIP side driven by the test: it records what the panel asks and lets the test play the other side. */
function fakeSip(o: { startError?: unknown; createError?: unknown } = {}) {
  const calls: string[] = [];
  let events: CallAdapterEvents | undefined;
  let credentials: CallCredentials | undefined;
  let displayName: string | undefined;
  const adapter: CallAdapter = recordingAdapter(calls, { start: o.startError });
  const factory: CallAdapterFactory = async (c, e, _audio, options) => {
    if (o.createError) throw o.createError;
    credentials = c;
    displayName = options?.displayName;
    events = e;
    return adapter;
  };
  return {
    factory, adapter, calls,
    get credentials() { return credentials; },
    get displayName() { return displayName; },
    /** The other side's doing (sip.js's delegate callbacks), as React sees them. */
    emit: (name: 'onCreated' | 'onAnswered' | 'onHangup' | 'onHold' | 'onServerDisconnect', arg?: boolean) => act(() => (name === 'onHold' ? events!.onHold(arg!) : events![name]())),
    reject: (status: number) => act(() => events!.onRejected(status)),
  };
}

let clock = 1_700_000_000_000;
const now = () => clock;

function open(sip: ReturnType<typeof fakeSip>, routes: FakeRoutes = { [`POST ${WEB_CALL_DATA_PATH}`]: CREDS }, url = '/en/', session?: Session) {
  const close = jest.fn();
  const t = renderScreen(<CallPanel modal={{ close }} createAdapter={sip.factory} now={now} />, { url, routes, session });
  return { ...t, close };
}

/** The panel open and its call created by the SIP side (ringing at the other end). */
async function openCalling() {
  const sip = fakeSip();
  const t = open(sip);
  await waitFor(() => expect(sip.calls).toEqual(['start']));
  sip.emit('onCreated');
  return { ...t, sip };
}

const status = () => screen.getByRole('status');
const button = (name: string) => screen.getByRole('button', { name });

beforeEach(() => {
  clock = 1_700_000_000_000;
});

describe('the call panel', () => {
  test('calls support as it opens: credentials (captcha-protected), then sip; the callee and the status in words', async () => {
    const sip = fakeSip();
    const t = open(sip);
    expect(screen.getByRole('heading', { name: 'Call via internet' })).toBeInTheDocument();
    expect(screen.getByText('Customer support')).toBeInTheDocument();
    expect(screen.getByText('Support')).toBeInTheDocument();
    await waitFor(() => expect(sip.calls).toEqual(['start']));
    expect(t.calls).toEqual([{ method: 'POST', path: WEB_CALL_DATA_PATH, query: undefined, body: { is_support_call: true, organizer_id: null, chat_id: null }, captcha: true }]);
    expect(sip.credentials).toEqual(CREDS);
    expect(status()).toHaveTextContent('Connecting…');
  });

  test("the caller's SIP display name is the traveller's name as staff see it in chats (last, first; else the login)", async () => {
    const named = fakeSip();
    open(named, undefined, '/en/', { token: 't', profile: { id: 7, first_name: 'Anna', last_name: 'Smith', email: 'anna@example.com' } });
    await waitFor(() => expect(named.calls).toEqual(['start']));
    expect(named.displayName).toBe('Smith Anna');
  });

  test('created → calling (timer 0), answered → in call with the timer from the answer, hold and back, mute toggles', async () => {
    jest.useFakeTimers({ now: clock });
    try {
      const { sip } = await openCalling();
      expect(status()).toHaveTextContent('Calling…');
      expect(screen.getByTestId('call-timer')).toHaveTextContent('0:00');
      expect(button('Hold')).toBeDisabled();

      sip.emit('onAnswered');
      expect(status()).toHaveTextContent('In call');
      clock += 65_000;
      act(() => void jest.advanceTimersByTime(1000));
      expect(screen.getByTestId('call-timer')).toHaveTextContent('1:05');

      fireEvent.click(button('Mute'));
      expect(button('Mute')).toHaveAttribute('aria-pressed', 'true');
      fireEvent.click(button('Mute'));
      expect(button('Mute')).toHaveAttribute('aria-pressed', 'false');

      fireEvent.click(button('Hold'));
      await waitFor(() => expect(status()).toHaveTextContent('On hold'));
      expect(button('Hold')).toHaveAttribute('aria-pressed', 'true');
      fireEvent.click(button('Hold'));
      await waitFor(() => expect(status()).toHaveTextContent('In call'));
      expect(sip.calls).toEqual(['start', 'mute', 'unmute', 'hold', 'unhold']);
    } finally {
      jest.useRealTimers();
    }
  });

  test('hang up ends the call here: terminated, the SIP session hung up and disconnected; Call again starts over', async () => {
    const { sip, ...t } = await openCalling();
    sip.emit('onAnswered');
    fireEvent.click(button('Hang up'));
    expect(status()).toHaveTextContent('Call ended');
    await waitFor(() => expect(sip.calls).toEqual(['start', 'hangup', 'disconnect']));
    // A late event of the ended call changes nothing.
    sip.emit('onAnswered');
    expect(status()).toHaveTextContent('Call ended');

    fireEvent.click(button('Call again'));
    await waitFor(() => expect(sip.calls.filter((c) => c === 'start')).toHaveLength(2));
    expect(status()).toHaveTextContent('Connecting…');
    expect(t.calls.filter((c) => c.path === WEB_CALL_DATA_PATH)).toHaveLength(2);
  });

  test.each([
    ['the other side hangs up', 'onHangup'],
    ['the server disconnects', 'onServerDisconnect'],
  ] as const)('%s: terminated', async (_name, event) => {
    const { sip } = await openCalling();
    sip.emit('onAnswered');
    sip.emit(event);
    expect(status()).toHaveTextContent('Call ended');
    expect(button('Call again')).toBeInTheDocument();
  });

  test('nobody answers the line (480 from the registrar): the call ends and says so', async () => {
    const { sip } = await openCalling();
    sip.reject(480);
    sip.emit('onHangup');
    expect(status()).toHaveTextContent('Call ended');
    expect(screen.getByRole('alert')).toHaveTextContent('Nobody can answer the call right now');
  });

  test('closing the panel during a call hangs it up', async () => {
    const { sip, ...t } = await openCalling();
    fireEvent.click(button('Close'));
    expect(t.close).toHaveBeenCalled();
    t.unmount();
    await waitFor(() => expect(sip.calls).toEqual(['start', 'hangup', 'disconnect']));
  });

  test('the microphone refused (NotAllowedError): the alert, and the call ends', async () => {
    const sip = fakeSip({ startError: new DOMException('Permission denied', 'NotAllowedError') });
    open(sip);
    expect(await screen.findByRole('alert')).toHaveTextContent('Allow access to the microphone to make a call');
    expect(status()).toHaveTextContent('Call ended');
  });

  test("credentials refused: the API's message as an error notification and in the panel", async () => {
    const sip = fakeSip();
    const t = open(sip, { [`POST ${WEB_CALL_DATA_PATH}`]: new ApiError(503, WEB_CALL_DATA_PATH, 'Internet calls are unavailable at the moment') });
    expect(await screen.findByRole('alert')).toHaveTextContent('Internet calls are unavailable at the moment');
    expect(t.toast).toHaveBeenCalledWith({ kind: 'error', text: 'Internet calls are unavailable at the moment' });
    expect(status()).toHaveTextContent('Call ended');
    expect(sip.calls).toEqual([]);
  });

  test("an error without a message: 'Error'", async () => {
    const t = open(fakeSip(), { [`POST ${WEB_CALL_DATA_PATH}`]: new ApiError(500, WEB_CALL_DATA_PATH, '') });
    await waitFor(() => expect(t.toast).toHaveBeenCalledWith({ kind: 'error', text: 'Error' }));
  });

  test('the call library cannot be loaded: the could-not-import error', async () => {
    open(fakeSip({ createError: new CallImportError(new Error('ChunkLoadError')) }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not import the call library');
  });

  test('in Russian, from the parcel', async () => {
    renderScreen(<CallPanelContent modal={{ close: jest.fn() }} />, { url: '/ru/', routes: { [`POST ${WEB_CALL_DATA_PATH}`]: new ApiError(503, WEB_CALL_DATA_PATH, 'x') } });
    expect(screen.getByRole('heading', { name: 'Звонок через интернет' })).toBeInTheDocument();
    expect(screen.getByText('Служба поддержки')).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });
});
