/**
 * The console's line controller: registers the staff member's SIP identity while the console is signed in (sip.js
 * through the shared adapter, loaded lazily like the traveller's call panel), registers again after a drop (fresh
 * credentials, backing off: line.ts), and runs a call through the §4 state machine (call-machine.ts):
 * - an incoming call from the callee's side: the INVITE creates the call (calling: it rings here), Answer makes it
 *   in_call, then hold, mute and hang up as on the traveller's side;
 * - a call back (docs/decisions.md 'Calls back to travellers'): the offer goes to the traveller's chat page (calling:
 *   it rings there); the traveller taking it calls this line, and that call is answered at once. The traveller
 *   declining it, no answer within CALL_BACK_WAIT_MS, or Hang up here end it (the offer withdrawn).
 */
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { ApiError } from '@tours/shared/core';
import { callReducer, INITIAL_SESSION, isActive, type CalleeType } from '../common/call/call-machine';
import { isNotAllowedError, type CallAdapter, type CallAdapterEvents, type CallAdapterFactory, type CallCredentials, type Caller } from '../common/call/sip-adapter';
import { useCallActions } from '../common/call/useCallActions';
import { INITIAL_LINE, lineReducer, retryDelay, type LineState } from './line';

/** notAllowed: the microphone refused; declined, noAnswer: a call back's ends; failed: anything else. */
export type LineError = 'notAllowed' | 'failed' | 'declined' | 'noAnswer';

/** Which way the call on the line goes: an incoming one rings here, a call back rings on the traveller's side. */
export type CallDirection = 'incoming' | 'callBack';

/** How long a call back rings on the traveller's side before it is withdrawn. */
export const CALL_BACK_WAIT_MS = 60_000;

/** A call back under way, before the traveller's call arrives. */
interface PendingCallBack {
  /** The SIP user whose call takes it (line.ts travellerLineUser). */
  user: string;
  withdraw: () => Promise<void>;
  timer: ReturnType<typeof setTimeout>;
}

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
  const [direction, setDirection] = useState<CallDirection>('incoming');
  const pending = useRef<PendingCallBack | null>(null);
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

  /** Ends the call back's wait; `withdraw`: tell the traveller's side it is off. */
  const endCallBack = useCallback((withdraw: boolean) => {
    const p = pending.current;
    if (!p) return;
    pending.current = null;
    clearTimeout(p.timer);
    if (withdraw) void p.withdraw().catch(() => undefined);
  }, []);

  /** Answers the call on the line; a refused microphone ends it with the alert. */
  const answerWith = useCallback(async (adapter: CallAdapter) => {
    try {
      await adapter.answer();
    } catch (e) {
      setError(isNotAllowedError(e) ? 'notAllowed' : 'failed');
      hungUpHere.current = true;
      dispatch({ type: 'hangup' });
      void adapter.hangup().catch(() => undefined);
    }
  }, []);

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
            if (!adapter || adapterRef.current !== adapter) return;
            const expected = pending.current;
            if (expected) {
              // Waiting for a call back: the traveller's call takes it (answered at once); anyone else's finds the line busy.
              if (caller.user !== expected.user) return void adapter.decline().catch(() => undefined);
              endCallBack(false);
              return void answerWith(adapter);
            }
            const { name, type } = opts.current.nameOf(caller);
            hungUpHere.current = false;
            setError(null);
            setDirection('incoming');
            dispatch({ type: 'open', calleeName: name, calleeType: type });
            dispatch({ type: 'start' });
            dispatch({ type: 'created' });
          },
          // The console makes no SIP call of its own (a call back is the traveller's call: see callBack).
          onCreated: () => undefined,
          onRejected: () => undefined,
          onAnswered: () => adapterRef.current === adapter && dispatch({ type: 'answered', now: opts.current.now() }),
          onHold: (held) => adapterRef.current === adapter && dispatch({ type: held ? 'hold' : 'unhold' }),
          // A call declined while a call back waits ends that call only, not the call back's.
          onHangup: () => adapterRef.current === adapter && !pending.current && dispatch({ type: hungUpHere.current ? 'hangup' : 'remoteHangup' }),
          onServerDisconnect: () => {
            if (adapterRef.current !== adapter) return;
            // A call back waiting for the traveller's call is off too: this line cannot take it now.
            endCallBack(true);
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
      endCallBack(true);
      const adapter = adapterRef.current;
      adapterRef.current = null;
      if (adapter) void adapter.hangup().catch(() => undefined).then(() => adapter.disconnect()).catch(() => undefined);
    };
  }, [answerWith, endCallBack]);

  const answer = useCallback(async () => {
    const adapter = adapterRef.current;
    if (adapter) await answerWith(adapter);
  }, [answerWith]);

  /**
   * Offers a call back (`offer.send`: the API tells the traveller's chat page) and waits for the traveller's call
   * from `user` (their SIP user). Nothing while a call is under way or the line is not registered.
   */
  const callBack = useCallback(async (callee: { name: string; type: CalleeType }, user: string, offer: { send(): Promise<void>; withdraw(): Promise<void> }) => {
    if (!adapterRef.current || busy.current || lineRef.current.status !== 'online') return;
    busy.current = true;
    hungUpHere.current = false;
    setError(null);
    setDirection('callBack');
    dispatch({ type: 'open', calleeName: callee.name, calleeType: callee.type });
    dispatch({ type: 'start' });
    try {
      await offer.send();
    } catch {
      setError('failed');
      hungUpHere.current = true;
      dispatch({ type: 'hangup' });
      return;
    }
    // Hung up (or the console left) while the offer went out: take it back.
    if (hungUpHere.current || !adapterRef.current) return void offer.withdraw().catch(() => undefined);
    // It rings on the traveller's side now.
    dispatch({ type: 'created' });
    const timer = setTimeout(() => {
      if (pending.current?.timer !== timer) return;
      endCallBack(true);
      setError('noAnswer');
      hungUpHere.current = true;
      dispatch({ type: 'hangup' });
    }, CALL_BACK_WAIT_MS);
    pending.current = { user, withdraw: offer.withdraw, timer };
  }, [endCallBack]);

  /** The traveller declined the call back (web_call_back 'declined' of its chat). */
  const callBackDeclined = useCallback(() => {
    if (!pending.current) return;
    endCallBack(false);
    setError('declined');
    dispatch({ type: 'remoteHangup' });
  }, [endCallBack]);

  const decline = useCallback(() => {
    hungUpHere.current = true;
    dispatch({ type: 'hangup' });
    dispatch({ type: 'close' });
    void adapterRef.current?.decline().catch(() => undefined);
  }, []);

  const hangup = useCallback(() => {
    hungUpHere.current = true;
    dispatch({ type: 'hangup' });
    // A call back still ringing on the traveller's side is withdrawn; there is no SIP call yet.
    if (pending.current) return endCallBack(true);
    void adapterRef.current?.hangup().catch(() => undefined);
  }, [endCallBack]);

  const close = useCallback(() => {
    setError(null);
    dispatch({ type: 'close' });
  }, []);

  const { toggleHold, toggleMute } = useCallActions(adapterRef, session, dispatch);

  return { line: line.status, session, direction, error, answer, decline, callBack, callBackDeclined, hangup, close, toggleHold, toggleMute };
}
