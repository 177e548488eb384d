/**
 * The signed-in traveller's chat screen (accounts-and-comms §2 'Chat'): the socket, the chat list, the open chat's
 * conversation, the composer, the notifications panel and a call back offer. Its own chunk (issue 33): a signed-out
 * visitor of /chat sees only the sign-in prompt and opens no socket, so socket.io and the rest load after sign-in.
 */
import { useEffect, useMemo, useState } from 'react';
import { useAtomValue } from 'jotai';
import { appConfigAtom, routeAtom, useHost, webCallsAtom } from '@tours/shared/core';
import { Button, ErrorState, Skeleton } from '@tours/shared/kit';
import { fetchSupportChat } from '../common/chat/api';
import { CallBackOffer } from './CallBackOffer';
import { ChatList } from '../common/chat/ChatList';
import { Composer } from '../common/chat/Composer';
import { MessageList } from '../common/chat/MessageList';
import { NotificationsPanel } from './NotificationsPanel';
import { useChatConnection, useConnectionStatus, useRoom, useUnreadCount } from '../common/chat/useChat';
import { travellerCalls } from '../common/chat/room';
import type { ChatConnection } from '../common/chat/socket';
import { useT } from '../../i18n/t';

/** The route's chat id, or null for '/chat' (then the support chat). */
function routeChatId(raw: string | undefined): number | null {
  return raw && /^\d{1,10}$/.test(raw) ? Number(raw) : null;
}

export default function ChatScreen({ token }: { token: string }) {
  const host = useHost();
  const route = useAtomValue(routeAtom);
  const config = useAtomValue(appConfigAtom);
  const connection = useChatConnection(token);
  const [, setUnread] = useUnreadCount(connection);
  const rawId = route?.params.id;
  const fromRoute = routeChatId(rawId);
  const badId = Boolean(rawId) && fromRoute === null;
  const [supportId, setSupportId] = useState<number | null>(null);
  const [supportFailed, setSupportFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const chatId = fromRoute ?? supportId;

  // '/chat/abc': no chat has that id.
  useEffect(() => {
    if (badId) host.emit('page:error', { status: 404 });
  }, [badId, host]);

  // '/chat' alone: the support chat of this site (1, or 12 for the Chinese site).
  useEffect(() => {
    if (badId || fromRoute !== null || supportId !== null) return;
    const controller = new AbortController();
    fetchSupportChat(host.api, config.variant === 'china' ? 12 : 1, controller.signal).then((a) => setSupportId(a.id), () => !controller.signal.aborted && setSupportFailed(true));
    return () => controller.abort();
  }, [badId, fromRoute, supportId, host.api, config.variant, attempt]);

  return (
    <>
      <CallBackOffer connection={connection} />
      <div className="chat-layout">
        <ChatList connection={connection} currentId={chatId} />
        {chatId !== null ? (
          <ChatView key={chatId} token={token} connection={connection} chatId={chatId} onUnreadCount={setUnread} />
        ) : supportFailed ? (
          <ErrorState
            onRetry={() => {
              setSupportFailed(false);
              setAttempt((n) => n + 1);
            }}
          />
        ) : (
          <Skeleton height={240} />
        )}
      </div>
    </>
  );
}

function ChatView({ token, connection, chatId, onUnreadCount }: { token: string; connection: ChatConnection | null; chatId: number; onUnreadCount: (count: number) => void }) {
  const t = useT();
  const host = useHost();
  const status = useConnectionStatus(connection);
  const calls = useMemo(() => travellerCalls(host.api), [host.api]);
  const { room, snapshot } = useRoom(connection, chatId, calls, onUnreadCount);
  // An organizer's chat can be a call (accounts-and-comms §2 'Internet call'): the site allows calls to organizers
  // (webCalls.canCallToOrganizer) and the registrar works now (web-call-settings, read by the host).
  const siteAllowsCalls = useAtomValue(appConfigAtom).webCalls.canCallToOrganizer;
  const callsNow = useAtomValue(webCallsAtom);
  const callsAllowed = siteAllowsCalls && callsNow?.can_call_to_organizer === true;

  // A chat that is not the traveller's (or no longer exists) is the 404 page.
  const notFound = snapshot?.phase === 'error' && snapshot.error?.status === 404;
  useEffect(() => {
    if (notFound) host.emit('page:error', { status: 404 });
  }, [notFound, host]);

  if (!room || !snapshot || snapshot.phase === 'loading' || notFound) {
    return (
      <div className="chat-view" aria-busy="true">
        <Skeleton height={240} />
      </div>
    );
  }
  if (snapshot.phase === 'error' || !snapshot.chat) return <ErrorState onRetry={() => void room.load()} />;
  const chat = snapshot.chat;
  return (
    <div className="chat-view">
      <div className="chat-view__head">
        <h2 className="chat-view__title">{chat.title}</h2>
        {callsAllowed && chat.kind === 'organizer' && chat.organizer && !chat.is_frozen && (
          <Button
            variant="secondary"
            size="sm"
            aria-haspopup="dialog"
            onClick={() => host.openModal('comms/call', { organizerId: chat.organizer!.id, calleeName: chat.organizer!.name, chatId: chat.id })}
          >
            {t('chat.callOrganizer')}
          </Button>
        )}
      </div>
      {status !== 'online' && (
        <p className="chat-view__status" role="status">{t(status === 'connecting' ? 'chat.status.connecting' : 'chat.status.offline')}</p>
      )}
      <MessageList
        title={chat.title}
        token={token}
        messages={snapshot.messages}
        loadingOlder={snapshot.loadingOlder}
        onOlder={() => void room.loadOlder()}
        onRetry={(id) => room.retry(id)}
        queueWait={snapshot.queueWait}
        onSendNow={() => room.sendNow()}
        onDiscard={(id) => room.discard(id)}
        fileNameOf={(id) => room.fileNameOf(id)}
      />
      <Composer frozen={chat.is_frozen} freezeReason={chat.freeze_reason} onSend={(text, file) => room.send(text, file)} />
      <NotificationsPanel chatId={chat.id} enabled={chat.notifications_enabled} onChange={(enabled) => room.updateChat({ notifications_enabled: enabled })} />
    </div>
  );
}
