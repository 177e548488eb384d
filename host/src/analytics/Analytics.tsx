import { useEffect, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { appConfigAtom, routeAtom } from '@tours/shared/core';
import { COOKIES } from '@tours/shared/contract';
import { readCookie } from '../state/cookies';
import { cookiesPendingAtom } from '../layout/state';
import { consentGate, recordingAdapter } from './adapters';

type Gate = ReturnType<typeof consentGate>;

/**
 * Page views for the configured analytics ids (§3.8 `metrics`, issue 32), only after the cookie alert's 'Allow'
 * (§4.11): before it, nothing is loaded or sent. With no ids configured it does nothing at all.
 */
export function Analytics() {
  const { metrics } = useAtomValue(appConfigAtom);
  // The alert flips this when the choice is made; the cookie is the choice itself.
  const pending = useAtomValue(cookiesPendingAtom);
  const path = useAtomValue(routeAtom)?.path;
  const consent = !pending && readCookie(COOKIES.cookieAlert.name) === '1';
  const hasIds = Object.keys(metrics).length > 0;
  const [gate, setGate] = useState<Gate | null>(null);
  const sent = useRef<string | undefined>(undefined);

  useEffect(() => {
    if (!hasIds || !consent || gate) return;
    const g = consentGate(metrics, recordingAdapter());
    g.allow();
    setGate(g);
  }, [hasIds, consent, gate, metrics]);

  useEffect(() => {
    if (!gate || path === undefined || sent.current === path) return;
    sent.current = path;
    gate.track({ name: 'page_view', params: { path } });
  }, [gate, path]);

  return null;
}
