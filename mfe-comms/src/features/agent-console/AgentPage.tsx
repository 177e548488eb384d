import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { ApiError, useHost } from '@tours/shared/core';
import type { AgentAuthAnswer, BookingRequest, Chat, ChatMessage } from '@tours/shared/api';
import { Button, ErrorState, PageHeader, Skeleton, TextField } from '@tours/shared/kit';
import { ChatList } from '../common/chat/ChatList';
import { Composer } from '../common/chat/Composer';
import { MessageList } from '../common/chat/MessageList';
import type { ChatRoom } from '../common/chat/room';
import type { ChatConnection } from '../common/chat/socket';
import { useChatConnection, useConnectionStatus, useRoom } from '../common/chat/useChat';
import { adminLogout, agentCallBack, agentCalls, agentChats, agentLogout, agentProfile, agentSignIn, agentWebCallData, deleteMessage, editMessage, freezeChat, moderateMessage, requestsForChat } from './api';
import { CallLine, type CallBackTarget } from './CallLine';
import { readStaffSession, writeStaffSession } from './staff-session';
import '../common/chat/chat.css';
import './agent.css';
import { useT } from '../../i18n/t';

const storage = () => (typeof window === 'undefined' ? undefined : window.sessionStorage);

/**
 * The agent console (issue 15): support and organizer staff sign in with a seeded staff account, see the chats they
 * serve with unread counts and the requests linked to the open one, reply, edit, moderate and delete messages,
 * freeze or reopen a chat, and answer the calls to their line (CallLine). Its own route of mfe-comms ('agent-console',
 * /agent), not linked from the public site.
 */
export default function AgentPage() {
  const intl = useIntl();
  const host = useHost();
  const title = intl.formatMessage({ id: 'agent.title' });
  const [session, setSession] = useState<AgentAuthAnswer | null>(() => readStaffSession(storage()));

  const signIn = (s: AgentAuthAnswer | null) => {
    writeStaffSession(storage(), s);
    setSession(s);
  };

  // A stored token may have ended (logout elsewhere, expiry): check it once.
  useEffect(() => {
    if (!session) return;
    const controller = new AbortController();
    agentProfile(host.api, session.token, controller.signal).catch((e: unknown) => {
      if (e instanceof ApiError && e.status === 401) {
        // The token ended: the tour pages' admin cookies go with it.
        void adminLogout(host.api).catch(() => undefined);
        signIn(null);
      }
    });
    return () => controller.abort();
    // Only the token matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [session?.token, host.api]);

  return (
    <section className="agent-page">
      <PageHeader title={title} />
      {session ? (
        <AgentConsole
          session={session}
          onSignOut={() => {
            void agentLogout(host.api, session.token).catch(() => undefined);
            signIn(null);
          }}
        />
      ) : (
        <AgentSignIn onSignedIn={signIn} />
      )}
    </section>
  );
}

function AgentSignIn({ onSignedIn }: { onSignedIn: (s: AgentAuthAnswer) => void }) {
  const t = useT();
  const host = useHost();
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ login?: string; password?: string }>({});
  const [busy, setBusy] = useState(false);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const required = t('forms.validation.required');
    const missing = { login: login.trim() ? undefined : required, password: password ? undefined : required };
    setErrors(missing);
    if (missing.login || missing.password) return;
    setBusy(true);
    agentSignIn(host.api, { login: login.trim(), password })
      .then(onSignedIn, (error: unknown) => {
        if (error instanceof ApiError && Object.keys(error.fieldErrors).length) setErrors(error.fieldErrors);
        else host.toast({ kind: 'error', text: error instanceof Error ? error.message : 'Error' });
      })
      .finally(() => setBusy(false));
  };

  return (
    <form className="agent-signin" onSubmit={submit} noValidate aria-labelledby="agent-signin-title">
      <h2 id="agent-signin-title">{t('agent.signIn.title')}</h2>
      <TextField label={t('agent.signIn.login')} type="email" autoComplete="username" value={login} onChange={(e) => setLogin(e.target.value)} error={errors.login} required />
      <TextField label={t('agent.signIn.password')} type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} error={errors.password} required />
      <Button type="submit" loading={busy}>{t('agent.signIn.submit')}</Button>
    </form>
  );
}

function AgentConsole({ session, onSignOut }: { session: AgentAuthAnswer; onSignOut: () => void }) {
  const t = useT();
  const host = useHost();
  const connection = useChatConnection(session.token);
  const [chatId, setChatId] = useState<number | null>(null);
  // The travellers the console knows from its chats, by id: how it names a caller (CallLine).
  const travellers = useRef(new Map<number, string>()).current;
  const load = useMemo(() => (offset: number) => agentChats(host.api, session.token, offset).then((answer) => {
    for (const c of answer.data) if (c.traveller) travellers.set(c.traveller.id, c.traveller.name);
    return answer;
  }), [host.api, session.token, travellers]);
  const lineCredentials = useMemo(() => () => agentWebCallData(host.api, session.token), [host.api, session.token]);
  // The open chat's traveller, as its view loaded them: they can be called back (docs/decisions.md 'Calls back to
  // travellers'), unless the chat is frozen.
  const [open, setOpen] = useState<{ chatId: number; travellerId: number; name: string } | null>(null);
  const onChatShown = useCallback((chat: Chat) => {
    if (chat.traveller) travellers.set(chat.traveller.id, chat.traveller.name);
    setOpen(chat.traveller && !chat.is_frozen ? { chatId: chat.id, travellerId: chat.traveller.id, name: chat.traveller.name } : null);
  }, [travellers]);
  const callBack = useMemo<CallBackTarget | null>(() => (open === null || open.chatId !== chatId ? null : {
    ...open,
    send: () => agentCallBack(host.api, session.token, open.chatId),
    withdraw: () => agentCallBack(host.api, session.token, open.chatId, true),
  }), [open, chatId, host.api, session.token]);

  return (
    <>
      <p className="agent-bar">
        <span>{t('agent.signedInAs', { name: session.staff.name })}</span>{' '}
        <Button variant="secondary" size="sm" onClick={onSignOut}>{t('agent.logout')}</Button>
      </p>
      <CallLine credentials={lineCredentials} travellers={travellers} callBack={callBack} connection={connection} />
      <div className="chat-layout">
        <ChatList connection={connection} currentId={chatId} load={load} onSelect={setChatId} reader="staff" />
        {chatId === null ? <p>{t('agent.choose')}</p> : <AgentChat key={chatId} token={session.token} connection={connection} chatId={chatId} onShown={onChatShown} />}
      </div>
    </>
  );
}

const noop = () => undefined;

function AgentChat({ token, connection, chatId, onShown }: { token: string; connection: ChatConnection | null; chatId: number; onShown: (chat: Chat) => void }) {
  const t = useT();
  const host = useHost();
  const status = useConnectionStatus(connection);
  const calls = useMemo(() => agentCalls(host.api, token), [host.api, token]);
  const { room, snapshot } = useRoom(connection, chatId, calls, noop);
  const shown = snapshot?.chat;
  useEffect(() => {
    if (shown) onShown(shown);
  }, [shown, onShown]);

  if (!room || !snapshot || snapshot.phase === 'loading') return <Skeleton height={240} />;
  if (snapshot.phase === 'error' || !snapshot.chat) return <ErrorState onRetry={() => void room.load()} />;
  const chat = snapshot.chat;
  return (
    <div className="chat-view">
      <h2 className="chat-view__title">{chat.traveller ? `${chat.traveller.name} · ${chat.title}` : chat.title}</h2>
      {status !== 'online' && <p className="chat-view__status" role="status">{t(status === 'connecting' ? 'chat.status.connecting' : 'chat.status.offline')}</p>}
      <MessageList
        title={chat.traveller?.name ?? chat.title}
        token={token}
        namedOwn
        messages={snapshot.messages}
        loadingOlder={snapshot.loadingOlder}
        onOlder={() => void room.loadOlder()}
        onRetry={(id) => room.retry(id)}
        queueWait={snapshot.queueWait}
        onSendNow={() => room.sendNow()}
        onDiscard={(id) => room.discard(id)}
        fileNameOf={(id) => room.fileNameOf(id)}
        actions={(m) => <MessageTools token={token} room={room} message={m} />}
      />
      {/* Staff may write in a frozen chat, to explain it. */}
      <Composer frozen={false} freezeReason={null} allowFiles={false} onSend={(text) => room.send(text)} />
      <FreezeForm token={token} chat={chat} onChange={(c) => room.updateChat(c)} />
      <LinkedRequests token={token} chatId={chat.id} />
    </div>
  );
}

/** Edit (the staff side's own messages), moderate and delete, each answered at once and echoed by its event. */
function MessageTools({ token, room, message }: { token: string; room: ChatRoom; message: ChatMessage }) {
  const t = useT();
  const host = useHost();
  const id = useId();
  const [mode, setMode] = useState<'edit' | 'moderate' | null>(null);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  if (message.is_deleted) return null;

  const run = (call: Promise<{ data: ChatMessage }>) => {
    setBusy(true);
    call.then((a) => {
      room.apply(a.data);
      setMode(null);
    }, (e: Error) => host.toast({ kind: 'error', text: e.message })).finally(() => setBusy(false));
  };
  const open = (m: 'edit' | 'moderate') => {
    setText(message.text);
    setMode(m);
  };
  const save = (e: FormEvent) => {
    e.preventDefault();
    if (mode === 'edit') {
      if (!text.trim()) return;
      run(editMessage(host.api, token, { message_id: message.id, message: text.trim() }));
    } else run(moderateMessage(host.api, token, { message_id: message.id, text: text.trim() }));
  };

  if (mode) {
    return (
      <form className="agent-tools__form" onSubmit={save}>
        <label htmlFor={`${id}-text`} className="ui-field__label">{t(mode === 'edit' ? 'agent.tools.editLabel' : 'agent.tools.moderateLabel')}</label>
        <textarea id={`${id}-text`} className="ui-field__input" rows={2} value={text} onChange={(e) => setText(e.target.value)} autoFocus />
        <span className="agent-tools__row">
          <Button type="submit" size="sm" loading={busy}>{t('agent.tools.save')}</Button>
          <Button variant="secondary" size="sm" onClick={() => setMode(null)}>{t('agent.tools.cancel')}</Button>
        </span>
      </form>
    );
  }
  return (
    <span className="agent-tools" role="group" aria-label={t('agent.tools.label')}>
      {message.direction === 'output' && <Button variant="link" size="sm" onClick={() => open('edit')}>{t('agent.tools.edit')}</Button>}
      <Button variant="link" size="sm" onClick={() => open('moderate')}>{t('agent.tools.moderate')}</Button>
      <Button variant="link" size="sm" loading={busy} onClick={() => run(deleteMessage(host.api, token, message.id))}>{t('agent.tools.delete')}</Button>
    </span>
  );
}

function FreezeForm({ token, chat, onChange }: { token: string; chat: Chat; onChange: (chat: Chat) => void }) {
  const t = useT();
  const host = useHost();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const send = (isFrozen: boolean) => {
    if (isFrozen && !reason.trim()) {
      setError(t('forms.validation.required'));
      return;
    }
    setBusy(true);
    setError(undefined);
    freezeChat(host.api, token, { chat_id: chat.id, is_frozen: isFrozen, reason: isFrozen ? reason.trim() : '' })
      .then((a) => {
        onChange(a.data);
        setReason('');
      }, (e: unknown) => (e instanceof ApiError && e.fieldErrors.reason ? setError(e.fieldErrors.reason) : host.toast({ kind: 'error', text: (e as Error).message })))
      .finally(() => setBusy(false));
  };

  return (
    <section className="agent-freeze" aria-labelledby="agent-freeze-title">
      <h3 id="agent-freeze-title">{t('agent.freeze.title')}</h3>
      {chat.is_frozen ? (
        <p>
          {t('agent.freeze.frozen', { reason: chat.freeze_reason ?? '' })}{' '}
          <Button variant="secondary" size="sm" loading={busy} onClick={() => send(false)}>{t('agent.freeze.unfreeze')}</Button>
        </p>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            send(true);
          }}
          noValidate
        >
          <TextField label={t('agent.freeze.reason')} value={reason} onChange={(e) => setReason(e.target.value)} error={error} maxLength={500} required />
          <Button type="submit" variant="secondary" size="sm" loading={busy}>{t('agent.freeze.submit')}</Button>
        </form>
      )}
    </section>
  );
}

function LinkedRequests({ token, chatId }: { token: string; chatId: number }) {
  const t = useT();
  const host = useHost();
  const [requests, setRequests] = useState<BookingRequest[] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    requestsForChat(host.api, token, chatId, controller.signal).then((a) => setRequests(a.requests), () => setRequests([]));
    return () => controller.abort();
  }, [host.api, token, chatId]);

  return (
    <section className="agent-requests" aria-labelledby="agent-requests-title">
      <h3 id="agent-requests-title">{t('agent.requests.title')}</h3>
      {requests === null ? (
        <Skeleton height={40} />
      ) : requests.length === 0 ? (
        <p>{t('agent.requests.empty')}</p>
      ) : (
        <ul className="agent-requests__list">
          {requests.map((r) => (
            <li key={r.id}>
              <strong>{t('agent.requests.item', { id: r.id })}</strong>
              {r.tour && <span> · {r.tour.title}</span>}
              {r.dates.start && <span> · {r.dates.start}{r.dates.end && r.dates.end !== r.dates.start ? ` – ${r.dates.end}` : ''}</span>}
              <span> · {t(`agent.status.${r.status_name}`)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
