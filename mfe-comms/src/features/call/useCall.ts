/**
 * The call panel's controller: the §4 state machine (call-machine.ts) driven by the credentials call and the SIP
 * adapter. Events of a call that was replaced or left (a new start, the panel closed) are ignored.
 */
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useHost, type Session } from '@tours/shared/core';
import { callReducer, INITIAL_SESSION, isActive, type CalleeType } from '../common/call/call-machine';
import { CallImportError, isNotAllowedError, type CallAdapter, type CallAdapterFactory } from '../common/call/sip-adapter';
import { useCallActions } from '../common/call/useCallActions';
import { fetchWebCallData, type WebCallDataBody } from './api';

/** What went wrong, shown in the panel: the microphone refused, the call library not loaded, the credentials refused, the call failed. */
export type CallError = { kind: 'notAllowed' } | { kind: 'import' } | { kind: 'api'; message: string } | { kind: 'failed' } | { kind: 'unavailable' };

export interface CallTarget {
  calleeName: string;
  calleeType: CalleeType;
  body: WebCallDataBody;
}

/**
 * The SIP display name of the traveller: the rule the chat shows them by to staff (api/src/db/queries/chat.ts
 * travellerNames: last name, first name, else the login). The agent console prefers the chat's name (the server's).
 */
export function travellerDisplayName(profile: Pick<Session['profile'], 'first_name' | 'last_name' | 'email' | 'phone'> | null | undefined): string {
  if (!profile) return '';
  return [profile.last_name, profile.first_name].filter(Boolean).join(' ') || profile.email || profile.phone || '';
}

export function useCall(target: CallTarget, createAdapter: CallAdapterFactory, remoteAudio: () => HTMLAudioElement | null, now: () => number, displayName = '') {
  const host = useHost();
  const intl = useIntl();
  const [session, dispatch] = useReducer(callReducer, { ...INITIAL_SESSION, isOpen: true, calleeName: target.calleeName, calleeType: target.calleeType });
  const [error, setError] = useState<CallError | null>(null);
  const adapterRef = useRef<CallAdapter | null>(null);
  // Which call is current: a callback of an older one compares its number and does nothing.
  const generation = useRef(0);
  const hungUpHere = useRef(false);
  const targetRef = useRef(target);
  targetRef.current = target;

  /** Drops the current adapter (ending its call and connection) without waiting. */
  const release = useCallback(() => {
    const adapter = adapterRef.current;
    adapterRef.current = null;
    return adapter ? adapter.disconnect().catch(() => undefined) : Promise.resolve();
  }, []);

  const start = useCallback(async () => {
    const gen = ++generation.current;
    const current = () => gen === generation.current;
    hungUpHere.current = false;
    setError(null);
    dispatch({ type: 'start' });
    // Starting a new call disconnects one already connected (§4).
    await release();
    if (!current()) return;
    const fail = (e: CallError) => {
      setError(e);
      dispatch({ type: 'serverDisconnect' });
      void release();
    };

    let credentials;
    try {
      credentials = await fetchWebCallData(host.api, targetRef.current.body);
    } catch (e) {
      if (!current()) return;
      // §8: the API's error message as an error notification, 'Error' when it has none.
      const message = e instanceof Error && e.message ? e.message : intl.formatMessage({ id: 'call.error' });
      host.toast({ kind: 'error', text: message });
      fail({ kind: 'api', message });
      return;
    }
    if (!current()) return;

    const events = {
      onCreated: () => current() && dispatch({ type: 'created' }),
      onAnswered: () => current() && dispatch({ type: 'answered', now: now() }),
      onHold: (held: boolean) => current() && dispatch({ type: held ? 'hold' : 'unhold' }),
      onHangup: () => {
        if (!current()) return;
        dispatch({ type: hungUpHere.current ? 'hangup' : 'remoteHangup' });
        void release();
      },
      onServerDisconnect: () => {
        if (!current()) return;
        dispatch({ type: 'serverDisconnect' });
        void release();
      },
      // The hangup that follows ends the call; this says why.
      onRejected: () => current() && setError({ kind: 'unavailable' }),
    };
    let adapter: CallAdapter;
    try {
      adapter = await createAdapter(credentials, events, remoteAudio(), displayName ? { displayName } : undefined);
    } catch (e) {
      if (current()) fail(e instanceof CallImportError ? { kind: 'import' } : { kind: 'failed' });
      return;
    }
    if (!current()) {
      void adapter.disconnect().catch(() => undefined);
      return;
    }
    adapterRef.current = adapter;
    try {
      await adapter.start();
    } catch (e) {
      if (current()) fail(isNotAllowedError(e) ? { kind: 'notAllowed' } : { kind: 'failed' });
    }
  }, [createAdapter, displayName, host, intl, now, release, remoteAudio]);

  const hangup = useCallback(() => {
    hungUpHere.current = true;
    const adapter = adapterRef.current;
    dispatch({ type: 'hangup' });
    // The call is over for this panel whatever the server says next.
    generation.current++;
    adapterRef.current = null;
    if (adapter) void adapter.hangup().catch(() => undefined).then(() => adapter.disconnect()).catch(() => undefined);
  }, []);

  const { toggleHold, toggleMute } = useCallActions(adapterRef, session, dispatch);

  // The panel starts the call as it opens ('Call via internet' was the ask) and ends it as it closes.
  const startRef = useRef(start);
  startRef.current = start;
  useEffect(() => {
    const calls = generation;
    const adapters = adapterRef;
    void startRef.current();
    return () => {
      calls.current++;
      const adapter = adapters.current;
      adapters.current = null;
      if (adapter) void adapter.hangup().catch(() => undefined).then(() => adapter.disconnect()).catch(() => undefined);
    };
  }, []);

  return { session, error, start, hangup, toggleHold, toggleMute, active: isActive(session.status) };
}
