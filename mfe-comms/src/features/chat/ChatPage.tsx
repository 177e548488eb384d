import { Suspense, lazy } from 'react';
import { useAtomValue } from 'jotai';
import { useIntl } from 'react-intl';
import { sessionAtom, useHost } from '@tours/shared/core';
import { Button, PageHeader, Skeleton } from '@tours/shared/kit';
import '../common/chat/chat.css';

// Issue 33: a signed-out visitor sees only the sign-in prompt and opens no socket, so the signed-in screen (socket.io,
// the room, the lists, the composer: ~60 KB raw) is its own chunk, fetched once there is a session; a click on
// 'Sign in' starts fetching it while the visitor signs in.
const loadChatScreen = () => import(/* webpackChunkName: "chat-screen" */ './ChatScreen');
const ChatScreen = lazy(loadChatScreen);

/**
 * Live chat (accounts-and-comms §2 'Chat', route 'chat-index' {id}): the traveller's chats, the open one's
 * conversation, the composer and the messenger notifications (ChatScreen). Without an id it opens the support chat of
 * this site. Signed-out visitors are asked to log in.
 */
export default function ChatPage() {
  const intl = useIntl();
  const host = useHost();
  const session = useAtomValue(sessionAtom);
  const title = intl.formatMessage({ id: 'page.chat-index.title' });

  return (
    <section className="chat-page">
      <PageHeader title={title} breadcrumbs={[{ url: host.href('index'), text: intl.formatMessage({ id: 'common.home' }) }, { text: title }]} />
      {session ? (
        // Until the screen's chunk is here: its layout with the conversation's skeleton, as it first draws itself.
        <Suspense
          fallback={
            <div className="chat-layout" aria-busy="true">
              <div className="chat-list" />
              <Skeleton height={240} />
            </div>
          }
        >
          <ChatScreen token={session.token} />
        </Suspense>
      ) : (
        <div className="chat-signin">
          <p>{intl.formatMessage({ id: 'chat.signIn.text' })}</p>
          <Button
            onClick={() => {
              void loadChatScreen().catch(() => undefined);
              host.openModal('account/login', { reason: 'login-required' });
            }}
          >
            {intl.formatMessage({ id: 'chat.signIn.button' })}
          </Button>
        </div>
      )}
    </section>
  );
}
