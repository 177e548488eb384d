import { appConfigAtom, sessionAtom } from '@tours/shared/core';
import type { HostStore } from '@tours/shared/contract';
import { SupportChatAnswer, type ApiClient } from '@tours/shared/api';
import { supportChatIdAtom } from '../state/host-atoms';

/**
 * The signed-in traveller's support chat id (accounts-and-comms §2 'Chat': the support bubble shows 'Go to Live Chat'
 * only when it exists): asked once a session starts (GET /crm/api/chat/get-chat-with-support, site 12 on the Chinese
 * site, else 1), cleared when it ends. A failure leaves the button out (§8: logged, defaults kept).
 */
export function wireSupportChat(store: HostStore, api: ApiClient): () => void {
  let asked = 0;
  let token: string | null = null;
  const update = () => {
    const next = store.get(sessionAtom)?.token ?? null;
    if (next === token) return;
    token = next;
    const mine = ++asked;
    if (!next) {
      store.set(supportChatIdAtom, null);
      return;
    }
    const siteId = store.get(appConfigAtom).variant === 'china' ? 12 : 1;
    api.get('/crm/api/chat/get-chat-with-support', { schema: SupportChatAnswer, query: { site_id: siteId } }).then(
      (answer) => mine === asked && store.set(supportChatIdAtom, answer.id),
      (error: unknown) => {
        console.warn('[support chat]', error);
        if (mine === asked) store.set(supportChatIdAtom, null);
      },
    );
  };
  const unsubscribe = store.sub(sessionAtom, update);
  update();
  return unsubscribe;
}
