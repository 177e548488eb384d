/**
 * The chat calls of the traveller's screen (accounts-and-comms §7 'Chat', §7 'File uploads'), on the host's client:
 * X-Authorization comes from the session, answers are checked against the shared schemas.
 */
import type { HostContext } from '@tours/shared/contract';
import {
  ChannelsListAnswer, ChatAnswer, ChatListAnswer, ConnectionCodeAnswer, DoneAnswer, MarkAsReadAnswer, MessageAnswer, MessagesAnswer, NotificationsAnswer,
  SupportChatAnswer, UnreadCountAnswer, UploadAnswer, CHAT_LIST_LIMIT, type ConnectionCodeBody,
} from '@tours/shared/api';

type Api = HostContext['api'];

/** GET /crm/api/chat/list: newest first, limit 20 and offset 0 by default (§5, §9). */
export function fetchChats(api: Api, o: { limit?: number; offset?: number; signal?: AbortSignal } = {}): Promise<ChatListAnswer> {
  return api.get('/crm/api/chat/list', { schema: ChatListAnswer, query: { limit: o.limit ?? CHAT_LIST_LIMIT, offset: o.offset ?? 0 }, signal: o.signal });
}

/** GET /crm/api/chat/get-chat. */
export function fetchChat(api: Api, chatId: number, signal?: AbortSignal): Promise<ChatAnswer> {
  return api.get('/crm/api/chat/get-chat', { schema: ChatAnswer, query: { chat_id: chatId }, signal });
}

/** GET /crm/api/chat/get-chat-with-support: the traveller's support chat of this site (made on the first ask). */
export function fetchSupportChat(api: Api, siteId: number, signal?: AbortSignal): Promise<SupportChatAnswer> {
  return api.get('/crm/api/chat/get-chat-with-support', { schema: SupportChatAnswer, query: { site_id: siteId }, signal });
}

/**
 * GET /crm/api/chat/get-messages: a page newest first by offset, or — after a reconnect — what came after a known
 * id, oldest first (`afterId`; offset is then ignored).
 */
export function fetchMessages(api: Api, o: { chatId: number; offset?: number; afterId?: number; signal?: AbortSignal }): Promise<MessagesAnswer> {
  return api.get('/crm/api/chat/get-messages', { schema: MessagesAnswer, query: { chat_id: o.chatId, offset: o.afterId === undefined ? o.offset ?? 0 : undefined, after_id: o.afterId }, signal: o.signal });
}

/** GET /crm/api/chat/unread-count: the header badge. */
export function fetchUnreadCount(api: Api, signal?: AbortSignal): Promise<UnreadCountAnswer> {
  return api.get('/crm/api/chat/unread-count', { schema: UnreadCountAnswer, signal });
}

/** POST /crm/api/chat/mark-as-read: answers the unread count left. */
export function markAsRead(api: Api, chatId: number): Promise<MarkAsReadAnswer> {
  return api.post('/crm/api/chat/mark-as-read', { chat_id: chatId }, { schema: MarkAsReadAnswer });
}

/**
 * POST /crm/api/chat/send-message (§3 'Outgoing message': chat_id, message, file_id). `client_id` is the message's
 * idempotency key: a resend after a dropped connection answers the message stored the first time.
 */
export function sendMessage(api: Api, body: { chat_id: number; message: string; file_id: number | null; client_id: string }): Promise<MessageAnswer> {
  return api.post('/crm/api/chat/send-message', body, { schema: MessageAnswer });
}

/** An upload may take longer than a call's usual 10 s (10 MB on a slow connection). */
const UPLOAD_TIMEOUT_MS = 120_000;

/** POST /crm/api/file/upload (captcha): a chat attachment, private (served to the traveller and the chat's staff). */
export function uploadFile(api: Api, file: File, signal?: AbortSignal): Promise<UploadAnswer> {
  const form = new FormData();
  form.append('is_public', '0');
  form.append('file', file, file.name);
  return api.post('/crm/api/file/upload', form, { schema: UploadAnswer, captcha: true, timeout: UPLOAD_TIMEOUT_MS, signal });
}

/** GET /crm/api/chat/channels-list: the messengers that can be linked for notifications. */
export function fetchChannels(api: Api, signal?: AbortSignal): Promise<ChannelsListAnswer> {
  return api.get('/crm/api/chat/channels-list', { schema: ChannelsListAnswer, signal });
}

/** POST /crm/api/chat/generate-connection-code: a code to send to the messenger's bot. */
export function generateConnectionCode(api: Api, sourceId: ConnectionCodeBody['source_id']): Promise<ConnectionCodeAnswer> {
  return api.post('/crm/api/chat/generate-connection-code', { source_id: sourceId }, { schema: ConnectionCodeAnswer });
}

/** POST /crm/api/chat/disable-notifications. */
/** POST /crm/api/chat/call-back-decline (docs/decisions.md 'Calls back to travellers'): the offered call back is declined. */
export async function declineCallBack(api: Api, chatId: number): Promise<void> {
  await api.post('/crm/api/chat/call-back-decline', { chat_id: chatId }, { schema: DoneAnswer });
}

export function disableNotifications(api: Api, chatId: number): Promise<NotificationsAnswer> {
  return api.post('/crm/api/chat/disable-notifications', { chat_id: chatId }, { schema: NotificationsAnswer });
}
