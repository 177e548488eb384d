import { useEffect } from 'react';
import { useAtom, useAtomValue } from 'jotai';
import { useIntl } from 'react-intl';
import { routeAtom, sessionAtom, useHost } from '@tours/shared/core';
import { UnreadCountAnswer } from '@tours/shared/api';
import { Link } from '@tours/shared/kit';
import { ChatIcon } from '../contacts/icons';
import { chatUnreadAtom } from './chat-unread';
import './chat-badge.css';

/**
 * The header's link to the live chat with the traveller's unread count (issue 15), for signed-in travellers only.
 * The count is fetched when the session starts and again on leaving the chat; between, mfe-comms keeps it current
 * through 'chat:unread' on every page (its 'comms/unread' service, started after the page is interactive: issue 29).
 */
export function ChatBadge() {
  const intl = useIntl();
  const host = useHost();
  const session = useAtomValue(sessionAtom);
  const onChat = useAtomValue(routeAtom)?.name === 'chat-index';
  const [count, setCount] = useAtom(chatUnreadAtom);
  const token = session?.token ?? null;

  useEffect(() => {
    if (!token) {
      setCount(null);
      return;
    }
    if (onChat) return;
    const controller = new AbortController();
    host.api.get('/crm/api/chat/unread-count', { schema: UnreadCountAnswer, signal: controller.signal }).then((a) => setCount(a.count), () => undefined);
    return () => controller.abort();
  }, [token, onChat, host.api, setCount]);

  if (!token) return null;
  return (
    <Link className="lay-switch__button lay-chat" href={host.href('chat-index')} aria-current={onChat ? 'page' : undefined}>
      <ChatIcon />
      <span className="lay-chat__text">{intl.formatMessage({ id: 'page.chat-index.title' })}</span>
      {count !== null && count > 0 && <span className="lay-chat__badge">{count > 99 ? '99+' : count}</span>}
    </Link>
  );
}
