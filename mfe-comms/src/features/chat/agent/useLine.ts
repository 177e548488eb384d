/**
 * The console's line controller: registers the staff member's SIP identity while the console is signed in (sip.js
 * through the shared adapter, loaded lazily like the traveller's call panel), registers again after a drop (fresh
 * credentials, backing off: line.ts), and runs an incoming call through the §4 state machine (call-machine.ts) from
 * the callee's side: the INVITE creates the call (calling: it rings here), Answer makes it in_call, then hold, mute
 * and hang up as on the traveller's side.
 */
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { ApiError } from '@tours/shared/core';
import { callReducer, INITIAL_SESSION, isActive } from '../../common/call/call-machine';
import { isNotAllowedError, type CallAdapter, type CallAdapterEvents, type CallAdapterFactory, type CallCredentials, type Caller } from '../../common/call/sip-adapter';
import { useCallActions } from '../../common/call/useCallActions';
import { INITIAL_LINE, lineReducer, retryDelay, type LineState } from './line';

export type LineError = 'notAllowed' | 'failed';

/** Answers of the credentials call that registering again would not change: 401, 403, 503 (web-calls.ts). */
const FINAL_STATUSES = [401, 403, 503];

export interface LineOptions {
  /** The line's credentials (POST /crm/api/agent/web-call-data); a 401, 403 or 503 stops the line. */
  credentials: () => Promise<CallCredentials>;
  createAdapter: CallAdapterFactory;
  remoteAudio: () => HTMLAudioElement | null;
  now: () => number;
  /** How the console names a caller (line.ts callerOf with the chats it knows). */
  nameOf: (caller: Caller) => { name: string; type: 'support' | 'organizer' | 'tourist' };
}

export function useLine({ credentials, createAdapter, remoteAudio, now, nameOf }: LineOptions) {
  const [line, lineDispatch] = useReducer(lineReducer, INITIAL_LINE);
  const [session, dispatch] = useReducer(callReducer, INITIAL_SESSION);
  const [error, setError] = useState<LineError | null>(null);
  const adapterRef = useRef<CallAdapter | null>(null);
  const hungUpHere = useRef(false);
  // Whether a call is under way, for the line's callbacks (a lost registration during a call waits for sip.js's retry).
  const busy = useRef(false);
  busy.current = isActive(session.status);
  // The latest options, so the line is not registered again when a render makes new functions.
  const opts = useRef({ credentials, createAdapter, remoteAudio, now, nameOf });
  opts.current = { credentials, createAdapter, remoteAudio, now, nameOf };
  const lineRef = useRef<LineState>(line);
  lineRef.current = line;

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;

    /** The line's registration or connection is gone: drop this adapter, register afresh after a wait. */
    const lost = (adapter: CallAdapter | null) => {
      if (stopped || (adapter && adapterRef.current !== adapter)) return;
      adapterRef.current = null;
      if (adapter) void adapter.disconnect().catch(() => undefined);
      failures++;
      lineDispatch({ type: 'lost' });
      timer = setTimeout(() => void connect(), retryDelay(failures));
    };

    const connect = async () => {
      if (stopped) return;
      lineDispatch({ type: 'connect' });
      let adapter: CallAdapter | null = null;
      try {
        const creds = await opts.current.credentials();
        if (stopped) return;
        const events: CallAdapterEvents = {
          onIncoming: (caller) => {
            if (adapterRef.current !== adapter) return;
            const { name, type } = opts.current.nameOf(caller);
            hungUpHere.current = false;
            setError(null);
            dispatch({ type: 'open', calleeName: name, calleeType: type });
            dispatch({ type: 'start' });
            dispatch({ type: 'created' });
          },
          // Outgoing calls are not made from the console (docs/decisions.md: travellers register only while they call).
          onCreated: () => undefined,
          onRejected: () => undefined,
          onAnswered: () => adapterRef.current === adapter && dispatch({ type: 'answered', now: opts.current.now() }),
          onHold: (held) => adapterRef.current === adapter && dispatch({ type: held ? 'hold' : 'unhold' }),
          onHangup: () => adapterRef.current === adapter && dispatch({ type: hungUpHere.current ? 'hangup' : 'remoteHangup' }),
          onServerDisconnect: () => {
            if (adapterRef.current !== adapter) return;
            dispatch({ type: 'serverDisconnect' });
            lost(adapter);
          },
          onRegistered: () => adapterRef.current === adapter && lineDispatch({ type: 'registered' }),
          onUnregistered: () => {
            if (adapterRef.current !== adapter || lineRef.current.status !== 'online') return;
            // In a call the call goes on (sip.js registers again); otherwise start over with fresh credentials.
            if (busy.current) lineDispatch({ type: 'lost' });
            else lost(adapter);
          },
        };
        adapter = await opts.current.createAdapter(creds, events, opts.current.remoteAudio());
        if (stopped) {
          void adapter.disconnect().catch(() => undefined);
          return;
        }
        adapterRef.current = adapter;
        await adapter.register();
        if (stopped || adapterRef.current !== adapter) return;
        failures = 0;
        lineDispatch({ type: 'registered' });
      } catch (e) {
        if (stopped) return;
        // Final answers: the staff token ended (the console signs out: AgentPage's profile check), the account has no
        // line, or the site has no registrar (a setting, not a passing failure). Nothing to register.
        if (e instanceof ApiError && FINAL_STATUSES.includes(e.status)) {
          lineDispatch({ type: 'stop' });
          return;
        }
        lost(adapter);
      }
    };

    void connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      const adapter = adapterRef.current;
      adapterRef.current = null;
      if (adapter) void adapter.hangup().catch(() => undefined).then(() => adapter.disconnect()).catch(() => undefined);
    };
  }, []);

  const answer = useCallback(async () => {
    const adapter = adapterRef.current;
    if (!adapter) return;
    try {
      await adapter.answer();
    } catch (e) {
      // Most often the microphone refused: the call cannot go on.
      setError(isNotAllowedError(e) ? 'notAllowed' : 'failed');
      hungUpHere.current = true;
      dispatch({ type: 'hangup' });
      void adapter.hangup().catch(() => undefined);
    }
  }, []);

  const decline = useCallback(() => {
    hungUpHere.current = true;
    dispatch({ type: 'hangup' });
    dispatch({ type: 'close' });
    void adapterRef.current?.decline().catch(() => undefined);
  }, []);

  const hangup = useCallback(() => {
    hungUpHere.current = true;
    dispatch({ type: 'hangup' });
    void adapterRef.current?.hangup().catch(() => undefined);
  }, []);

  const close = useCallback(() => {
    setError(null);
    dispatch({ type: 'close' });
  }, []);

  const { toggleHold, toggleMute } = useCallActions(adapterRef, session, dispatch);

  return { line: line.status, session, error, answer, decline, hangup, close, toggleHold, toggleMute };
}
