/**
 * The agent console's calls (issue 15 'Agent console'; api/src/routes/agent.ts): a staff session is a bearer token
 * of POST /crm/api/agent/auth, sent as X-Authorization on each call (over the traveller's, if the same browser has one).
 */
import type { HostContext } from '@tours/shared/contract';
import {
  AgentAuthAnswer, AgentMarkAsReadAnswer, AgentProfileAnswer, ChatAnswer, ChatListAnswer, DoneAnswer, MessageAnswer, MessagesAnswer, RequestListAnswer,
  UserPrivateDataAnswer, WebCallCredentialsAnswer, authorizationHeader,
} from '@tours/shared/api';
import type { RoomCalls } from '../common/chat/room';

type Api = HostContext['api'];

/**
 * POST /crm/api/agent/auth (a wrong pair is 422 on password), then POST /crm/api/user/admin-auth-cookie, so that tour
 * pages in this browser are a staff session too (the staff tools, issue 16). The console works without that cookie:
 * its failure is logged only.
 */
export async function agentSignIn(api: Api, body: { login: string; password: string }): Promise<AgentAuthAnswer> {
  const session = await api.post('/crm/api/agent/auth', body, { schema: AgentAuthAnswer });
  await api.post('/crm/api/user/admin-auth-cookie', {}, { schema: UserPrivateDataAnswer, headers: authorizationHeader(session.token) })
    .catch((error: unknown) => console.error('The admin session cookie could not be set', error));
  return session;
}

/** POST /crm/api/user/admin-logout: clears the admin_auth cookie and its admin_session hint (no error without them). */
export function adminLogout(api: Api): Promise<DoneAnswer> {
  return api.post('/crm/api/user/admin-logout', {}, { schema: DoneAnswer });
}

/** GET /crm/api/agent/profile: whether a stored staff token still works (401 otherwise). */
export function agentProfile(api: Api, token: string, signal?: AbortSignal) {
  return api.get('/crm/api/agent/profile', { schema: AgentProfileAnswer, headers: authorizationHeader(token), signal });
}

/** Ends the staff token and clears the admin cookies of the tour pages. */
export function agentLogout(api: Api, token: string): Promise<DoneAnswer> {
  void adminLogout(api).catch(() => undefined);
  return api.post('/crm/api/agent/logout', {}, { schema: DoneAnswer, headers: authorizationHeader(token) });
}

/** GET /crm/api/agent/chats: the chats the staff member serves, newest first, with the staff side's unread counts. */
export function agentChats(api: Api, token: string, offset: number): Promise<ChatListAnswer> {
  return api.get('/crm/api/agent/chats', { schema: ChatListAnswer, query: { limit: 20, offset }, headers: authorizationHeader(token) });
}

/** The room's calls as the staff side makes them (same shapes as the traveller's). */
export function agentCalls(api: Api, token: string): RoomCalls {
  const headers = authorizationHeader(token);
  return {
    side: 'staff',
    chat: (chatId) => api.get('/crm/api/agent/get-chat', { schema: ChatAnswer, query: { chat_id: chatId }, headers }),
    messages: ({ chatId, offset, afterId }) =>
      api.get('/crm/api/agent/messages', { schema: MessagesAnswer, query: { chat_id: chatId, offset: afterId === undefined ? offset ?? 0 : undefined, after_id: afterId }, headers }),
    markAsRead: (chatId) => api.post('/crm/api/agent/mark-as-read', { chat_id: chatId }, { schema: AgentMarkAsReadAnswer, headers }),
    send: ({ chat_id, message, client_id }) => api.post('/crm/api/agent/send-message', { chat_id, message, client_id }, { schema: MessageAnswer, headers }),
  };
}

/** POST /crm/api/agent/edit-message: a message of the staff side. */
export function editMessage(api: Api, token: string, body: { message_id: number; message: string }): Promise<MessageAnswer> {
  return api.post('/crm/api/agent/edit-message', body, { schema: MessageAnswer, headers: authorizationHeader(token) });
}

/** POST /crm/api/agent/moderate-message: what may stay of a message ('' hides it). */
export function moderateMessage(api: Api, token: string, body: { message_id: number; text: string }): Promise<MessageAnswer> {
  return api.post('/crm/api/agent/moderate-message', body, { schema: MessageAnswer, headers: authorizationHeader(token) });
}

/** POST /crm/api/agent/delete-message: it stays in the list as deleted. */
export function deleteMessage(api: Api, token: string, messageId: number): Promise<MessageAnswer> {
  return api.post('/crm/api/agent/delete-message', { message_id: messageId }, { schema: MessageAnswer, headers: authorizationHeader(token) });
}

/** POST /crm/api/agent/freeze: read-only for the traveller, with the reason shown; or open again. */
export function freezeChat(api: Api, token: string, body: { chat_id: number; is_frozen: boolean; reason: string }): Promise<ChatAnswer> {
  return api.post('/crm/api/agent/freeze', body, { schema: ChatAnswer, headers: authorizationHeader(token) });
}

/** GET /crm/api/request/list-for-chat: the requests of the chat's traveller. */
export function requestsForChat(api: Api, token: string, chatId: number, signal?: AbortSignal): Promise<RequestListAnswer> {
  return api.get('/crm/api/request/list-for-chat', { schema: RequestListAnswer, query: { chat_id: String(chatId) }, headers: authorizationHeader(token), signal });
}

const AGENT_WEB_CALL_DATA_PATH = '/crm/api/agent/web-call-data';
const AGENT_CALL_BACK_PATH = '/crm/api/agent/call-back';

/**
 * POST /crm/api/agent/call-back (docs/decisions.md 'Calls back to travellers'): offers the chat's traveller a call
 * back, or (`withdraw`) takes the offer back.
 */
export async function agentCallBack(api: Api, token: string, chatId: number, withdraw = false): Promise<void> {
  await api.post(AGENT_CALL_BACK_PATH, { chat_id: chatId, withdraw }, { schema: DoneAnswer, headers: authorizationHeader(token) });
}

/**
 * POST /crm/api/agent/web-call-data (api/src/routes/web-calls.ts): the credentials of the staff member's line (support's
 * or their organizer's), which the console registers to answer calls; target is the line itself.
 */
export function agentWebCallData(api: Api, token: string): Promise<WebCallCredentialsAnswer> {
  return api.post(AGENT_WEB_CALL_DATA_PATH, {}, { schema: WebCallCredentialsAnswer, headers: authorizationHeader(token) });
}
