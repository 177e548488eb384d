import { useEffect, useLayoutEffect, useMemo, useRef, type MouseEvent, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { ChatMessage } from '@tours/shared/api';
import { useHost } from '@tours/shared/core';
import { Button, useMediaViewer } from '@tours/shared/kit';
import { attachmentStatusName } from './attachments';
import { createPictureCache, downloadFile, isPicture, type PictureCache } from './files';
import { linkify } from './links';
import { isReadByOther, pendingLabel, type MessagesState, type Outgoing, type QueueWait } from './messages';
import { PictureAttachment } from './PictureAttachment';
import { useT } from '../../../i18n/t';

/** A message's text: plain text and safe http(s) links (links.ts), never HTML. */
function MessageText({ text }: { text: string }) {
  return (
    <p className="chat-msg__text">
      {linkify(text).map((s, i) =>
        s.kind === 'link' ? (
          <a key={i} href={s.href} target="_blank" rel="noopener noreferrer nofollow ugc">
            {s.text}
          </a>
        ) : (
          <span key={i}>{s.text}</span>
        ),
      )}
    </p>
  );
}

/** What a conversation's pictures need: their cache and the viewer that opens one full size. */
interface Pictures {
  cache: PictureCache;
  open: (src: string, name: string) => void;
}

function Attachment({ message, token, pictures }: { message: ChatMessage; token: string; pictures: Pictures }) {
  const intl = useIntl();
  const host = useHost();
  const file = message.file;
  if (!file) return null;
  const status = message.attachment_status ?? 3;
  if (status === 3) {
    // A plain link would not carry the reader's token (files are private): fetched with it, then downloaded.
    const open = (e: MouseEvent<HTMLAnchorElement>) => {
      e.preventDefault();
      downloadFile(file.url, file.name, token).catch(() => host.toast({ kind: 'error', messageId: 'chat.file.failed' }));
    };
    const link = (
      <p className="chat-msg__file">
        <a href={file.url} download={file.name} onClick={open}>
          {file.name}
        </a>
      </p>
    );
    if (!isPicture(file.type)) return link;
    return <PictureAttachment file={file} pictures={pictures.cache} onOpen={(src) => pictures.open(src, file.name)} link={link} />;
  }
  return (
    <p className="chat-msg__file" data-status={attachmentStatusName(status)}>
      {file.name} — {intl.formatMessage({ id: `chat.attachment.${attachmentStatusName(status)}` })}
    </p>
  );
}

function Item({ message, read, token, pictures, actions, namedOwn }: { message: ChatMessage; read: boolean; token: string; pictures: Pictures; actions?: ReactNode; namedOwn?: boolean }) {
  const intl = useIntl();
  const t = useT();
  const mine = message.direction === 'output';
  const time = intl.formatTime(message.created_at, { hour: '2-digit', minute: '2-digit' });
  return (
    <li className={`chat-msg chat-msg--${message.direction}`} data-testid={`message-${message.id}`}>
      <p className="chat-msg__author">{mine && !namedOwn ? t('chat.message.you') : message.sender_name}</p>
      {message.is_deleted ? (
        <p className="chat-msg__text chat-msg__text--deleted">{t('chat.message.deleted')}</p>
      ) : (
        <>
          {message.text && <MessageText text={message.text} />}
          {message.is_moderated && <p className="chat-msg__note">{t(message.text ? 'chat.message.moderated' : 'chat.message.hidden')}</p>}
          <Attachment message={message} token={token} pictures={pictures} />
        </>
      )}
      <p className="chat-msg__meta">
        <time dateTime={message.created_at}>{time}</time>
        {message.edited_at && !message.is_deleted && <span> · {t('chat.message.edited')}</span>}
        {mine && <span> · {t(read ? 'chat.message.read' : 'chat.message.sent')}</span>}
      </p>
      {actions}
    </li>
  );
}

function Pending({ outgoing, wait, fileName, onRetry, onDiscard, onSendNow }: { outgoing: Outgoing; wait: QueueWait; fileName?: string; onRetry: () => void; onDiscard: () => void; onSendNow: () => void }) {
  const t = useT();
  const label = pendingLabel(outgoing.status, wait);
  return (
    <li className={`chat-msg chat-msg--output chat-msg--${outgoing.status}`} data-state={label}>
      <p className="chat-msg__author">{t('chat.message.you')}</p>
      {outgoing.text && <MessageText text={outgoing.text} />}
      {fileName && <p className="chat-msg__file">{fileName}</p>}
      <p className="chat-msg__meta">
        <span>{t(`chat.message.${label}`)}</span>
        {label === 'retrying' && (
          <>
            {' '}
            <Button variant="link" size="sm" onClick={onSendNow}>{t('chat.message.sendNow')}</Button>
          </>
        )}
        {outgoing.status === 'failed' && (
          <>
            {' '}
            <Button variant="link" size="sm" onClick={onRetry}>{t('chat.message.retry')}</Button>{' '}
            <Button variant="link" size="sm" onClick={onDiscard}>{t('chat.message.discard')}</Button>
          </>
        )}
      </p>
    </li>
  );
}

export interface MessageListProps {
  title: string;
  /** The reader's token: attachments are fetched with it. */
  token: string;
  messages: MessagesState<ChatMessage>;
  loadingOlder: boolean;
  onOlder: () => void;
  onRetry: (clientId: string) => void;
  onDiscard: (clientId: string) => void;
  /** What the queued messages wait for (their label), and 'Send now' on those waiting for their next try. */
  queueWait: QueueWait;
  onSendNow: () => void;
  fileNameOf: (clientId: string) => string | undefined;
  /** Tools of a message (the agent console's edit, moderate, delete). */
  actions?: (message: ChatMessage) => ReactNode;
  /** Name the reader's side by its author (several staff members write in one chat) instead of 'You'. */
  namedOwn?: boolean;
}

/**
 * The conversation: a live region (role="log", polite) so a screen reader hears new messages without losing its
 * place; it scrolls to the newest when the reader was already at the bottom (or wrote the message).
 */
export function MessageList({ title, token, messages, loadingOlder, onOlder, onRetry, onDiscard, queueWait, onSendNow, fileNameOf, actions, namedOwn }: MessageListProps) {
  const intl = useIntl();
  const ref = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const count = messages.items.length + messages.outgoing.length;
  // The conversation's pictures: fetched once each, released with the conversation (or the reader's token).
  const cache = useMemo(() => createPictureCache(token), [token]);
  useEffect(() => () => cache.release(), [cache]);
  const viewer = useMediaViewer();
  const pictures: Pictures = {
    cache,
    open: (src, name) => viewer.open([{ image: src, alt: intl.formatMessage({ id: 'chat.picture.alt' }, { name }) }]),
  };

  useLayoutEffect(() => {
    const el = ref.current;
    if (el && atBottom.current) el.scrollTop = el.scrollHeight;
  }, [count, messages.outgoing]);

  // A log that grows (a message added, sent, read, edited) pushes the composer below it down: while the reader is
  // typing there, the composer stays in view, Send included (on a phone the browser keeps only the field in view).
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver !== 'function') return undefined;
    const keepComposer = () => {
      // The form being typed in, when it comes after this log in the page (the composer).
      const form = document.activeElement instanceof HTMLElement ? document.activeElement.closest('form') : null;
      if (form && el.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING) form.scrollIntoView?.({ block: 'nearest' });
    };
    const observer = new ResizeObserver(keepComposer);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const onScroll = () => {
      atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
    };
    el.addEventListener('scroll', onScroll);
    return () => el.removeEventListener('scroll', onScroll);
  }, []);

  return (
    <div className="chat-log-wrap">
      {messages.hasOlder && messages.items.length > 0 && (
        <Button variant="link" size="sm" className="chat-log__older" loading={loadingOlder} onClick={onOlder}>
          {intl.formatMessage({ id: 'chat.log.older' })}
        </Button>
      )}
      {/* Focusable so keyboard users can scroll the conversation. */}
      <div ref={ref} className="chat-log" role="log" aria-live="polite" aria-label={intl.formatMessage({ id: 'chat.log.label' }, { title })} tabIndex={0}>
        {count === 0 ? (
          <p className="chat-log__empty">{intl.formatMessage({ id: 'chat.log.empty' })}</p>
        ) : (
          <ol className="chat-log__list">
            {messages.items.map((m) => (
              <Item key={m.id} message={m} read={m.direction === 'output' && isReadByOther(messages, m, m.is_read)} token={token} pictures={pictures} actions={actions?.(m)} namedOwn={namedOwn} />
            ))}
            {messages.outgoing.map((o) => (
              <Pending
                key={o.clientId}
                outgoing={o}
                wait={queueWait}
                fileName={fileNameOf(o.clientId)}
                onRetry={() => onRetry(o.clientId)}
                onDiscard={() => onDiscard(o.clientId)}
                onSendNow={onSendNow}
              />
            ))}
          </ol>
        )}
      </div>
      {viewer.element}
    </div>
  );
}
