import { loadSipJs, REGISTER_OPTIONS, sessionManagerOptions, trackSession, type CallAdapterEvents, type CallCredentials, type SipSession } from './sip-adapter';

const CREDS: CallCredentials = {
  target: 'sip:support@tours.localhost',
  ws_url: 'ws://localhost:5066',
  public_identity: 'sip:traveller-7@tours.localhost',
  private_identity: '1773200000:traveller-7',
  password: 'c2VjcmV0LXBhc3N3b3Jk',
};

const fakeEvents = (incoming = true): jest.Mocked<CallAdapterEvents> => ({
  onCreated: jest.fn(), onAnswered: jest.fn(), onHangup: jest.fn(), onHold: jest.fn(), onServerDisconnect: jest.fn(), onRejected: jest.fn(),
  onRegistered: jest.fn(), onUnregistered: jest.fn(), ...(incoming ? { onIncoming: jest.fn() } : {}),
});
/** sip.js's sessions as the adapter reads them: an Invitation (incoming) can be accepted, an Inviter cannot. */
const outgoing = (): SipSession => ({ remoteIdentity: { displayName: '', uri: { user: 'support' } } });
const incoming = (user: string, displayName = ''): SipSession & { accept(): void } => ({ remoteIdentity: { displayName, uri: { user } }, accept: () => undefined });

describe('the sip.js adapter', () => {
  test('audio only, registers with refresh frequency 50 and expires 60, with the private identity and password; one call at a time', () => {
    const delegate = {};
    const o = sessionManagerOptions(CREDS, null, delegate, { displayName: 'Smith Anna' });
    expect(o.aor).toBe(CREDS.public_identity);
    expect(o.media?.constraints).toEqual({ audio: true, video: false });
    expect(o.registererOptions).toEqual({ expires: 60, refreshFrequency: 50 });
    expect(REGISTER_OPTIONS).toEqual({ expires: 60, refreshFrequency: 50 });
    expect(o.userAgentOptions).toMatchObject({ authorizationUsername: CREDS.private_identity, authorizationPassword: CREDS.password, displayName: 'Smith Anna' });
    expect(o.maxSimultaneousSessions).toBe(1);
    expect(o.delegate).toBe(delegate);
    expect(sessionManagerOptions(CREDS, null, delegate).userAgentOptions).not.toHaveProperty('displayName');
  });

  test("a failed load is a 'could not import' error", async () => {
    await expect(loadSipJs(() => Promise.reject(new Error('Loading chunk sip failed')))).rejects.toThrow('Could not import the call library: Loading chunk sip failed');
  });
});

describe("the adapter's one call (trackSession)", () => {
  test('an outgoing call: created, answered, hold, hung up — events of its session only', () => {
    const events = fakeEvents(false);
    const decline = jest.fn();
    const { delegate, current } = trackSession(events, decline);
    const call = outgoing();
    delegate.onCallCreated(call);
    expect(events.onCreated).toHaveBeenCalledTimes(1);
    expect(current()).toBe(call);
    delegate.onCallAnswered(outgoing());
    expect(events.onAnswered).not.toHaveBeenCalled();
    delegate.onCallAnswered(call);
    delegate.onCallHold(call, true);
    expect(events.onAnswered).toHaveBeenCalledTimes(1);
    expect(events.onHold).toHaveBeenCalledWith(true);
    delegate.onCallHangup(call);
    expect(events.onHangup).toHaveBeenCalledTimes(1);
    expect(current()).toBeUndefined();
  });

  test('an incoming call on a line that answers: reported with the caller (created is not an outgoing call)', () => {
    const events = fakeEvents();
    const { delegate, current } = trackSession(events, jest.fn());
    const call = incoming('traveller-7', 'Smith Anna');
    delegate.onCallCreated(call);
    delegate.onCallReceived(call);
    expect(events.onCreated).not.toHaveBeenCalled();
    expect(events.onIncoming).toHaveBeenCalledWith({ user: 'traveller-7', displayName: 'Smith Anna' });
    expect(current()).toBe(call);
  });

  test('a second incoming call during one is declined, and its end changes nothing', () => {
    const events = fakeEvents();
    const decline = jest.fn();
    const { delegate, current } = trackSession(events, decline);
    const first = incoming('traveller-7');
    const second = incoming('traveller-8');
    delegate.onCallReceived(first);
    delegate.onCallCreated(second);
    delegate.onCallReceived(second);
    expect(decline).toHaveBeenCalledWith(second);
    expect(events.onIncoming).toHaveBeenCalledTimes(1);
    delegate.onCallHangup(second);
    expect(events.onHangup).not.toHaveBeenCalled();
    expect(current()).toBe(first);
  });

  test("a line that takes no calls (the traveller's panel) declines incoming ones", () => {
    const events = fakeEvents(false);
    const decline = jest.fn();
    const { delegate, current } = trackSession(events, decline);
    const call = incoming('support');
    delegate.onCallReceived(call);
    expect(decline).toHaveBeenCalledWith(call);
    expect(current()).toBeUndefined();
  });

  test('the connection and the registration: reported as they are', () => {
    const events = fakeEvents();
    const { delegate } = trackSession(events, jest.fn());
    delegate.onServerDisconnect();
    delegate.onRegistered();
    delegate.onUnregistered();
    expect(events.onServerDisconnect).toHaveBeenCalled();
    expect(events.onRegistered).toHaveBeenCalled();
    expect(events.onUnregistered).toHaveBeenCalled();
  });
});
