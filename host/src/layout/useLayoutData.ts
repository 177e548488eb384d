import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { countryAtom, sessionAtom, useHost } from '@tours/shared/core';
import { loadChatSources, loadContacts, loadSiteData, resolveCountry } from './api';
import { countryResolvedAtom } from './state';

/** Loads what the layout shows; every call may fail on its own without breaking the page (§8). */
export function useLayoutData(): void {
  const host = useHost();
  const countryId = useAtomValue(countryAtom)?.id;
  const countryResolved = useAtomValue(countryResolvedAtom);
  const clientId = useAtomValue(sessionAtom)?.profile.id;

  useEffect(() => {
    void loadSiteData(host);
    void resolveCountry(host);
  }, [host]);

  useEffect(() => {
    void loadChatSources(host);
  }, [host, clientId]);

  useEffect(() => {
    if (countryResolved) void loadContacts(host, countryId);
  }, [host, countryId, countryResolved]);
}
