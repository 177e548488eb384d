import type { Atom, WritableAtom } from 'jotai';
import { appConfigAtom, sessionAtom } from '@tours/shared/core';
import type { HostStore } from '@tours/shared/contract';
import { SupportChatAnswer, WebCallSettingsAnswer, type ApiClient } from '@tours/shared/api';
import { supportChatIdAtom, webCallsAtom } from '../state/host-atoms';

type Settable<T> = WritableAtom<T, [T], void> & Atom<T>;

/**
 * What the layout asks the API once a session starts, and forgets when it ends (§8: a failure is logged and the
 * default — nothing — is kept). `ask` answers the value for the atom; an answer that arrives after the session
 * changed again is dropped.
 */
function wireSessionLookup<T>(store: HostStore, target: Settable<T | null>, ask: () => Promise<T>, label: string): () => void {
  let asked = 0;
  let token: string | null = null;
  const update = () => {
    const next = store.get(sessionAtom)?.token ?? null;
    if (next === token) return;
    token = next;
    const mine = ++asked;
    if (!next) {
      store.set(target, null);
      return;
    }
    ask().then(
      (value) => mine === asked && store.set(target, value),
      (error: unknown) => {
        console.warn(`[${label}]`, error);
        if (mine === asked) store.set(target, null);
      },
    );
  };
  const unsubscribe = store.sub(sessionAtom, update);
  update();
  return unsubscribe;
}

/**
 * The traveller's support chat id (accounts-and-comms §2 'Chat': the support bubble shows 'Go to Live Chat' only when
 * it exists; site 12 on the Chinese site, else 1) and whether internet calls work now (§2 'Internet call': 'Call via
 * internet' only when a registrar is there and support calls are allowed).
 */
export function wireSessionLookups(store: HostStore, api: ApiClient): () => void {
  const siteId = () => (store.get(appConfigAtom).variant === 'china' ? 12 : 1);
  const offChat = wireSessionLookup(store, supportChatIdAtom, () => api.get('/crm/api/chat/get-chat-with-support', { schema: SupportChatAnswer, query: { site_id: siteId() } }).then((a) => a.id), 'support chat');
  const offCalls = wireSessionLookup(store, webCallsAtom, () => api.get('/crm/api/phone-code/web-call-settings', { schema: WebCallSettingsAnswer }), 'web calls');
  return () => {
    offChat();
    offCalls();
  };
}
