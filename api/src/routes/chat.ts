/**
 * The traveller's live chat calls (accounts-and-comms §7 'Chat' and 'Phone codes'; issue 15). Every call needs the
 * signed-in traveller (401 without); a chat of another traveller answers 404 like an unknown one, so ids reveal
 * nothing. Texts are stored as sent (plain text; the client renders them as text). Changes emit the §3 events
 * through use-cases/chat-socket.ts. Answers are personal: `Cache-Control: private, no-store`.
 *
 * Also POST /internal/chat/redeem-connection-code `{ code }` (DEV_MODE or the internal secret): what a messenger bot
 * does when the traveller sends it the connection code: links the messenger and turns the traveller's chat
 * notifications on (event crm_user_chat_notifications_enabled).
 */
import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { type as object } from 'superstruct';
import {
  CHAT_ID_NOT_A_NUMBER, CHAT_LIST_LIMIT, ChannelsListAnswer, ChatAnswer, ChatIdBody, ChatIdQuery, ChatListAnswer, ChatListQuery, ChatWithOrganizerAnswer,
  ChatWithOrganizerBody, ChatsForNotificationsAnswer, ConnectionCodeAnswer, ConnectionCodeBody, MESSAGES_PAGE_SIZE, MESSAGE_MAX_LENGTH, MarkAsReadAnswer,
  MessageAnswer, MessagesAnswer, MessagesQuery, NotificationsAnswer, PhoneCodeAnswer, PhoneCodeOrganizerBody, PhoneCodeUserBody, SendMessageBody,
  SupportChatAnswer, SupportChatQuery, UnreadCountAnswer, UnreadCountQuery,
} from '@tours/shared/src/api/schemas/chat';
import { MESSENGERS, queryString } from '@tours/shared/src/api/schemas/common';
import { DoneAnswer } from '@tours/shared/src/api/schemas/accounts';
import {
  chatById, type ChatRow, chatSourceNames, chatSourceUrlTemplate, connectedSources, enableTravellerNotifications, findOrCreateChat, insertConnectionCode, insertPhoneCode, livePhoneCode, messageByClientId, messagesOf, phoneCodeTaken, phonesForCallsByCode, redeemConnectionCode, sumCounts, travellerChats, unreadCounts, updateChat,
} from '../db/queries/chat';
import type { Traveller } from '../db/queries/travellers';
import { uploadById } from '../db/queries/uploads';
import { CHAT_ERRORS, chatHubFor, chatView, chatViews, emitCallBack, emitChat, messageViews, personal, postMessage, readChat, type ChatHub } from '../use-cases/chat-socket';
import { HttpError, notFound, validationError } from '../lib/errors';
import { parseInput } from '../lib/validation';
import type { Services } from '../services';
import type { ApiRouter } from './router';
import { requireTraveller } from '../lib/auth';
import { organizerById } from '../db/queries/organizers';
import { isOrganizerTour } from '../db/queries/tours';

/** Connection codes: 8 of these letters and digits (no 0/O, 1/I), alive 15 minutes. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CONNECTION_CODE_MINUTES = 15;
/** Phone codes: 6 digits, alive 30 minutes; asking again within that answers the same one. */
const PHONE_CODE_MINUTES = 30;

const MESSENGER_NAMES: Record<(typeof MESSENGERS)[number], string> = {
  telegram: 'Telegram', vk: 'VK', ok: 'OK', whatsapp: 'WhatsApp', viber: 'Viber', facebook: 'Messenger', instagram: 'Instagram',
};

/** The traveller's own chat, or a 404 (another traveller's chat is as unknown as none). */
async function ownChat(s: Services, traveller: Traveller, chatId: number): Promise<ChatRow> {
  const chat = await chatById(s.db, chatId);
  if (!chat || chat.traveller_id !== Number(traveller.id)) throw notFound(CHAT_ERRORS.notFound);
  return chat;
}

function randomCode(length: number, alphabet: string): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

/** The traveller's chat calls and the socket.io server (started when the server is ready); the agent console's calls (routes/agent.ts) share its hub. */
export function registerChatRoutes(app: FastifyInstance, router: ApiRouter, s: Services): ChatHub {
  const hub = chatHubFor(app, s);
  registerTravellerChatRoutes(app, router, s, hub);
  return hub;
}

function registerTravellerChatRoutes(app: FastifyInstance, router: ApiRouter, s: Services, hub: ChatHub): void {
  const tags = ['chat'];
  const signedIn = 'Needs X-Authorization: Bearer {token} (401 otherwise); another traveller\'s chat is 404.';
  const errors = [401, 404];

  router.add({
    method: 'GET', url: '/crm/api/chat/list', tags, summary: "The signed-in traveller's chats, newest first",
    description: `${signedIn} limit default ${CHAT_LIST_LIMIT} (1–100), offset default 0; tour_organizer_id: only the chats with that organizer. `
      + 'Each chat has its last message and unread count. Answers `{ data, total }`.',
    query: ChatListQuery, answer: ChatListAnswer, errors,
    handler: async ({ query, request, reply }) => {
      personal(reply);
      const traveller = await requireTraveller(s, request);
      const { rows, total } = await travellerChats(s.db, Number(traveller.id), {
        ...(query.tour_organizer_id !== undefined ? { organizerId: query.tour_organizer_id } : {}), limit: query.limit, offset: query.offset,
      });
      return { data: await chatViews(s, rows, 'traveller'), total };
    },
  });

  router.add({
    method: 'GET', url: '/crm/api/chat/get-chat', tags, summary: 'One chat of the signed-in traveller',
    description: `${signedIn} Answers \`{ data: chat }\`.`,
    query: ChatIdQuery, answer: ChatAnswer, errors,
    handler: async ({ query, request, reply }) => {
      personal(reply);
      const chat = await ownChat(s, await requireTraveller(s, request), query.chat_id);
      return { data: await chatView(s, chat, 'traveller') };
    },
  });

  router.add({
    method: 'GET', url: '/crm/api/chat/channels-list', tags, summary: 'The messengers that can carry chat notifications, and which are linked',
    description: `${signedIn} The chat sources of the site (public-site §3.6); is_connected once a connection code of it was redeemed.`,
    answer: ChannelsListAnswer, errors: [401],
    handler: async ({ request, reply }) => {
      personal(reply);
      const traveller = await requireTraveller(s, request);
      const [sources, connected] = await Promise.all([
        chatSourceNames(s.db),
        connectedSources(s.db, Number(traveller.id)),
      ]);
      const known = sources.filter((x): x is (typeof MESSENGERS)[number] => (MESSENGERS as readonly string[]).includes(x));
      return { data: known.map((id) => ({ id, name: MESSENGER_NAMES[id], is_connected: connected.has(id) })) };
    },
  });

  router.add({
    method: 'GET', url: '/crm/api/chat/get-chat-with-support', tags, summary: "The signed-in traveller's support chat id (made on the first ask)",
    description: `${signedIn} site_id: 1 (default) or 12, the site variant. The first ask makes the chat (event chat_created to the traveller and support). `
      + 'Answers `{ id }` (the support bubble\'s \'Go to Live Chat\' leads to chat-index {id}).',
    query: SupportChatQuery, answer: SupportChatAnswer, errors: [401],
    handler: async ({ query, request, reply }) => {
      personal(reply);
      const traveller = await requireTraveller(s, request);
      const { chat, created } = await findOrCreateChat(s.db, { traveller_id: Number(traveller.id), kind: 'support', organizer_id: null, site_id: query.site_id, tour_id: null }, s.date());
      if (created) await emitChat(s, hub, 'chat_created', chat);
      return { id: Number(chat.id) };
    },
  });

  router.add({
    method: 'GET', url: '/crm/api/chat/get-messages', tags, summary: "A page of a chat's messages, newest first",
    description: `${signedIn} Order: newest first; offset (default 0) counts from the newest message, limit default ${MESSAGES_PAGE_SIZE} (1–100). `
      + 'after_id (after a reconnect): the messages with a greater id, oldest first, offset ignored. Each message as the traveller sees it '
      + "(direction output: their own). Answers `{ data, total, has_more }`.",
    query: MessagesQuery, answer: MessagesAnswer, errors,
    handler: async ({ query, request, reply }) => {
      personal(reply);
      const chat = await ownChat(s, await requireTraveller(s, request), query.chat_id);
      const page = await messagesOf(s.db, Number(chat.id), { offset: query.offset, limit: query.limit, ...(query.after_id !== undefined ? { afterId: query.after_id } : {}) });
      return { data: await messageViews(s, chat, page.rows, 'traveller'), total: page.total, has_more: page.hasMore };
    },
  });

  router.add({
    method: 'GET', url: '/crm/api/chat/unread-count', tags, summary: 'Unread messages of the signed-in traveller (the header badge)',
    description: `${signedIn} Messages of support or organizers not read yet, deleted ones left out; organizer_id: only the chats with that organizer. Answers \`{ count }\`.`,
    query: UnreadCountQuery, answer: UnreadCountAnswer, errors: [401],
    handler: async ({ query, request, reply }) => {
      personal(reply);
      const traveller = await requireTraveller(s, request);
      const counts = await unreadCounts(s.db, 'traveller', { travellerId: Number(traveller.id), ...(query.organizer_id !== undefined ? { organizerId: query.organizer_id } : {}) });
      return { count: sumCounts(counts) };
    },
  });

  router.add({
    method: 'POST', url: '/crm/api/chat/mark-as-read', tags, summary: 'Marks every message of a chat read',
    description: `${signedIn} Emits chat_is_read (reader 'tourist') to the traveller and the chat's staff. Answers \`{ success, count }\`: the traveller's unread count after it.`,
    body: ChatIdBody, answer: MarkAsReadAnswer, errors,
    handler: async ({ body, request, reply }) => {
      personal(reply);
      const traveller = await requireTraveller(s, request);
      await readChat(s, hub, await ownChat(s, traveller, body.chat_id), 'traveller');
      return { success: true as const, count: sumCounts(await unreadCounts(s.db, 'traveller', { travellerId: Number(traveller.id) })) };
    },
  });

  router.add({
    method: 'POST', url: '/crm/api/chat/call-back-decline', tags, summary: 'Declines the call back offered in a chat',
    description: `${signedIn} Not in the spec (docs/decisions.md 'Calls back to travellers'): emits web_call_back 'declined' to the chat's `
      + 'people, so the console that offered the call stops waiting. Answers `{ success: true }`.',
    body: ChatIdBody, answer: DoneAnswer, errors,
    handler: async ({ body, request, reply }) => {
      personal(reply);
      const traveller = await requireTraveller(s, request);
      await emitCallBack(hub, await ownChat(s, traveller, body.chat_id), 'declined', '');
      return { success: true };
    },
  });

  router.add({
    method: 'POST', url: '/crm/api/chat/send-message', tags, summary: 'Sends a message (a text, a file, or both) to a chat',
    description: `${signedIn} chat_id must be a number ('${CHAT_ID_NOT_A_NUMBER}' on chat_id otherwise, §8); message: plain text up to `
      + `${MESSAGE_MAX_LENGTH} characters; file_id: an upload of this traveller (POST /crm/api/file/upload), its load status then goes `
      + 'WAITING → LOADING → SUCCESS or FAILED (attachment_download_status_was_changed). A text or a file is required. client_id: the '
      + "message's idempotency key (an offline queue's resend answers the message sent before). A frozen chat answers 409 with its reason. "
      + 'Emits new_message. Answers `{ data: message }`.',
    body: SendMessageBody, answer: MessageAnswer, errors: [...errors, 409],
    handler: async ({ body, request, reply }) => {
      personal(reply);
      const traveller = await requireTraveller(s, request);
      const chat = await ownChat(s, traveller, body.chat_id);
      // A resend of a message already stored (its answer was lost) answers that message, whatever happened since
      // (issue 29: the chat frozen meanwhile had answered 409, and the traveller saw 'Not sent' for a sent message).
      const sent = body.client_id ? await messageByClientId(s.db, Number(chat.id), body.client_id) : undefined;
      if (sent) return { data: (await messageViews(s, chat, [sent], 'traveller'))[0]! };
      const fileId = body.file_id ?? null;
      if (!body.message && fileId === null) throw validationError({ message: CHAT_ERRORS.emptyMessage });
      if (fileId !== null) {
        const upload = await uploadById(s.db, fileId);
        if (!upload || upload.traveller_id !== Number(traveller.id)) throw validationError({ file_id: CHAT_ERRORS.notYourFile });
      }
      if (chat.is_frozen === 1) throw new HttpError(409, chat.freeze_reason || CHAT_ERRORS.frozen, undefined, { is_frozen: true, freeze_reason: chat.freeze_reason });
      const row = await postMessage(s, hub, chat, { author: 'traveller', staff_id: null, text: body.message, file_id: fileId, client_id: body.client_id ?? null });
      const after = (await chatById(s.db, chat.id))!;
      return { data: (await messageViews(s, after, [row], 'traveller'))[0]! };
    },
  });

  router.add({
    method: 'POST', url: '/crm/api/chat/get-chat-with-organizer', tags, summary: 'The chat with an organizer, with a first message',
    description: `${signedIn} Captcha (§7): the writes limit answers 429 with data.type captcha. organizer_id: an organizer (422 otherwise); `
      + "tour_id: a tour of that organizer or null (422 otherwise). The chat is made on the first ask (chat_created) and the message sent "
      + '(new_message). Answers `{ id, message }`.',
    body: ChatWithOrganizerBody, answer: ChatWithOrganizerAnswer, errors: [...errors, 409],
    handler: async ({ body, request, reply }) => {
      personal(reply);
      const traveller = await requireTraveller(s, request);
      const organizer = await organizerById(s.db, body.organizer_id);
      if (!organizer) throw validationError({ organizer_id: CHAT_ERRORS.noOrganizer });
      const tourId = body.tour_id ?? null;
      if (tourId !== null) {
        if (!(await isOrganizerTour(s.db, tourId, body.organizer_id))) throw validationError({ tour_id: 'Incorrect value' });
      }
      const { chat, created } = await findOrCreateChat(s.db, { traveller_id: Number(traveller.id), kind: 'organizer', organizer_id: organizer.id, site_id: 1, tour_id: tourId }, s.date());
      if (created) await emitChat(s, hub, 'chat_created', chat);
      if (chat.is_frozen === 1) throw new HttpError(409, chat.freeze_reason || CHAT_ERRORS.frozen, undefined, { is_frozen: true, freeze_reason: chat.freeze_reason });
      const row = await postMessage(s, hub, chat, { author: 'traveller', staff_id: null, text: body.message, file_id: null, client_id: null });
      const after = (await chatById(s.db, chat.id))!;
      return { id: Number(chat.id), message: (await messageViews(s, after, [row], 'traveller'))[0]! };
    },
  });

  router.add({
    method: 'GET', url: '/crm/api/chat/chats-for-notifications', tags, summary: 'Each chat of the traveller and whether its messenger notifications are on',
    description: `${signedIn} At most 100 chats, newest first. Answers \`{ data }\`.`,
    answer: ChatsForNotificationsAnswer, errors: [401],
    handler: async ({ request, reply }) => {
      personal(reply);
      const traveller = await requireTraveller(s, request);
      const { rows } = await travellerChats(s.db, Number(traveller.id), { limit: 100, offset: 0 });
      const views = await chatViews(s, rows, 'traveller');
      return { data: views.map((c) => ({ chat_id: c.id, kind: c.kind, title: c.title, notifications_enabled: c.notifications_enabled })) };
    },
  });

  router.add({
    method: 'POST', url: '/crm/api/chat/generate-connection-code', tags, summary: 'A code that links a messenger for chat notifications',
    description: `${signedIn} source_id: the messenger (telegram, vk, ok, whatsapp, viber, facebook, instagram). The traveller sends the code to the `
      + `messenger's bot (url: the bot link with it); it lives ${CONNECTION_CODE_MINUTES} minutes and works once. Answers \`{ code, url, expires_at }\`.`,
    body: ConnectionCodeBody, answer: ConnectionCodeAnswer, errors: [401],
    handler: async ({ body, request, reply }) => {
      personal(reply);
      const traveller = await requireTraveller(s, request);
      const now = s.date();
      const expires = new Date(now.getTime() + CONNECTION_CODE_MINUTES * 60_000).toISOString();
      const code = randomCode(8, CODE_ALPHABET);
      await insertConnectionCode(s.db, { code, traveller_id: Number(traveller.id), source: body.source_id, expires_at: expires }, now);
      const template = await chatSourceUrlTemplate(s.db, body.source_id);
      const url = template ? template.replace('{ref}', encodeURIComponent(code)).replace('{text}', encodeURIComponent(`CHAT ${code}`)) : null;
      return { code, url, expires_at: expires };
    },
  });

  router.add({
    method: 'POST', url: '/crm/api/chat/disable-notifications', tags, summary: 'Turns messenger notifications off for a chat',
    description: `${signedIn} Emits crm_user_chat_notifications_enabled with notifications_enabled false. Answers \`{ success, notifications_enabled }\`.`,
    body: ChatIdBody, answer: NotificationsAnswer, errors,
    handler: async ({ body, request, reply }) => {
      personal(reply);
      const chat = await ownChat(s, await requireTraveller(s, request), body.chat_id);
      if (chat.notifications_enabled === 1) {
        const after = await updateChat(s.db, Number(chat.id), { notifications_enabled: 0 });
        await hub.emit('crm_user_chat_notifications_enabled', after, () => ({ chat_ids: [Number(after.id)], notifications_enabled: false, source: null }));
      }
      return { success: true as const, notifications_enabled: false };
    },
  });

  // Phone codes (§7 'Phone codes and internet calls', §3 'Phone number kinds') -----------------------------------------
  const phoneCode = async (
    traveller: Traveller, localization: number, callee: { type: 'organizer' | 'support'; name: string; organizerId: number | null; chatId: number | null },
  ) => {
    const phones = await phonesForCallsByCode(s.db);
    const phone = phones.find((p) => p.site_variant === localization) ?? phones[0];
    if (!phone) throw new HttpError(503, CHAT_ERRORS.noPhone);
    const now = s.date();
    const travellerId = Number(traveller.id);
    let row = await livePhoneCode(s.db, travellerId, callee.type, { organizerId: callee.organizerId, chatId: callee.chatId }, now);
    if (!row) {
      let code = randomCode(6, '0123456789');
      for (let i = 0; i < 5 && (await phoneCodeTaken(s.db, code, now)); i++) code = randomCode(6, '0123456789');
      row = await insertPhoneCode(s.db, {
        traveller_id: travellerId, callee_type: callee.type, organizer_id: callee.organizerId, chat_id: callee.chatId, code,
        expires_at: new Date(now.getTime() + PHONE_CODE_MINUTES * 60_000).toISOString(),
      }, now);
    }
    return {
      phone: phone.phone, formatted_phone: phone.formatted_phone, phone_type: 'for_calls_by_code' as const, code: row.code, expires_at: row.expires_at,
      callee: { type: callee.type, name: callee.name },
    };
  };
  const phoneDoc = `Answers the number of kind for_calls_by_code (§3 'Phone number kinds') of the site variant (X-Localization) and a 6-digit code `
    + `to enter when it answers (alive ${PHONE_CODE_MINUTES} minutes; asking again meanwhile answers the same one), and who it reaches. 503 when the site has no such number.`;

  router.add({
    method: 'POST', url: '/crm/api/phone-code/organizer', tags, summary: "A code to call an organizer through the site's number",
    description: `${signedIn} Captcha (§7): the writes limit answers 429 with data.type captcha. tour_organizer_id: an organizer (422 otherwise). ${phoneDoc}`,
    body: PhoneCodeOrganizerBody, answer: PhoneCodeAnswer, errors: [401, 503],
    handler: async ({ body, request, reply, ctx }) => {
      personal(reply);
      const traveller = await requireTraveller(s, request);
      const organizer = await organizerById(s.db, body.tour_organizer_id);
      if (!organizer) throw validationError({ tour_organizer_id: CHAT_ERRORS.noOrganizer });
      return phoneCode(traveller, ctx.localization, { type: 'organizer', name: organizer.name_en, organizerId: organizer.id, chatId: null });
    },
  });

  router.add({
    method: 'POST', url: '/crm/api/phone-code/user', tags, summary: 'A code to call the other side of a chat (support or the organizer)',
    description: `${signedIn} chat_id: a chat of the traveller. ${phoneDoc}`,
    body: PhoneCodeUserBody, answer: PhoneCodeAnswer, errors: [401, 404, 503],
    handler: async ({ body, request, reply, ctx }) => {
      personal(reply);
      const traveller = await requireTraveller(s, request);
      const chat = await ownChat(s, traveller, body.chat_id);
      const view = await chatView(s, chat, 'traveller');
      return phoneCode(traveller, ctx.localization, {
        type: chat.kind === 'support' ? 'support' : 'organizer', name: view.title, organizerId: chat.organizer_id, chatId: Number(chat.id),
      });
    },
  });

  // The messenger bot's side (developers; a real bot would call it with the internal secret) ----------------------------
  const RedeemBody = object({ code: queryString(16, { min: 1, pattern: /^[A-Za-z0-9]+$/ }) });
  app.post('/internal/chat/redeem-connection-code', async (request, reply) => {
    if (!s.config.devMode && !request.fromTrustedProxy) return reply.code(404).send({ message: 'Not found' });
    reply.header('cache-control', 'no-store');
    const body = parseInput(request.body ?? {}, RedeemBody);
    const redeemed = await redeemConnectionCode(s.db, body.code.toUpperCase(), s.date());
    if (!redeemed) throw validationError({ code: 'Incorrect code' });
    const chats = await enableTravellerNotifications(s.db, redeemed.traveller_id);
    for (const chat of chats) {
      await hub.emit('crm_user_chat_notifications_enabled', chat, () => ({ chat_ids: [Number(chat.id)], notifications_enabled: true, source: redeemed.source }));
    }
    return reply.send({ success: true, source: redeemed.source, chat_ids: chats.map((c) => Number(c.id)) });
  });
}
