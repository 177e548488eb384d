// CONTRACT READY
/**
 * Live chat (accounts-and-comms §2 'Chat', §3 'Chat', §4 'Chat', §5 'Chat', §7 'Chat' and 'Phone codes', §8 'Chat';
 * public-site §2.3 'Go to Live Chat'; issue 15): the traveller's chat calls, the agent console's calls, the
 * real-time events and their payloads.
 *
 * - Every chat call needs the signed-in traveller (X-Authorization); a traveller only ever sees their own chats
 *   (another's chat id answers 404, as an unknown one does).
 * - A message is seen from the reader's side: `direction` 'output' is the reader's own message, 'input' the other
 *   side's. The same message is 'output' to its author and 'input' to everyone else. `is_read`: the other side read it.
 * - Texts are stored and answered as plain text: rendering them safely (never as HTML) is the client's job.
 * - Real-time events (socket.io at path CHAT_SOCKET_PATH, auth `{ token }` = the session token): `CHAT_EVENTS`, each
 *   with the payload of `ChatEventPayloads`, sent only to the people of that chat.
 */
import { type Infer, array, boolean, coerce, enums, integer, literal, nullable, refine, string, type, unknown } from 'superstruct';
import {
  ID_MAX, MESSENGERS, bodyId, bodyText, dflt, nul, opt, queryId, queryInt, queryString, withMeta,
} from './common';
import { IDEMPOTENCY_KEY_RE, TIMEZONE_MAX, TIMEZONE_MIN } from './requests';

// ---------------------------------------------------------------------------
// Constants (§3, §5, §9)
// ---------------------------------------------------------------------------

/** Who the traveller talks to: the site's support, or a tour organizer. */
export const CHAT_KINDS = ['support', 'organizer'] as const;
export type ChatKind = (typeof CHAT_KINDS)[number];

/** §3 'Message direction', as seen by the reader: output = the reader's own, input = the other side's. */
export const MESSAGE_DIRECTIONS = ['output', 'input'] as const;
export type MessageDirection = (typeof MESSAGE_DIRECTIONS)[number];

/** §3 'Attachment load status': WAITING → LOADING → FAILED or SUCCESS (§4). */
export const ATTACHMENT_STATUS = { WAITING: 0, LOADING: 1, FAILED: 2, SUCCESS: 3 } as const;
export type AttachmentStatus = (typeof ATTACHMENT_STATUS)[keyof typeof ATTACHMENT_STATUS];
export const ATTACHMENT_STATUS_NAMES = ['WAITING', 'LOADING', 'FAILED', 'SUCCESS'] as const;

/** Who wrote a message, by kind: the traveller, support staff, an organizer's staff. */
export const SENDER_TYPES = ['tourist', 'support', 'organizer'] as const;
export type SenderType = (typeof SENDER_TYPES)[number];

/** §5, §9: the chat list's page size default 20, offsets default 0. */
export const CHAT_LIST_LIMIT = 20;
export const CHAT_LIST_MAX = 100;
/** Messages of one get-messages page (newest first). */
export const MESSAGES_PAGE_SIZE = 50;
export const MESSAGES_PAGE_MAX = 100;
/** The longest message text. */
export const MESSAGE_MAX_LENGTH = 4000;
/** The longest freeze reason. */
export const FREEZE_REASON_MAX = 500;
/** Offsets are bounded so a request cannot ask the database to skip millions of rows. */
export const OFFSET_MAX = 100_000;

/** §8: the error of send-message without a numeric chat id (on field chat_id, and as the message). */
export const CHAT_ID_NOT_A_NUMBER = '`data.chatId` must be a number';

/** The socket.io path (the host server proxies it to the API: one origin). */
export const CHAT_SOCKET_PATH = '/socket.io';
/** Largest socket.io packet the server accepts, in bytes. */
export const CHAT_SOCKET_MAX_PAYLOAD = 16 * 1024;
/** Open sockets per person at once (a further one is refused with 'Too many connections'). */
export const CHAT_SOCKET_MAX_PER_USER = 10;

// ---------------------------------------------------------------------------
// Field builders
// ---------------------------------------------------------------------------

const offset = (description: string) => dflt(queryInt(0, OFFSET_MAX, description), 0);
const chatIdQuery = queryId('A chat of the signed-in traveller (404 otherwise)');
const messageText = (min: number) => withMeta(
  refine(bodyText(MESSAGE_MAX_LENGTH, undefined, true), 'required', (v) => (min > 0 && v === '' ? 'Required field' : true)),
  { maxLength: MESSAGE_MAX_LENGTH, description: `Plain text (line breaks kept), at most ${MESSAGE_MAX_LENGTH} characters; trimmed` },
);

/**
 * send-message's chat_id (§5 'Sending a message requires a numeric chat id', §8): an integer 1..ID_MAX, or its digits
 * as a string (a route parameter); anything else, missing included, fails with CHAT_ID_NOT_A_NUMBER.
 */
export const ChatIdField = withMeta(
  refine(
    // A missing field becomes null so that it too gets the spec's text (not 'Required field').
    coerce(unknown(), unknown(), (v) => (v === undefined ? null : typeof v === 'string' && /^\d{1,10}$/.test(v.trim()) ? Number(v.trim()) : v)),
    'chatId',
    (v) => (typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= ID_MAX) || CHAT_ID_NOT_A_NUMBER,
  ),
  { minimum: 1, maximum: ID_MAX, description: `A chat of the signed-in traveller (a number; '${CHAT_ID_NOT_A_NUMBER}' otherwise)` },
) as unknown as ReturnType<typeof bodyId>;

/** A client-made key of a message (a UUID): a resend with the same key answers the message sent before, never a second one. */
export const clientMessageId = withMeta(queryString(128, { pattern: IDEMPOTENCY_KEY_RE }), {
  description: 'Idempotency key of this message (8–128 of letters, digits, . _ : -): the same key answers the same message (offline queue resends)',
});

// ---------------------------------------------------------------------------
// Answer shapes
// ---------------------------------------------------------------------------

/** A message's attachment: an upload of POST /crm/api/file/upload (or image/upload). */
export const ChatFile = type({
  id: integer(),
  name: string(),
  url: withMeta(string(), {
    description: "The traveller's view: /media/uploads/{random}.{ext} (a private file: with its owner's X-Authorization); the staff view: "
      + '/crm/api/agent/file?message_id={id} (with the staff X-Authorization)',
  }),
  size: integer(),
  /** MIME type. */
  type: string(),
});
export type ChatFile = Infer<typeof ChatFile>;

/** One message, as its reader sees it. */
export const ChatMessage = type({
  id: integer(),
  chat_id: integer(),
  direction: enums(MESSAGE_DIRECTIONS),
  /** Who wrote it and their display name (the traveller's own messages: their name). */
  sender_type: enums(SENDER_TYPES),
  sender_name: string(),
  /** Plain text ('' for a deleted message, or a moderated one hidden entirely). */
  text: string(),
  file: nul(ChatFile),
  /** ATTACHMENT_STATUS 0–3 of `file`; null without a file. */
  attachment_status: nullable(enums([0, 1, 2, 3] as const)),
  created_at: withMeta(string(), { format: 'date-time' }),
  edited_at: nul(withMeta(string(), { format: 'date-time' })),
  /** Staff moderated it: `text` is what is left of it (maybe ''). */
  is_moderated: boolean(),
  /** Deleted: text '' and no file. */
  is_deleted: boolean(),
  /** The other side read it. */
  is_read: boolean(),
  /** The sender's idempotency key (send-message client_id), so a client matches its pending message; null otherwise. */
  client_id: nul(string()),
});
export type ChatMessage = Infer<typeof ChatMessage>;

export const ChatOrganizer = type({ id: integer(), name: string() });
export type ChatOrganizer = Infer<typeof ChatOrganizer>;

/** A chat (its listing fields; get-chat answers the same). */
export const Chat = type({
  id: integer(),
  kind: enums(CHAT_KINDS),
  /** 'Support' for a support chat, the organizer's name otherwise (staff: the traveller's name). */
  title: string(),
  /** The organizer of an organizer chat; null for support. */
  organizer: nul(ChatOrganizer),
  /** The tour the chat was started about, if any. */
  tour_id: nul(integer()),
  /** The site (localization id) of a support chat. */
  site_id: integer(),
  last_message: nul(ChatMessage),
  /** Messages of the other side the reader has not read. */
  unread_count: integer(),
  /** A frozen chat is read-only: send-message answers 409 with the reason. */
  is_frozen: boolean(),
  freeze_reason: nul(string()),
  /** Messenger notifications for this chat (disable-notifications; crm_user_chat_notifications_enabled). */
  notifications_enabled: boolean(),
  created_at: withMeta(string(), { format: 'date-time' }),
  /** The time of the last message or change: lists are newest first by it. */
  updated_at: withMeta(string(), { format: 'date-time' }),
  /** Staff readers only: the traveller of the chat. */
  traveller: opt(type({ id: integer(), name: string() })),
});
export type Chat = Infer<typeof Chat>;

// ---------------------------------------------------------------------------
// Traveller calls (§7 'Chat')
// ---------------------------------------------------------------------------

/** GET /crm/api/chat/list */
export const ChatListQuery = type({
  tour_organizer_id: opt(queryId('Only the chats with this organizer')),
  limit: dflt(queryInt(1, CHAT_LIST_MAX, `Page size (default ${CHAT_LIST_LIMIT})`), CHAT_LIST_LIMIT),
  offset: offset('Chats to skip (default 0)'),
});
export type ChatListQuery = Infer<typeof ChatListQuery>;
/** Newest first (by updated_at); `total` is the number of chats matching. */
export const ChatListAnswer = type({ data: array(Chat), total: integer() });
export type ChatListAnswer = Infer<typeof ChatListAnswer>;

/** GET /crm/api/chat/get-chat */
export const ChatIdQuery = type({ chat_id: chatIdQuery });
export const ChatAnswer = type({ data: Chat });
export type ChatAnswer = Infer<typeof ChatAnswer>;

/** GET /crm/api/chat/channels-list: the messengers a traveller can link for chat notifications (chat sources, public-site §3.6). */
export const ChatChannel = type({
  /** The messenger (MESSENGERS): generate-connection-code's source_id. */
  id: enums(MESSENGERS),
  name: string(),
  /** Linked: a connection code of it was redeemed. */
  is_connected: boolean(),
});
export type ChatChannel = Infer<typeof ChatChannel>;
export const ChannelsListAnswer = type({ data: array(ChatChannel) });
export type ChannelsListAnswer = Infer<typeof ChannelsListAnswer>;

/** GET /crm/api/chat/get-chat-with-support: the traveller's support chat of a site (made on the first ask). */
export const SupportChatQuery = type({
  site_id: dflt(withMeta(refine(queryInt(1, ID_MAX), 'site', (v) => v === 1 || v === 12 || 'Incorrect value'), { description: 'The site (localization id: 1 or 12; default 1)' }), 1),
});
export const SupportChatAnswer = type({ id: integer() });
export type SupportChatAnswer = Infer<typeof SupportChatAnswer>;

/** GET /crm/api/chat/get-messages */
export const MessagesQuery = type({
  chat_id: chatIdQuery,
  offset: offset('Messages to skip, counted from the newest (default 0)'),
  limit: dflt(queryInt(1, MESSAGES_PAGE_MAX, `Page size (default ${MESSAGES_PAGE_SIZE})`), MESSAGES_PAGE_SIZE),
  /** Catching up after a reconnect: only messages with a greater id, oldest first (offset is then ignored). */
  after_id: opt(queryInt(0, ID_MAX, 'Only messages newer than this id, oldest first (after a reconnect); offset is ignored')),
});
export type MessagesQuery = Infer<typeof MessagesQuery>;
/** A page: newest first (after_id: oldest first); `total` messages in the chat; `has_more` whether older (after_id: newer) ones remain. */
export const MessagesAnswer = type({ data: array(ChatMessage), total: integer(), has_more: boolean() });
export type MessagesAnswer = Infer<typeof MessagesAnswer>;

/** GET /crm/api/chat/unread-count: the header badge. */
export const UnreadCountQuery = type({ organizer_id: opt(queryId('Only the chats with this organizer')) });
export const UnreadCountAnswer = type({ count: integer() });
export type UnreadCountAnswer = Infer<typeof UnreadCountAnswer>;

/** POST /crm/api/chat/mark-as-read, /crm/api/chat/disable-notifications */
export const ChatIdBody = type({ chat_id: bodyId('A chat of the signed-in traveller (404 otherwise)') });
export type ChatIdBody = Infer<typeof ChatIdBody>;
/** mark-as-read: `count` is the traveller's unread count after it (the badge). */
export const MarkAsReadAnswer = type({ success: literal(true), count: integer() });
export type MarkAsReadAnswer = Infer<typeof MarkAsReadAnswer>;
export const NotificationsAnswer = type({ success: literal(true), notifications_enabled: boolean() });
export type NotificationsAnswer = Infer<typeof NotificationsAnswer>;

/** POST /crm/api/chat/send-message (§3 'Outgoing message': chat_id, message, file_id). A text or a file is required. */
export const SendMessageBody = type({
  chat_id: ChatIdField,
  message: dflt(messageText(0), ''),
  file_id: opt(nul(bodyId('An upload of the signed-in traveller (POST /crm/api/file/upload)'))),
  client_id: opt(clientMessageId),
});
export type SendMessageBody = Infer<typeof SendMessageBody>;
export const MessageAnswer = type({ data: ChatMessage });
export type MessageAnswer = Infer<typeof MessageAnswer>;

/** POST /crm/api/chat/get-chat-with-organizer (captcha): the chat with an organizer, with a first message. */
export const ChatWithOrganizerBody = type({
  organizer_id: bodyId('An organizer (422 otherwise)'),
  tour_id: opt(nul(bodyId('A tour of that organizer, or null'))),
  message: messageText(1),
});
export type ChatWithOrganizerBody = Infer<typeof ChatWithOrganizerBody>;
export const ChatWithOrganizerAnswer = type({ id: integer(), message: ChatMessage });
export type ChatWithOrganizerAnswer = Infer<typeof ChatWithOrganizerAnswer>;

/** GET /crm/api/chat/chats-for-notifications: each chat and whether its messenger notifications are on. */
export const NotificationChat = type({ chat_id: integer(), kind: enums(CHAT_KINDS), title: string(), notifications_enabled: boolean() });
export const ChatsForNotificationsAnswer = type({ data: array(NotificationChat) });
export type ChatsForNotificationsAnswer = Infer<typeof ChatsForNotificationsAnswer>;

/** POST /crm/api/chat/generate-connection-code: a code to send to the messenger's bot, linking it for notifications. */
export const ConnectionCodeBody = type({ source_id: withMeta(enums(MESSENGERS), { description: `The messenger: ${MESSENGERS.join(', ')}` }) });
export type ConnectionCodeBody = Infer<typeof ConnectionCodeBody>;
export const ConnectionCodeAnswer = type({
  code: string(),
  /** The bot link with the code (chat sources' template), when the messenger has one. */
  url: nul(string()),
  expires_at: withMeta(string(), { format: 'date-time' }),
});
export type ConnectionCodeAnswer = Infer<typeof ConnectionCodeAnswer>;

// ---------------------------------------------------------------------------
// Phone codes (§7 'Phone codes and internet calls', §3 'Phone number kinds')
// ---------------------------------------------------------------------------

/** POST /crm/api/phone-code/organizer (captcha). */
export const PhoneCodeOrganizerBody = type({
  tour_organizer_id: bodyId('An organizer (422 otherwise)'),
  country_id: opt(nul(bodyId('The caller\'s country (the number to call is chosen for it)'))),
  timezone: opt(withMeta(refine(integer(), 'range', (v) => (v < TIMEZONE_MIN ? `Minimum ${TIMEZONE_MIN}` : v > TIMEZONE_MAX ? `Maximum ${TIMEZONE_MAX}` : true)), { minimum: TIMEZONE_MIN, maximum: TIMEZONE_MAX })),
});
export type PhoneCodeOrganizerBody = Infer<typeof PhoneCodeOrganizerBody>;
/** POST /crm/api/phone-code/user: the code to call the other side of a chat. */
export const PhoneCodeUserBody = type({
  chat_id: bodyId('A chat of the signed-in traveller (404 otherwise)'),
  country_id: opt(nul(bodyId("The caller's country"))),
});
export type PhoneCodeUserBody = Infer<typeof PhoneCodeUserBody>;
/**
 * Call the number of kind 'for_calls_by_code' and enter the code: the call is put through to the callee. The code
 * lives until expires_at; asking again within its life answers the same code.
 */
export const PhoneCodeAnswer = type({
  phone: string(),
  formatted_phone: string(),
  phone_type: literal('for_calls_by_code'),
  code: string(),
  expires_at: withMeta(string(), { format: 'date-time' }),
  callee: type({ type: enums(['support', 'organizer'] as const), name: string() }),
});
export type PhoneCodeAnswer = Infer<typeof PhoneCodeAnswer>;

// ---------------------------------------------------------------------------
// Agent console (staff), under /crm/api/agent/*
// ---------------------------------------------------------------------------

export const STAFF_KINDS = ['support', 'organizer'] as const;
export type StaffKind = (typeof STAFF_KINDS)[number];

export const StaffProfile = type({ id: integer(), name: string(), login: string(), kind: enums(STAFF_KINDS), organizer_id: nul(integer()) });
export type StaffProfile = Infer<typeof StaffProfile>;

/** POST /crm/api/agent/auth */
export const AgentAuthBody = type({ login: queryString(254, { min: 1 }), password: queryString(128, { min: 1 }) });
export const AgentAuthAnswer = type({ token: string(), staff: StaffProfile });
export type AgentAuthAnswer = Infer<typeof AgentAuthAnswer>;
export const AgentProfileAnswer = type({ staff: StaffProfile });

/** GET /crm/api/agent/chats: the chats the staff member serves (support: every support chat; organizer: their organizer's). */
export const AgentChatListQuery = type({
  limit: dflt(queryInt(1, CHAT_LIST_MAX, `Page size (default ${CHAT_LIST_LIMIT})`), CHAT_LIST_LIMIT),
  offset: offset('Chats to skip (default 0)'),
});
/** GET /crm/api/agent/messages: MessagesQuery. POST /crm/api/agent/send-message: SendMessageBody. */
export const AgentMessageIdBody = type({ message_id: bodyId('A message of a chat the staff member serves') });
export const AgentEditBody = type({ message_id: bodyId('A message the staff member\'s side wrote'), message: messageText(1) });
/** Moderation replaces a traveller's (or staff) message text: `text` is what remains ('' hides it). */
export const AgentModerateBody = type({ message_id: bodyId('A message of a chat the staff member serves'), text: dflt(messageText(0), '') });
export const AgentFreezeBody = type({
  chat_id: bodyId('A chat the staff member serves'),
  is_frozen: boolean(),
  reason: dflt(bodyText(FREEZE_REASON_MAX, `Why (shown to the traveller), at most ${FREEZE_REASON_MAX} characters`), ''),
});
export const AgentMarkAsReadAnswer = type({ success: literal(true), count: integer() });

/**
 * POST /crm/api/agent/call-back (not in the spec; docs/decisions.md 'Calls back to travellers'): the staff member
 * offers the chat's traveller a call (web_call_back 'offered'), or takes the offer back (`withdraw`: 'withdrawn').
 * The traveller answers by calling the line as usual (sip.js is fetched only then); the console takes that call.
 */
export const AgentCallBackBody = type({
  chat_id: bodyId('A chat the staff member serves'),
  withdraw: dflt(boolean(), false),
});
export type AgentCallBackBody = Infer<typeof AgentCallBackBody>;

// ---------------------------------------------------------------------------
// Real-time events (§3 'Real-time chat events'), server → client, by name
// ---------------------------------------------------------------------------

export const CHAT_EVENTS = [
  'new_message',
  'message_was_edit',
  'message_was_moderated',
  'chat_is_read',
  'chat_was_updated',
  'chat_created',
  'message_was_deleted',
  'attachment_download_status_was_changed',
  'crm_user_chat_notifications_enabled',
  'chat_is_frozen',
  'web_call_back',
] as const;
export type ChatEventName = (typeof CHAT_EVENTS)[number];

const MessageEvent = type({ chat_id: integer(), message: ChatMessage });

/** Each event's payload (superstruct: check what arrives). Messages and chats are as the receiver sees them. */
export const CHAT_EVENT_PAYLOADS = {
  new_message: MessageEvent,
  message_was_edit: MessageEvent,
  message_was_moderated: MessageEvent,
  /** Someone read the chat: `reader` 'tourist' (the traveller) or 'staff'; every message up to last_read_message_id is read. */
  chat_is_read: type({
    chat_id: integer(), reader: enums(['tourist', 'staff'] as const), last_read_message_id: integer(),
    read_at: string(), unread_count: integer(),
  }),
  chat_was_updated: type({ chat: Chat }),
  chat_created: type({ chat: Chat }),
  /** The message as it is now (is_deleted, text '', no file). */
  message_was_deleted: type({ chat_id: integer(), message_id: integer(), message: ChatMessage }),
  attachment_download_status_was_changed: type({
    chat_id: integer(), message_id: integer(), file_id: integer(), status: enums([0, 1, 2, 3] as const),
  }),
  /** Messenger notifications switched on (a connection code redeemed) or off (disable-notifications) for these chats. */
  crm_user_chat_notifications_enabled: type({ chat_ids: array(integer()), notifications_enabled: boolean(), source: nul(string()) }),
  chat_is_frozen: type({ chat_id: integer(), is_frozen: boolean(), freeze_reason: nul(string()) }),
  /**
   * A call back of the chat (not in the spec: POST /crm/api/agent/call-back, /crm/api/chat/call-back-decline):
   * 'offered' and 'withdrawn' by the staff member named, 'declined' by the traveller (caller_name ''). The line to
   * call is support's (caller_type 'support') or the organizer's (organizer_id).
   */
  web_call_back: type({
    chat_id: integer(), state: enums(['offered', 'withdrawn', 'declined'] as const), caller_name: string(),
    caller_type: enums(['support', 'organizer'] as const), organizer_id: nul(integer()),
  }),
} as const;

export type ChatEventPayloads = { [E in ChatEventName]: Infer<(typeof CHAT_EVENT_PAYLOADS)[E]> };

/** socket.io handshake: `io({ path: CHAT_SOCKET_PATH, auth: { token } })` (or the X-Authorization header). */
export interface ChatSocketAuth {
  token: string;
}
