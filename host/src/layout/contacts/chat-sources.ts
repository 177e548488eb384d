import { startTransition, useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { sessionAtom, useHost } from '@tours/shared/core';
import { COOKIES, type HostStore } from '@tours/shared/contract';
import { ChatSourcesAnswer } from '@tours/shared/api';
import { readCookie } from '../../state/cookies';
import { logLoadFailure } from '../log';
import { chatSourcesAtom } from '../state';

/** Per store: whom the links in chatSourcesAtom were asked for (client, last request, subscriber). */
const askedFor = new WeakMap<HostStore, string>();

/**
 * The messenger links for the visitor (GET /spa/chat-sources-list: tied to the client, the last request and the
 * subscriber when known), asked for by what shows them (the support panel, the error page) when it appears, and again
 * when the visitor they are for has changed since (signed in, sent a request). Every page asked for them on load,
 * for a panel that is closed (issue 33).
 */
export function useChatSources(): void {
  const host = useHost();
  const clientId = useAtomValue(sessionAtom)?.profile.id;
  useEffect(() => {
    const { api, store } = host;
    const query = {
      client_id: clientId,
      request_id: readCookie(COOKIES.lastRequestId.name) ?? undefined,
      subscriber_id: readCookie(COOKIES.subscriberId.name) ?? undefined,
    };
    const key = JSON.stringify(query);
    if (askedFor.get(store) === key) return;
    askedFor.set(store, key);
    api.get('/spa/chat-sources-list', { schema: ChatSourcesAnswer, query }).then(
      (sources) => startTransition(() => store.set(chatSourcesAtom, sources)),
      (error: unknown) => {
        // Asked again the next time they are shown.
        if (askedFor.get(store) === key) askedFor.delete(store);
        logLoadFailure('messenger links', error);
      },
    );
  }, [host, clientId]);
}
