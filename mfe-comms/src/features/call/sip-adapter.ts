/**
 * The SIP side of a call (accounts-and-comms §7 'Phone codes and internet calls', §9 'Internet calls'): sip.js's
 * SimpleUser over the registrar's WebSocket (ws_url), audio only, registering public_identity with
 * private_identity/password (refresh frequency 50, expires 60), then calling target.
 *
 * sip.js is loaded with a dynamic import when a call starts, never with the panel (its own lazy chunk); a failed
 * load is a CallImportError ('could not import'). The panel talks to a CallAdapter, so tests give it a fake one.
 */
import type { SimpleUser, SimpleUserOptions } from 'sip.js/lib/platform/web/index.js';

/** §3 'Web call credentials' (phone-code/web-call-data). */
export interface CallCredentials {
  target: string;
  ws_url: string;
  public_identity: string;
  private_identity: string;
  password: string;
}

/** What the SIP session reports (the state machine's events). */
export interface CallAdapterEvents {
  onCreated(): void;
  onAnswered(): void;
  /** The call ended: hung up here or by the other side, or refused. */
  onHangup(): void;
  onHold(held: boolean): void;
  onServerDisconnect(): void;
  /** The callee could not be reached (the registrar's or the callee's final refusal: 480, 404, 486, 603…). */
  onRejected(statusCode: number): void;
}

export interface CallAdapter {
  /** Connects, registers and calls the target. Rejects with the cause (a NotAllowedError when the microphone is refused). */
  start(): Promise<void>;
  hangup(): Promise<void>;
  hold(): Promise<void>;
  unhold(): Promise<void>;
  mute(): void;
  unmute(): void;
  /** Ends the call if any, unregisters and closes the connection. */
  disconnect(): Promise<void>;
}

export type CallAdapterFactory = (credentials: CallCredentials, events: CallAdapterEvents, remoteAudio: HTMLAudioElement | null) => Promise<CallAdapter>;

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

/** SimpleUser's options for these credentials: audio only, no STUN (the registrar's peers reach each other directly or not at all here). */
export function simpleUserOptions(credentials: CallCredentials, events: CallAdapterEvents, remoteAudio: HTMLAudioElement | null): SimpleUserOptions {
  return {
    aor: credentials.public_identity,
    media: { constraints: { audio: true, video: false }, ...(remoteAudio ? { remote: { audio: remoteAudio } } : {}) },
    registererOptions: { ...REGISTER_OPTIONS },
    reconnectionAttempts: 0,
    userAgentOptions: {
      authorizationUsername: credentials.private_identity,
      authorizationPassword: credentials.password,
      logLevel: 'error',
      sessionDescriptionHandlerFactoryOptions: { peerConnectionConfiguration: { iceServers: [] } },
    },
    delegate: {
      onCallCreated: () => events.onCreated(),
      onCallAnswered: () => events.onAnswered(),
      onCallHangup: () => events.onHangup(),
      onCallHold: (held) => events.onHold(held),
      onServerDisconnect: () => events.onServerDisconnect(),
    },
  };
}

/** The real adapter: sip.js's SimpleUser. */
export const createSipAdapter: CallAdapterFactory = async (credentials, events, remoteAudio) => {
  const { SimpleUser: SimpleUserClass } = await loadSipJs();
  const user: SimpleUser = new SimpleUserClass(credentials.ws_url, simpleUserOptions(credentials, events, remoteAudio));
  return {
    async start() {
      await user.connect();
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('The call server did not answer the registration')), REGISTER_TIMEOUT_MS);
        const settle = (fn: () => void) => () => {
          clearTimeout(timer);
          fn();
        };
        user
          .register({ requestDelegate: { onAccept: settle(resolve), onReject: settle(() => reject(new Error('The call server refused the registration'))) } })
          .catch((error: unknown) => settle(() => reject(error))());
      });
      await user.call(credentials.target, { earlyMedia: true }, { requestDelegate: { onReject: (response) => events.onRejected(response.message.statusCode ?? 0) } });
    },
    hangup: () => user.hangup(),
    hold: () => user.hold(),
    unhold: () => user.unhold(),
    mute: () => user.mute(),
    unmute: () => user.unmute(),
    async disconnect() {
      try {
        if (user.isConnected()) await user.unregister().catch(() => undefined);
      } finally {
        await user.disconnect().catch(() => undefined);
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
