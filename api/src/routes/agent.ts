/**
 * The agent console's calls (issue 15 'Agent console'), under /crm/api/agent/*: staff of support (every support
 * chat) or of an organizer (the chats with that organizer) sign in with a login and password (seeded development
 * accounts: db/seed/staff.ts), list their chats with unread counts, read and reply, edit their side's messages,
 * delete or moderate any message of their chats, mark chats read, and freeze or unfreeze a chat with a reason.
 * Every change emits its §3 event to the traveller and the staff of the chat (use-cases/chat-socket.ts). A staff session is
 * a bearer token in X-Authorization, like a traveller's, from staff_tokens (a traveller's token is never one).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type as object } from 'superstruct';
import { queryId } from '@tours/shared/src/api/schemas/common';
import {
  AgentAuthAnswer, AgentAuthBody, AgentCallBackBody, AgentChatListQuery, AgentEditBody, AgentFreezeBody, AgentMarkAsReadAnswer, AgentMessageIdBody, AgentModerateBody,
  AgentProfileAnswer, ChatAnswer, ChatIdBody, ChatIdQuery, ChatListAnswer, MessageAnswer, MessagesAnswer, MessagesQuery, SendMessageBody, UnreadCountAnswer,
  type StaffProfile,
} from '@tours/shared/src/api/schemas/chat';
import { DoneAnswer } from '@tours/shared/src/api/schemas/accounts';
import {
  chatById, issueStaffToken, messageById, messagesOf, revokeStaffToken, staffByLogin, staffChats, staffServes, sumCounts,
  unreadCounts, updateChat, updateMessage, type ChatRow, type StaffAccountRow,
} from '../db/queries/chat';
import { CHAT_ERRORS, chatView, chatViews, emitCallBack, emitChat, emitMessage, messageViews, personal, postMessage, readChat, type ChatHub } from '../use-cases/chat-socket';
import { HttpError, notFound, validationError } from '../lib/errors';
import { passwordLocked } from '../lib/password-guard';
import { verifyPassword } from '../lib/passwords';
import { contentDisposition } from '../lib/uploads';
import { parseInput } from '../lib/validation';
import type { Services } from '../services';
import type { ApiRouter } from './router';
import { requireRegistrar, webCallSettings } from '../lib/sip-credentials';
import { bearerToken, requireStaff } from '../lib/auth';
import { uploadById } from '../db/queries/uploads';
import { AUTHORIZATION_HEADER } from '@tours/shared/src/api/headers';

/** Where staff get a message's attachment (their views of messages link it). */
const AGENT_FILE_PATH = '/crm/api/agent/file';

function staffProfile(row: StaffAccountRow): StaffProfile {
  return { id: Number(row.id), name: row.name, login: row.login, kind: row.kind as StaffProfile['kind'], organizer_id: row.organizer_id };
}

/** A chat the staff member serves, or a 404. */
async function servedChat(s: Services, staff: StaffAccountRow, chatId: number): Promise<ChatRow> {
  const chat = await chatById(s.db, chatId);
  if (!chat || !staffServes(staff, chat)) throw notFound(CHAT_ERRORS.notFound);
  return chat;
}

export function registerAgentRoutes(app: FastifyInstance, router: ApiRouter, s: Services, hub: ChatHub): void {
  const tags = ['agent'];
  const staffOnly = 'Needs a staff session: X-Authorization: Bearer {token} of POST /crm/api/agent/auth (401 otherwise); a chat the staff member does not serve is 404.';
  const errors = [401, 404];

  const servedMessage = async (staff: StaffAccountRow, messageId: number) => {
    const row = await messageById(s.db, messageId);
    const chat = row ? await chatById(s.db, row.chat_id) : undefined;
    if (!row || !chat || !staffServes(staff, chat)) throw notFound('Message not found');
    return { row, chat };
  };
  const staffView = async (chatId: number, row: Awaited<ReturnType<typeof updateMessage>>) => {
    const chat = (await chatById(s.db, chatId))!;
    return { data: (await messageViews(s, chat, [row], 'staff'))[0]! };
  };
  /** The message a staff call acts on, of a chat the staff member serves (404 otherwise); the answer is personal. */
  const staffMessage = async (request: FastifyRequest, reply: FastifyReply, messageId: number) => {
    personal(reply);
    return (await servedMessage(await requireStaff(s, request), messageId)).row;
  };
  /** Changes a message, tells both sides (`event`) and answers the staff view of it. */
  const changeMessage = async (row: Awaited<ReturnType<typeof updateMessage>>, change: Parameters<typeof updateMessage>[2], event: Parameters<typeof emitMessage>[2]) => {
    const after = await updateMessage(s.db, Number(row.id), change);
    await emitMessage(s, hub, event, after);
    return staffView(row.chat_id, after);
  };

  router.add({
    method: 'POST', url: '/crm/api/agent/auth', tags, summary: 'Signs a staff member in',
    description: "login and password of a staff account. A wrong pair is 422 'Incorrect login or password' on password (the same for an unknown login, "
      + 'and as slow). Answers `{ token, staff }`; the token lives 7 days. After 5 wrong passwords for an account (from any address) a device '
      + 'that never signed in to it is refused for a minute, doubling up to a day: 429 with the reason as message and on password, and '
      + 'Retry-After; a device it signed in from before (the device_id cookie) still gets in (POST /crm/api/user/auth\'s lock).',
    body: AgentAuthBody, answer: AgentAuthAnswer,
    handler: async ({ body, request, reply, ctx }) => {
      personal(reply);
      const staff = await staffByLogin(s.db, body.login);
      const verdict = await s.passwords.check(
        request, { account: staff ? `staff:${Number(staff.id)}` : null, loginSubject: `staff-login:${body.login.trim().toLowerCase()}` },
        () => verifyPassword(body.password, staff?.password_hash ?? null),
      );
      if (verdict.status === 'locked') throw passwordLocked('staff_password_locked', ctx.locale, verdict.retryAfterMs, 'password');
      if (verdict.status !== 'ok' || !staff) throw validationError({ password: 'Incorrect login or password' });
      await s.devices.remember(request, reply, `staff:${Number(staff.id)}`);
      return { token: await issueStaffToken(s.db, Number(staff.id), s.date()), staff: staffProfile(staff) };
    },
  });

  router.add({
    method: 'GET', url: '/crm/api/agent/profile', tags, summary: 'The signed-in staff member',
    description: staffOnly, answer: AgentProfileAnswer, errors: [401],
    handler: async ({ request, reply }) => {
      personal(reply);
      return { staff: staffProfile(await requireStaff(s, request)) };
    },
  });

  router.add({
    method: 'POST', url: '/crm/api/agent/logout', tags, summary: 'Ends the staff session',
    description: 'Ends the X-Authorization staff token (no error without one).', answer: DoneAnswer,
    handler: async ({ request, reply }) => {
      personal(reply);
      const token = bearerToken(request);
      if (token) {
        await revokeStaffToken(s.db, token, s.date());
        s.sessions.ended({ kind: 'token', token });
      }
      return { success: true };
    },
  });

  router.add({
    method: 'GET', url: '/crm/api/agent/chats', tags, summary: 'The chats the staff member serves, newest first',
    description: `${staffOnly} Each with its traveller, last message and the staff side's unread count. Answers \`{ data, total }\`.`,
    query: AgentChatListQuery, answer: ChatListAnswer, errors: [401],
    handler: async ({ query, request, reply }) => {
      personal(reply);
      const staff = await requireStaff(s, request);
      const { rows, total } = await staffChats(s.db, staff, { limit: query.limit, offset: query.offset });
      return { data: await chatViews(s, rows, 'staff'), total };
    },
  });

  router.add({
    method: 'GET', url: '/crm/api/agent/get-chat', tags, summary: 'One chat the staff member serves',
    description: staffOnly, query: ChatIdQuery, answer: ChatAnswer, errors,
    handler: async ({ query, request, reply }) => {
      personal(reply);
      const chat = await servedChat(s, await requireStaff(s, request), query.chat_id);
      return { data: await chatView(s, chat, 'staff') };
    },
  });

  router.add({
    method: 'GET', url: '/crm/api/agent/unread-count', tags, summary: "Unread traveller messages in the staff member's chats",
    description: staffOnly, answer: UnreadCountAnswer, errors: [401],
    handler: async ({ request, reply }) => {
      personal(reply);
      const staff = await requireStaff(s, request);
      return { count: sumCounts(await unreadCounts(s.db, 'staff', { staff })) };
    },
  });

  router.add({
    method: 'GET', url: '/crm/api/agent/messages', tags, summary: "A page of a chat's messages, newest first (as the staff side sees them)",
    description: `${staffOnly} The same paging as /crm/api/chat/get-messages (offset from the newest; after_id oldest first).`,
    query: MessagesQuery, answer: MessagesAnswer, errors,
    handler: async ({ query, request, reply }) => {
      personal(reply);
      const chat = await servedChat(s, await requireStaff(s, request), query.chat_id);
      const page = await messagesOf(s.db, Number(chat.id), { offset: query.offset, limit: query.limit, ...(query.after_id !== undefined ? { afterId: query.after_id } : {}) });
      return { data: await messageViews(s, chat, page.rows, 'staff'), total: page.total, has_more: page.hasMore };
    },
  });

  router.add({
    method: 'POST', url: '/crm/api/agent/mark-as-read', tags, summary: "Marks a chat's traveller messages read (the traveller sees the read marks)",
    description: `${staffOnly} Emits chat_is_read (reader 'staff'). Answers \`{ success, count }\`: the staff member's unread count after it.`,
    body: ChatIdBody, answer: AgentMarkAsReadAnswer, errors,
    handler: async ({ body, request, reply }) => {
      personal(reply);
      const staff = await requireStaff(s, request);
      await readChat(s, hub, await servedChat(s, staff, body.chat_id), 'staff');
      return { success: true as const, count: sumCounts(await unreadCounts(s.db, 'staff', { staff })) };
    },
  });

  router.add({
    method: 'POST', url: '/crm/api/agent/send-message', tags, summary: 'Replies in a chat',
    description: `${staffOnly} Body as /crm/api/chat/send-message; file_id is refused (422: staff uploads are not available yet). Staff may write in a frozen `
      + 'chat (to explain it). Emits new_message. Answers `{ data: message }`.',
    body: SendMessageBody, answer: MessageAnswer, errors,
    handler: async ({ body, request, reply }) => {
      personal(reply);
      const staff = await requireStaff(s, request);
      const chat = await servedChat(s, staff, body.chat_id);
      if (body.file_id != null) throw validationError({ file_id: 'Staff attachments are not available' });
      if (!body.message) throw validationError({ message: CHAT_ERRORS.emptyMessage });
      const row = await postMessage(s, hub, chat, { author: 'staff', staff_id: Number(staff.id), text: body.message, file_id: null, client_id: body.client_id ?? null });
      return staffView(Number(chat.id), row);
    },
  });

  router.add({
    method: 'POST', url: '/crm/api/agent/edit-message', tags, summary: "Edits a staff message's text",
    description: `${staffOnly} Only messages of the staff side, not deleted (409 otherwise). Emits message_was_edit. Answers \`{ data: message }\`.`,
    body: AgentEditBody, answer: MessageAnswer, errors: [...errors, 409],
    handler: async ({ body, request, reply }) => {
      const row = await staffMessage(request, reply, body.message_id);
      if (row.author !== 'staff' || row.is_deleted === 1) throw new HttpError(409, 'This message cannot be edited');
      return changeMessage(row, { text: body.message, edited_at: s.date().toISOString() }, 'message_was_edit');
    },
  });

  router.add({
    method: 'POST', url: '/crm/api/agent/delete-message', tags, summary: 'Deletes a message of a chat',
    description: `${staffOnly} Any message of the chat; it stays in the list as deleted (text '', no file). Emits message_was_deleted. Answers \`{ data: message }\`.`,
    body: AgentMessageIdBody, answer: MessageAnswer, errors,
    handler: async ({ body, request, reply }) => {
      const row = await staffMessage(request, reply, body.message_id);
      return row.is_deleted === 1 ? staffView(row.chat_id, row) : changeMessage(row, { is_deleted: 1 }, 'message_was_deleted');
    },
  });

  router.add({
    method: 'POST', url: '/crm/api/agent/moderate-message', tags, summary: "Moderates a message: replaces its text with what may stay ('' hides it)",
    description: `${staffOnly} Emits message_was_moderated. A deleted message is 409. Answers \`{ data: message }\`.`,
    body: AgentModerateBody, answer: MessageAnswer, errors: [...errors, 409],
    handler: async ({ body, request, reply }) => {
      const row = await staffMessage(request, reply, body.message_id);
      if (row.is_deleted === 1) throw new HttpError(409, 'This message is deleted');
      return changeMessage(row, { text: body.text, is_moderated: 1 }, 'message_was_moderated');
    },
  });

  router.add({
    method: 'POST', url: '/crm/api/agent/freeze', tags, summary: 'Freezes a chat with a reason (read-only for the traveller), or unfreezes it',
    description: `${staffOnly} is_frozen true needs a reason (422 'Required field' on reason). Emits chat_is_frozen and chat_was_updated. Answers \`{ data: chat }\`.`,
    body: AgentFreezeBody, answer: ChatAnswer, errors,
    handler: async ({ body, request, reply }) => {
      personal(reply);
      const staff = await requireStaff(s, request);
      const chat = await servedChat(s, staff, body.chat_id);
      if (body.is_frozen && !body.reason) throw validationError({ reason: 'Required field' });
      const after = await updateChat(s.db, Number(chat.id), {
        is_frozen: body.is_frozen ? 1 : 0, freeze_reason: body.is_frozen ? body.reason : null, updated_at: s.date().toISOString(),
      });
      await hub.emit('chat_is_frozen', after, () => ({ chat_id: Number(after.id), is_frozen: body.is_frozen, freeze_reason: after.freeze_reason }));
      await emitChat(s, hub, 'chat_was_updated', after);
      return { data: await chatView(s, after, 'staff') };
    },
  });

  router.add({
    method: 'POST', url: '/crm/api/agent/call-back', tags, summary: "Offers the chat's traveller a call back, or withdraws the offer",
    description: `${staffOnly} Not in the spec (docs/decisions.md 'Calls back to travellers'). Emits web_call_back 'offered' (withdraw true: `
      + "'withdrawn') to the chat's people. The traveller's chat page shows the offer; taking it calls the chat's line (support's or the "
      + "organizer's) as 'Call via internet' does, and the console that offered answers that call. A frozen chat: 422 on chat_id; the site "
      + 'not taking internet calls to that line: 403; no SIP registrar: 503. Answers `{ success: true }`.',
    body: AgentCallBackBody, answer: DoneAnswer, errors: [401, 403, 404, 503],
    handler: async ({ body, request, reply }) => {
      personal(reply);
      const staff = await requireStaff(s, request);
      const chat = await servedChat(s, staff, body.chat_id);
      requireRegistrar(s);
      if (!body.withdraw) {
        const settings = await webCallSettings(s);
        if (!(chat.kind === 'support' ? settings.canCallToSupport : settings.canCallToOrganizer)) throw new HttpError(403, 'Internet calls to this line are not available');
        if (chat.is_frozen) throw validationError({ chat_id: CHAT_ERRORS.frozen });
      }
      await emitCallBack(hub, chat, body.withdraw ? 'withdrawn' : 'offered', staff.name);
      return { success: true };
    },
  });

  // The attachment of a message, for the staff of its chat (a traveller's upload is private: /media/uploads serves it
  // to its owner only). Staff views of messages point their file url here.
  const FileQuery = object({ message_id: queryId('A message with a file, of a chat the staff member serves') });
  app.get(AGENT_FILE_PATH, async (request, reply) => {
    const query = parseInput(request.query, FileQuery);
    const staff = await requireStaff(s, request);
    const { row } = await servedMessage(staff, query.message_id);
    const upload = row.file_id === null || row.is_deleted === 1 ? undefined
      : await uploadById(s.db, row.file_id);
    const size = upload ? await s.uploads.size(upload.stored_name) : null;
    const bytes = upload && size !== null ? await s.uploads.read(upload.stored_name) : null;
    if (!upload || size === null || !bytes) throw notFound('File not found');
    const image = upload.mime.startsWith('image/');
    return reply
      .header('content-type', upload.mime)
      .header('content-length', String(size))
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', contentDisposition(image ? 'inline' : 'attachment', upload.original_name))
      .header('cache-control', 'private, no-store').header('vary', AUTHORIZATION_HEADER).header('cross-origin-resource-policy', 'same-origin')
      .send(bytes);
  });
  router.document({
    method: 'GET', url: AGENT_FILE_PATH, tags, query: FileQuery, produces: 'application/octet-stream', errors: [401, 404, 422],
    summary: "A message's attachment, for the staff serving its chat",
    description: `${staffOnly} The file as uploaded (nosniff; a download name, inline for images); never cached. A deleted message's file is 404.`,
  });
}
