import { useEffect, useRef } from 'react';
import { useAtomValue, useStore } from 'jotai';
import { countryAtom, useHost } from '@tours/shared/core';
import { loadContacts, loadSiteData, resolveCountry } from './api';
import { countryResolvedAtom, serverLayoutAtom } from './state';

/**
 * Loads what the layout shows; every call may fail on its own without breaking the page (§8). The messenger links
 * are asked for by what shows them (contacts/chat-sources.ts), not by every page.
 */
export function useLayoutData(): void {
  const host = useHost();
  const countryId = useAtomValue(countryAtom)?.id;
  const countryResolved = useAtomValue(countryResolvedAtom);
  // The contacts the server inlined are for the country it found: only a later change of country asks again.
  const store = useStore();
  const inlinedContacts = useRef(store.get(serverLayoutAtom).contacts ? store.get(serverLayoutAtom).country?.id ?? null : undefined);

  useEffect(() => {
    void loadSiteData(host);
    void resolveCountry(host);
  }, [host]);

  useEffect(() => {
    if (!countryResolved) return;
    if (inlinedContacts.current !== undefined && inlinedContacts.current === (countryId ?? null)) {
      inlinedContacts.current = undefined;
      return;
    }
    inlinedContacts.current = undefined;
    void loadContacts(host, countryId);
  }, [host, countryId, countryResolved]);
}
