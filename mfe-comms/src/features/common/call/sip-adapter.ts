/**
 * The SIP side of a call (accounts-and-comms §7 'Phone codes and internet calls', §9 'Internet calls'): sip.js's
 * SessionManager over the registrar's WebSocket (ws_url), audio only, registering public_identity with
 * private_identity/password (refresh frequency 50, expires 60), then calling target (the traveller's call panel) or
 * staying registered and answering (the agent console's line).
 *
 * SessionManager rather than SimpleUser (which wraps it): SimpleUser keeps the session to itself, so neither the
 * caller of an incoming call nor a second INVITE arriving during a call reach it; here every callback names its
 * session, and the adapter keeps to one call and declines the others.
 *
 * sip.js is loaded with a dynamic import when a call starts (or the console's line registers), never with a screen
 * (its own lazy chunk); a failed load is a CallImportError ('could not import'). Screens talk to a CallAdapter, so
 * tests give them a fake one.
 */
import type { SessionManager, SessionManagerOptions } from 'sip.js/lib/platform/web/index.js';

/** §3 'Web call credentials' (phone-code/web-call-data, agent/web-call-data). */
export interface CallCredentials {
  target: string;
  ws_url: string;
  public_identity: string;
  private_identity: string;
  password: string;
}

/** Who calls: the SIP user of the caller's identity ('traveller-7') and the display name their client sent. */
export interface Caller {
  user: string;
  displayName: string;
}

/** What the SIP session reports (the state machine's events). */
export interface CallAdapterEvents {
  /** An outgoing call was created. */
  onCreated(): void;
  onAnswered(): void;
  /** The call ended: hung up here or by the other side, refused, or declined. */
  onHangup(): void;
  onHold(held: boolean): void;
  onServerDisconnect(): void;
  /** The callee could not be reached (the registrar's or the callee's final refusal: 480, 404, 486, 603…). */
  onRejected(statusCode: number): void;
  /** A call arrived for the registered line; without this handler incoming calls are declined. */
  onIncoming?(caller: Caller): void;
  /** The registrar accepted the registration (again: sip.js retries one that ended). */
  onRegistered?(): void;
  /** The registration ended without the connection dropping (a refused refresh). */
  onUnregistered?(): void;
}

export interface CallAdapter {
  /** Connects and registers (resolves once the registrar accepts). */
  register(): Promise<void>;
  /** Registers and calls the target. Rejects with the cause (a NotAllowedError when the microphone is refused). */
  start(): Promise<void>;
  /** Answers the incoming call (the microphone is asked for now). */
  answer(): Promise<void>;
  /** Declines the incoming call. */
  decline(): Promise<void>;
  hangup(): Promise<void>;
  hold(): Promise<void>;
  unhold(): Promise<void>;
  mute(): void;
  unmute(): void;
  /** Ends the call if any, unregisters and closes the connection. */
  disconnect(): Promise<void>;
}

export interface CallAdapterOptions {
  /** The SIP display name the other side sees (the traveller's name). */
  displayName?: string;
}

export type CallAdapterFactory = (credentials: CallCredentials, events: CallAdapterEvents, remoteAudio: HTMLAudioElement | null, options?: CallAdapterOptions) => Promise<CallAdapter>;

/** The call library could not be loaded (offline, a failed chunk): §8 'The voice-call component cannot be loaded'. */
export class CallImportError extends Error {
  constructor(cause: unknown) {
    super(`Could not import the call library: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'CallImportError';
  }
}

/** §9 'Internet calls': SIP registration refresh frequency 50 (%), expires 60 (s). */
export const REGISTER_OPTIONS = { expires: 60, refreshFrequency: 50 } as const;
/** How long to wait for the registrar to accept the registration before calling anyway fails. */
const REGISTER_TIMEOUT_MS = 10_000;

type SipWeb = typeof import('sip.js/lib/platform/web/index.js');

/** Loads sip.js's web platform (its own chunk); a failure is a CallImportError. */
export async function loadSipJs(load: () => Promise<SipWeb> = () => import(/* webpackChunkName: "sip" */ 'sip.js/lib/platform/web/index.js')): Promise<SipWeb> {
  try {
    return await load();
  } catch (error) {
    throw new CallImportError(error);
  }
}

/** What the adapter reads of a sip.js session (Inviter or Invitation). */
export interface SipSession {
  readonly remoteIdentity: { displayName: string; uri: { user?: string } };
}
/** An incoming call's session (an Invitation: it can be accepted); an outgoing one is an Inviter. */
const isIncoming = (s: SipSession): boolean => typeof (s as { accept?: unknown }).accept === 'function';

/**
 * The session manager's callbacks, routed to the events of the one call this adapter handles. Every callback names
 * its session: those of another session are ignored, and an incoming call while one is under way (or on a line that
 * takes no calls) is declined.
 */
export function trackSession<S extends SipSession>(events: CallAdapterEvents, decline: (session: S) => void) {
  let current: S | undefined;
  const delegate = {
    // Also called for an incoming call, just before onCallReceived: that one reports it.
    onCallCreated: (s: S) => {
      if (current || isIncoming(s)) return;
      current = s;
      events.onCreated();
    },
    onCallReceived: (s: S) => {
      if (current || !events.onIncoming) return decline(s);
      current = s;
      events.onIncoming({ user: s.remoteIdentity.uri.user ?? '', displayName: s.remoteIdentity.displayName ?? '' });
    },
    onCallAnswered: (s: S) => s === current && events.onAnswered(),
    onCallHangup: (s: S) => {
      if (s !== current) return;
      current = undefined;
      events.onHangup();
    },
    onCallHold: (s: S, held: boolean) => s === current && events.onHold(held),
    onServerDisconnect: () => events.onServerDisconnect(),
    onRegistered: () => events.onRegistered?.(),
    onUnregistered: () => events.onUnregistered?.(),
  };
  return { delegate, current: () => current };
}

/** SessionManager's options for these credentials: audio only, no STUN (the registrar's peers reach each other directly or not at all here). */
export function sessionManagerOptions(
  credentials: CallCredentials, remoteAudio: HTMLAudioElement | null, delegate: SessionManagerOptions['delegate'], options: CallAdapterOptions = {},
): SessionManagerOptions {
  return {
    aor: credentials.public_identity,
    media: { constraints: { audio: true, video: false }, ...(remoteAudio ? { remote: { audio: remoteAudio } } : {}) },
    registererOptions: { ...REGISTER_OPTIONS },
    // One call at a time (as SimpleUser); a dropped connection is the screen's to handle (new credentials).
    maxSimultaneousSessions: 1,
    reconnectionAttempts: 0,
    userAgentOptions: {
      authorizationUsername: credentials.private_identity,
      authorizationPassword: credentials.password,
      ...(options.displayName ? { displayName: options.displayName } : {}),
      logLevel: 'error',
      sessionDescriptionHandlerFactoryOptions: { peerConnectionConfiguration: { iceServers: [] } },
    },
    delegate,
  };
}

/** The real adapter: sip.js's SessionManager. */
export const createSipAdapter: CallAdapterFactory = async (credentials, events, remoteAudio, options) => {
  const { SessionManager: SessionManagerClass } = await loadSipJs();
  const tracked = trackSession<Parameters<SessionManager['hangup']>[0]>(events, (s) => void sip.decline(s).catch(() => undefined));
  const sip: SessionManager = new SessionManagerClass(credentials.ws_url, sessionManagerOptions(credentials, remoteAudio, tracked.delegate, options));
  const session = () => {
    const s = tracked.current();
    if (!s) throw new Error('No call');
    return s;
  };
  const register = async () => {
    await sip.connect();
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('The call server did not answer the registration')), REGISTER_TIMEOUT_MS);
      const settle = (fn: () => void) => () => {
        clearTimeout(timer);
        fn();
      };
      sip
        .register({ requestDelegate: { onAccept: settle(resolve), onReject: settle(() => reject(new Error('The call server refused the registration'))) } })
        .catch((error: unknown) => settle(() => reject(error))());
    });
  };
  return {
    register,
    async start() {
      await register();
      await sip.call(credentials.target, { earlyMedia: true }, { requestDelegate: { onReject: (response) => events.onRejected(response.message.statusCode ?? 0) } });
    },
    answer: async () => void (await sip.answer(session())),
    decline: async () => void (await sip.decline(session())),
    hangup: async () => {
      const s = tracked.current();
      if (s) await sip.hangup(s);
    },
    hold: async () => sip.hold(session()),
    unhold: async () => sip.unhold(session()),
    mute: () => {
      const s = tracked.current();
      if (s) sip.mute(s);
    },
    unmute: () => {
      const s = tracked.current();
      if (s) sip.unmute(s);
    },
    async disconnect() {
      try {
        if (sip.isConnected()) await sip.unregister().catch(() => undefined);
      } finally {
        await sip.disconnect().catch(() => undefined);
      }
    },
  };
};

/** Whether an error is the browser refusing the microphone (getUserMedia's NotAllowedError, maybe wrapped by sip.js). */
export function isNotAllowedError(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 4; depth++) {
    if (typeof e === 'object' && (e as { name?: unknown }).name === 'NotAllowedError') return true;
    if (e instanceof Error && /NotAllowedError|Permission denied/i.test(e.message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
