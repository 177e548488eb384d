import { useEffect, useRef, useState } from 'react';
import type { Chat, ChatListAnswer } from '@tours/shared/api';
import { useHost } from '@tours/shared/core';
import { Button, Link } from '@tours/shared/kit';
import { fetchChats } from './api';
import type { ChatConnection } from './socket';
import { useT } from '../../../i18n/t';

/** Newest first by the time of the last change (as the API lists them). */
function upsertChat(chats: readonly Chat[], chat: Chat): Chat[] {
  const rest = chats.filter((c) => c.id !== chat.id);
  return [...rest, chat].sort((a, b) => (a.updated_at < b.updated_at ? 1 : a.updated_at > b.updated_at ? -1 : b.id - a.id));
}

export interface ChatListProps {
  connection: ChatConnection | null;
  currentId: number | null;
  /** A page of chats: the traveller's chat/list by default (the agent console gives agent/chats). */
  load?: (offset: number) => Promise<ChatListAnswer>;
  /** Chats chosen in place (buttons) instead of by route (links to chat-index). */
  onSelect?: (id: number) => void;
  /** Whose chat_is_read clears the list's unread counts: the reader's own side. */
  reader?: 'tourist' | 'staff';
}

/**
 * The reader's chats (20 at a time, §5), kept current by the chat events: a new chat appears, an updated one moves
 * up, a new message shows as its preview and unread count.
 */
export function ChatList({ connection, currentId, load: loadPage, onSelect, reader = 'tourist' }: ChatListProps) {
  const t = useT();
  const host = useHost();
  const [chats, setChats] = useState<Chat[]>([]);
  const [total, setTotal] = useState(0);
  const [busy, setBusy] = useState(false);
  // The open chat, read by the event handlers (its messages are read as they come: no unread bump for it).
  const open = useRef(currentId);
  open.current = currentId;

  const load = (offset: number) => {
    setBusy(true);
    return (loadPage ? loadPage(offset) : fetchChats(host.api, { offset }))
      .then((a) => {
        setChats((list) => a.data.reduce(upsertChat, offset === 0 ? [] : list));
        setTotal(a.total);
      }, () => undefined)
      .finally(() => setBusy(false));
  };

  useEffect(() => {
    if (!connection) return;
    void load(0);
    const offs = [
      connection.onStatus((s, reconnected) => reconnected && s === 'online' && void load(0)),
      connection.on('chat_created', (p) => setChats((l) => upsertChat(l, p.chat))),
      connection.on('chat_was_updated', (p) => setChats((l) => upsertChat(l, p.chat))),
      connection.on('new_message', (p) =>
        setChats((l) => {
          const chat = l.find((c) => c.id === p.chat_id);
          if (!chat) return l;
          const unread = p.message.direction === 'input' && p.chat_id !== open.current ? chat.unread_count + 1 : chat.unread_count;
          return upsertChat(l, { ...chat, last_message: p.message, unread_count: unread, updated_at: p.message.created_at > chat.updated_at ? p.message.created_at : chat.updated_at });
        }),
      ),
      // An edit, a moderation or a deletion of a chat's last message changes its preview too (a deleted or
      // moderated text must not linger there).
      ...(['message_was_edit', 'message_was_moderated', 'message_was_deleted'] as const).map((event) =>
        connection.on(event, (p) => setChats((l) => l.map((c) => (c.id === p.chat_id && c.last_message?.id === p.message.id ? { ...c, last_message: p.message } : c)))),
      ),
      connection.on('chat_is_read', (p) => p.reader === reader && setChats((l) => l.map((c) => (c.id === p.chat_id ? { ...c, unread_count: 0 } : c)))),
    ];
    return () => offs.forEach((off) => off());
    // load is recreated each render; the list follows the connection only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [connection, reader]);

  return (
    <nav className="chat-list" aria-label={t('chat.list.label')}>
      {chats.length === 0 && !busy ? (
        <p className="chat-list__empty">{t('chat.list.empty')}</p>
      ) : (
        <ul className="chat-list__items">
          {chats.map((c) => (
            <li key={c.id}>
              {onSelect ? (
                <button type="button" className="chat-list__link" aria-current={c.id === currentId ? 'true' : undefined} onClick={() => onSelect(c.id)}>
                  <ChatSummary chat={c} />
                </button>
              ) : (
                <Link className="chat-list__link" href={host.href('chat-index', { id: c.id })} aria-current={c.id === currentId ? 'page' : undefined}>
                  <ChatSummary chat={c} />
                </Link>
              )}
            </li>
          ))}
        </ul>
      )}
      {chats.length < total && (
        <Button variant="link" size="sm" loading={busy} onClick={() => void load(chats.length)}>
          {t('chat.list.more')}
        </Button>
      )}
    </nav>
  );
}

function ChatSummary({ chat: c }: { chat: Chat }) {
  const t = useT();
  return (
    <>
      <span className="chat-list__title">{c.traveller ? `${c.traveller.name} · ${c.title}` : c.title}</span>
      {c.last_message && <span className="chat-list__preview">{c.last_message.is_deleted ? t('chat.message.deleted') : c.last_message.text || c.last_message.file?.name}</span>}
      {c.unread_count > 0 && <span className="chat-list__badge">{t('chat.list.unread', { count: c.unread_count })}</span>}
      {c.is_frozen && <span className="chat-list__frozen">{t('chat.list.frozen')}</span>}
    </>
  );
}
