/**
 * Live chat calls (accounts-and-comms §7 'Chat' and 'Phone codes', §8 'Chat'; issue 15): every call with good and
 * malformed input, who may see what, and the agent console's calls. Events are chat-socket.test.ts's.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import {
  AgentAuthAnswer, CHAT_ID_NOT_A_NUMBER, ChannelsListAnswer, ChatAnswer, ChatListAnswer, ChatWithOrganizerAnswer, ChatsForNotificationsAnswer,
  ConnectionCodeAnswer, MarkAsReadAnswer, MessageAnswer, MessagesAnswer, PhoneCodeAnswer, SupportChatAnswer, UnreadCountAnswer,
} from '@tours/shared/src/api/schemas/chat';
import { RequestListAnswer } from '@tours/shared/src/api/schemas/booking';
import { chatDb } from '../src/db/queries/chat';
import { insertTraveller, issueToken } from '../src/db/queries/travellers';
import { DEV_STAFF, ensureDemoChats, ensureStaffAccounts } from '../src/db/seed/staff';
import { createTestDb, expectShape, injectJson, testServer, withTestServer, testUploadsDir } from './helpers';

const uploadsDir = testUploadsDir('chat-uploads-');
let anna: { id: number; token: string };
let boris: { id: number; token: string };
let support: string;
let organizerStaff: string;
let organizerId: number;

const auth = (token: string) => ({ 'x-authorization': `Bearer ${token}` });

async function call(method: 'GET' | 'POST', url: string, token: string | null, payload?: unknown) {
  const res = await injectJson(app, { method, url, headers: token ? auth(token) : {}, ...(payload !== undefined ? { payload: payload as object } : {}) });
  return { ...res, body: res.body as Record<string, unknown> & { errors?: Record<string, string>; message?: string } };
}

async function signInStaff(index: 0 | 1): Promise<string> {
  const res = await call('POST', '/crm/api/agent/auth', null, { login: DEV_STAFF[index].login, password: DEV_STAFF[index].password });
  expect(res.status).toBe(200);
  return expectShape(res.body, AgentAuthAnswer).token;
}

async function supportChatOf(token: string): Promise<number> {
  const res = await call('GET', '/crm/api/chat/get-chat-with-support?site_id=1', token);
  expect(res.status).toBe(200);
  return expectShape(res.body, SupportChatAnswer).id;
}

const { t, app } = withTestServer({ devMode: true, uploadsDir });
beforeAll(async () => {
  await app.ready();
  await ensureStaffAccounts(t.db);
  const a = await insertTraveller(t.db, { first_name: 'Anna', last_name: 'Chat', email: 'anna.chat@example.com' });
  const b = await insertTraveller(t.db, { first_name: 'Boris', last_name: 'Chat', email: 'boris.chat@example.com' });
  anna = { id: a, token: await issueToken(t.db, a) };
  boris = { id: b, token: await issueToken(t.db, b) };
  support = await signInStaff(0);
  organizerStaff = await signInStaff(1);
  organizerId = (await t.db.kysely.selectFrom('organizers').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
}, 120_000);


describe('signed-in only', () => {
  test.each([
    ['GET', '/crm/api/chat/list'], ['GET', '/crm/api/chat/get-chat?chat_id=1'], ['GET', '/crm/api/chat/channels-list'],
    ['GET', '/crm/api/chat/get-chat-with-support?site_id=1'], ['GET', '/crm/api/chat/get-messages?chat_id=1'], ['GET', '/crm/api/chat/unread-count'],
    ['POST', '/crm/api/chat/mark-as-read'], ['POST', '/crm/api/chat/send-message'], ['POST', '/crm/api/chat/get-chat-with-organizer'],
    ['GET', '/crm/api/chat/chats-for-notifications'], ['POST', '/crm/api/chat/generate-connection-code'], ['POST', '/crm/api/chat/disable-notifications'],
    ['POST', '/crm/api/phone-code/organizer'], ['POST', '/crm/api/phone-code/user'],
    ['GET', '/crm/api/agent/chats'], ['GET', '/crm/api/agent/messages?chat_id=1'], ['POST', '/crm/api/agent/send-message'],
  ] as const)('%s %s answers 401 without a session', async (method, url) => {
    const body = method === 'POST' ? (url.includes('organizer') && !url.includes('phone') ? { organizer_id: 1, message: 'hi' } : url.includes('phone-code/organizer') ? { tour_organizer_id: 1 } : url.includes('connection') ? { source_id: 'telegram' } : { chat_id: 1, message: 'hi' }) : undefined;
    const res = await call(method, url, null, body);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Unauthorized' });
    // A staff token is not a traveller session, nor the other way round.
    const other = await call(method, url, url.includes('/agent/') ? anna.token : support, body);
    expect(other.status).toBe(401);
  });
});

describe('support chat and messages', () => {
  test('get-chat-with-support makes one chat per traveller and site, and checks site_id', async () => {
    const id = await supportChatOf(anna.token);
    expect(await supportChatOf(anna.token)).toBe(id);
    expect(await supportChatOf(boris.token)).not.toBe(id);
    const bad = await call('GET', '/crm/api/chat/get-chat-with-support?site_id=5', anna.token);
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ site_id: 'Incorrect value' });
    expect((await call('GET', '/crm/api/chat/get-chat-with-support?site_id=abc', anna.token)).status).toBe(422);
  });

  test("send-message: '`data.chatId` must be a number' for a chat id that is not a number (§8)", async () => {
    for (const chat_id of ['abc', '', null, 1.5, { id: 1 }, undefined, '12x']) {
      const res = await call('POST', '/crm/api/chat/send-message', anna.token, { chat_id, message: 'Hello' });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ chat_id: CHAT_ID_NOT_A_NUMBER });
      expect(res.body.message).toBe('`data.chatId` must be a number');
    }
  });

  test('send-message stores plain text, answers it as the traveller sees it, and refuses bad input', async () => {
    const chatId = await supportChatOf(anna.token);
    const html = '<img src=x onerror=alert(1)> & <b>bold</b>\nline two';
    const sent = await call('POST', '/crm/api/chat/send-message', anna.token, { chat_id: String(chatId), message: `  ${html}  ` });
    expect(sent.status).toBe(200);
    expect(sent.headers['cache-control']).toBe('private, no-store');
    const message = expectShape(sent.body, MessageAnswer).data;
    expect(message).toMatchObject({ chat_id: chatId, direction: 'output', sender_type: 'tourist', sender_name: 'Chat Anna', text: html, file: null, attachment_status: null, is_read: false, is_deleted: false, is_moderated: false, edited_at: null });

    const long = await call('POST', '/crm/api/chat/send-message', anna.token, { chat_id: chatId, message: 'x'.repeat(4001) });
    expect(long.body.errors).toEqual({ message: 'Maximum 4000 characters' });
    const empty = await call('POST', '/crm/api/chat/send-message', anna.token, { chat_id: chatId, message: '   ' });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ message: 'Required field' });
    const nul = await call('POST', '/crm/api/chat/send-message', anna.token, { chat_id: chatId, message: 'a\u0000b' });
    expect(nul.body.errors).toEqual({ message: 'Incorrect value' });
    const file = await call('POST', '/crm/api/chat/send-message', anna.token, { chat_id: chatId, message: 'x', file_id: 'one' });
    expect(file.body.errors).toEqual({ file_id: 'Incorrect value' });
    const notMine = await call('POST', '/crm/api/chat/send-message', anna.token, { chat_id: chatId, file_id: 999999 });
    expect(notMine.body.errors).toEqual({ file_id: 'Not a file you uploaded' });
    const array = await app.inject({ method: 'POST', url: '/crm/api/chat/send-message', headers: auth(anna.token), payload: [1, 2] });
    expect(array.statusCode).toBe(400);
  });

  test("another traveller's chat is 404 everywhere, like an unknown one", async () => {
    const chatId = await supportChatOf(anna.token);
    const calls = [
      call('GET', `/crm/api/chat/get-chat?chat_id=${chatId}`, boris.token),
      call('GET', `/crm/api/chat/get-messages?chat_id=${chatId}`, boris.token),
      call('POST', '/crm/api/chat/send-message', boris.token, { chat_id: chatId, message: 'intrusion' }),
      call('POST', '/crm/api/chat/mark-as-read', boris.token, { chat_id: chatId }),
      call('POST', '/crm/api/chat/disable-notifications', boris.token, { chat_id: chatId }),
      call('POST', '/crm/api/phone-code/user', boris.token, { chat_id: chatId }),
      call('GET', '/crm/api/chat/get-chat?chat_id=2147483600', anna.token),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Chat not found' });
    }
    const list = expectShape((await call('GET', '/crm/api/chat/list', boris.token)).body, ChatListAnswer);
    expect(list.data.map((c) => c.id)).not.toContain(chatId);
  });

  test('a client_id makes a resend answer the same message (offline queue)', async () => {
    const chatId = await supportChatOf(anna.token);
    const client_id = randomUUID();
    const [one, two] = await Promise.all([
      call('POST', '/crm/api/chat/send-message', anna.token, { chat_id: chatId, message: 'Once', client_id }),
      call('POST', '/crm/api/chat/send-message', anna.token, { chat_id: chatId, message: 'Once', client_id }),
    ]);
    expect(one.status).toBe(200);
    expect(two.status).toBe(200);
    expect((one.body.data as { id: number }).id).toBe((two.body.data as { id: number }).id);
    expect((one.body.data as { client_id: string }).client_id).toBe(client_id);
    const bad = await call('POST', '/crm/api/chat/send-message', anna.token, { chat_id: chatId, message: 'x', client_id: 'short' });
    expect(bad.body.errors).toEqual({ client_id: 'Incorrect value' });
  });

  test('a resend whose first answer was lost answers the stored message even if the chat froze meanwhile; the key is per chat (issue 29)', async () => {
    const chatId = await supportChatOf(anna.token);
    const client_id = randomUUID();
    const first = expectShape((await call('POST', '/crm/api/chat/send-message', anna.token, { chat_id: chatId, message: 'Sent before the freeze', client_id })).body, MessageAnswer).data;
    expect((await call('POST', '/crm/api/agent/freeze', support, { chat_id: chatId, is_frozen: true, reason: 'Closed for the night' })).status).toBe(200);
    try {
      const again = await call('POST', '/crm/api/chat/send-message', anna.token, { chat_id: chatId, message: 'Sent before the freeze', client_id });
      expect(again.status).toBe(200);
      expect(expectShape(again.body, MessageAnswer).data).toMatchObject({ id: first.id, text: 'Sent before the freeze', client_id, direction: 'output' });
      // A new message is still refused.
      expect((await call('POST', '/crm/api/chat/send-message', anna.token, { chat_id: chatId, message: 'New one', client_id: randomUUID() })).status).toBe(409);
    } finally {
      await call('POST', '/crm/api/agent/freeze', support, { chat_id: chatId, is_frozen: false });
    }
    const stored = await chatDb(t.db).selectFrom('chat_messages').select('id').where('chat_id', '=', chatId).where('client_id', '=', client_id).execute();
    expect(stored).toHaveLength(1);
    // Another traveller's chat never answers this key's message: their own chat, their own message.
    const clara = await insertTraveller(t.db, { first_name: 'Clara', last_name: 'Chat', email: 'clara.chat@example.com' });
    const claraToken = await issueToken(t.db, clara);
    const theirs = expectShape((await call('POST', '/crm/api/chat/send-message', claraToken, { chat_id: await supportChatOf(claraToken), message: 'Mine', client_id })).body, MessageAnswer).data;
    expect(theirs.id).not.toBe(first.id);
    expect(theirs.text).toBe('Mine');
    expect((await call('POST', '/crm/api/chat/send-message', claraToken, { chat_id: chatId, message: 'x', client_id })).status).toBe(404);
  });

  test('get-messages: newest first with offset and limit, after_id oldest first, bad paging refused', async () => {
    const chatId = await supportChatOf(boris.token);
    const ids: number[] = [];
    for (let i = 1; i <= 5; i++) {
      const res = await call('POST', '/crm/api/chat/send-message', boris.token, { chat_id: chatId, message: `m${i}` });
      ids.push((res.body.data as { id: number }).id);
    }
    const page = expectShape((await call('GET', `/crm/api/chat/get-messages?chat_id=${chatId}&limit=2`, boris.token)).body, MessagesAnswer);
    expect(page.data.map((m) => m.text)).toEqual(['m5', 'm4']);
    expect(page).toMatchObject({ total: 5, has_more: true });
    const last = expectShape((await call('GET', `/crm/api/chat/get-messages?chat_id=${chatId}&offset=4&limit=2`, boris.token)).body, MessagesAnswer);
    expect(last.data.map((m) => m.text)).toEqual(['m1']);
    expect(last.has_more).toBe(false);
    const after = expectShape((await call('GET', `/crm/api/chat/get-messages?chat_id=${chatId}&after_id=${ids[2]}`, boris.token)).body, MessagesAnswer);
    expect(after.data.map((m) => m.text)).toEqual(['m4', 'm5']);
    for (const [query, field] of [['chat_id=abc', 'chat_id'], [`chat_id=${chatId}&offset=-1`, 'offset'], [`chat_id=${chatId}&limit=0`, 'limit'], [`chat_id=${chatId}&limit=101`, 'limit'], ['', 'chat_id']] as const) {
      const res = await call('GET', `/crm/api/chat/get-messages?${query}`, boris.token);
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.errors ?? {})).toEqual([field]);
    }
  });

  test('list: newest first, limit default 20, offset, tour_organizer_id filter; malformed paging is 422', async () => {
    const list = expectShape((await call('GET', '/crm/api/chat/list', anna.token)).body, ChatListAnswer);
    expect(list.total).toBeGreaterThanOrEqual(1);
    const supportChat = list.data.find((c) => c.kind === 'support')!;
    expect(supportChat).toMatchObject({ title: 'Support', organizer: null, is_frozen: false, freeze_reason: null, notifications_enabled: true });
    expect(supportChat.last_message?.direction).toBe('output');
    expect(supportChat.traveller).toBeUndefined();
    expect(expectShape((await call('GET', `/crm/api/chat/list?tour_organizer_id=${organizerId}&limit=20&offset=0`, anna.token)).body, ChatListAnswer).data.every((c) => c.organizer?.id === organizerId)).toBe(true);
    expect(expectShape((await call('GET', '/crm/api/chat/list?offset=1000', anna.token)).body, ChatListAnswer).data).toEqual([]);
    for (const q of ['limit=0', 'limit=101', 'limit=x', 'offset=-1', 'tour_organizer_id=0']) {
      expect((await call('GET', `/crm/api/chat/list?${q}`, anna.token)).status).toBe(422);
    }
    const one = expectShape((await call('GET', `/crm/api/chat/get-chat?chat_id=${supportChat.id}`, anna.token)).body, ChatAnswer);
    expect(one.data.id).toBe(supportChat.id);
    expect((await call('GET', '/crm/api/chat/get-chat?chat_id=x', anna.token)).status).toBe(422);
  });
});

describe('read marks and unread counts', () => {
  test('a staff reply is unread until mark-as-read; then the traveller sees it read and staff see the read mark', async () => {
    const chatId = await supportChatOf(anna.token);
    const before = expectShape((await call('GET', '/crm/api/chat/unread-count', anna.token)).body, UnreadCountAnswer).count;
    const reply = await call('POST', '/crm/api/agent/send-message', support, { chat_id: chatId, message: 'Hello from support' });
    expect(reply.status).toBe(200);
    expect(expectShape(reply.body, MessageAnswer).data).toMatchObject({ direction: 'output', sender_type: 'support', sender_name: 'Anna (Support)' });
    expect(expectShape((await call('GET', '/crm/api/chat/unread-count', anna.token)).body, UnreadCountAnswer).count).toBe(before + 1);
    const chat = expectShape((await call('GET', `/crm/api/chat/get-chat?chat_id=${chatId}`, anna.token)).body, ChatAnswer).data;
    expect(chat.unread_count).toBe(1);
    expect(chat.last_message).toMatchObject({ direction: 'input', text: 'Hello from support', is_read: false });

    const read = expectShape((await call('POST', '/crm/api/chat/mark-as-read', anna.token, { chat_id: chatId })).body, MarkAsReadAnswer);
    expect(read).toEqual({ success: true, count: before });
    const staffPage = expectShape((await call('GET', `/crm/api/agent/messages?chat_id=${chatId}&limit=1`, support)).body, MessagesAnswer);
    expect(staffPage.data[0]).toMatchObject({ text: 'Hello from support', direction: 'output', is_read: true });
    // The staff side read the traveller's messages too.
    expect((await call('POST', '/crm/api/agent/mark-as-read', support, { chat_id: chatId })).status).toBe(200);
    const travellerPage = expectShape((await call('GET', `/crm/api/chat/get-messages?chat_id=${chatId}&limit=2`, anna.token)).body, MessagesAnswer);
    expect(travellerPage.data[1]).toMatchObject({ direction: 'output', is_read: true });
    expect((await call('POST', '/crm/api/chat/mark-as-read', anna.token, { chat_id: 'x' })).body.errors).toEqual({ chat_id: 'Incorrect value' });
    expect((await call('GET', '/crm/api/chat/unread-count?organizer_id=x', anna.token)).status).toBe(422);
  });
});

describe('organizer chats', () => {
  test('get-chat-with-organizer makes the chat with a first message; only that organizer\'s staff serve it', async () => {
    const tour = await t.db.kysely.selectFrom('tours').select('id').where('organizer_id', '=', organizerId).executeTakeFirst();
    const otherTour = await t.db.kysely.selectFrom('tours').select('id').where('organizer_id', '!=', organizerId).executeTakeFirstOrThrow();
    const res = await call('POST', '/crm/api/chat/get-chat-with-organizer', anna.token, { organizer_id: organizerId, tour_id: tour?.id ?? null, message: 'Is the tour on?' });
    expect(res.status).toBe(200);
    const answer = expectShape(res.body, ChatWithOrganizerAnswer);
    expect(answer.message).toMatchObject({ chat_id: answer.id, text: 'Is the tour on?', direction: 'output' });
    const again = expectShape((await call('POST', '/crm/api/chat/get-chat-with-organizer', anna.token, { organizer_id: organizerId, tour_id: null, message: 'Again' })).body, ChatWithOrganizerAnswer);
    expect(again.id).toBe(answer.id);

    for (const [body, field] of [
      [{ organizer_id: 2147483000, message: 'x' }, 'organizer_id'], [{ organizer_id: organizerId, tour_id: otherTour.id, message: 'x' }, 'tour_id'],
      [{ organizer_id: organizerId, message: '' }, 'message'], [{ organizer_id: 'one', message: 'x' }, 'organizer_id'], [{ message: 'x' }, 'organizer_id'],
    ] as const) {
      const bad = await call('POST', '/crm/api/chat/get-chat-with-organizer', anna.token, body);
      expect(bad.status).toBe(422);
      expect(Object.keys(bad.body.errors ?? {})).toEqual([field]);
    }

    const chat = expectShape((await call('GET', `/crm/api/chat/get-chat?chat_id=${answer.id}`, anna.token)).body, ChatAnswer).data;
    expect(chat).toMatchObject({ kind: 'organizer', organizer: { id: organizerId } });
    expect(chat.title).toBe(chat.organizer!.name);
    const staffList = expectShape((await call('GET', '/crm/api/agent/chats', organizerStaff)).body, ChatListAnswer);
    expect(staffList.data.map((c) => c.id)).toContain(answer.id);
    expect(staffList.data.every((c) => c.kind === 'organizer')).toBe(true);
    expect(staffList.data.find((c) => c.id === answer.id)).toMatchObject({ traveller: { id: anna.id, name: 'Chat Anna' }, title: 'Chat Anna', unread_count: 2 });
    // Support does not serve organizer chats, nor the organizer's staff support chats.
    expect((await call('GET', `/crm/api/agent/messages?chat_id=${answer.id}`, support)).status).toBe(404);
    expect((await call('GET', `/crm/api/agent/messages?chat_id=${await supportChatOf(anna.token)}`, organizerStaff)).status).toBe(404);
    expect(expectShape((await call('GET', `/crm/api/chat/unread-count?organizer_id=${organizerId}`, anna.token)).body, UnreadCountAnswer).count).toBe(0);
  });
});

describe('agent console', () => {
  test('auth refuses a wrong pair with one answer for both cases', async () => {
    const wrong = await call('POST', '/crm/api/agent/auth', null, { login: DEV_STAFF[0].login, password: 'nope' });
    const unknown = await call('POST', '/crm/api/agent/auth', null, { login: 'nobody@tours.example', password: 'nope' });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.errors).toEqual({ password: 'Incorrect login or password' });
    expect((await call('POST', '/crm/api/agent/auth', null, { login: '' })).status).toBe(422);
    const profile = await call('GET', '/crm/api/agent/profile', support);
    expect(profile.body).toMatchObject({ staff: { kind: 'support', organizer_id: null, login: DEV_STAFF[0].login } });
    const token = await signInStaff(0);
    expect((await call('POST', '/crm/api/agent/logout', token)).status).toBe(200);
    expect((await call('GET', '/crm/api/agent/profile', token)).status).toBe(401);
  });

  test('edit, moderate, delete and freeze; a frozen chat is read-only for the traveller', async () => {
    const chatId = await supportChatOf(boris.token);
    const own = (await call('POST', '/crm/api/chat/send-message', boris.token, { chat_id: chatId, message: 'Call me at +7 900 000-00-00' })).body.data as { id: number };
    const staffMsg = (await call('POST', '/crm/api/agent/send-message', support, { chat_id: chatId, message: 'Typo' })).body.data as { id: number };

    const edited = expectShape((await call('POST', '/crm/api/agent/edit-message', support, { message_id: staffMsg.id, message: 'Fixed' })).body, MessageAnswer).data;
    expect(edited.text).toBe('Fixed');
    expect(edited.edited_at).not.toBeNull();
    expect((await call('POST', '/crm/api/agent/edit-message', support, { message_id: own.id, message: 'x' })).status).toBe(409);
    expect((await call('POST', '/crm/api/agent/edit-message', support, { message_id: 'x', message: 'x' })).status).toBe(422);
    expect((await call('POST', '/crm/api/agent/edit-message', organizerStaff, { message_id: staffMsg.id, message: 'x' })).status).toBe(404);

    const moderated = expectShape((await call('POST', '/crm/api/agent/moderate-message', support, { message_id: own.id, text: 'Call me at [hidden]' })).body, MessageAnswer).data;
    expect(moderated).toMatchObject({ is_moderated: true, text: 'Call me at [hidden]', direction: 'input' });
    const deleted = expectShape((await call('POST', '/crm/api/agent/delete-message', support, { message_id: staffMsg.id })).body, MessageAnswer).data;
    expect(deleted).toMatchObject({ is_deleted: true, text: '', file: null });
    const seen = expectShape((await call('GET', `/crm/api/chat/get-messages?chat_id=${chatId}&limit=2`, boris.token)).body, MessagesAnswer).data;
    expect(seen[0]).toMatchObject({ id: staffMsg.id, is_deleted: true, text: '' });
    expect(seen[1]).toMatchObject({ id: own.id, is_moderated: true, text: 'Call me at [hidden]', direction: 'output' });

    expect((await call('POST', '/crm/api/agent/freeze', support, { chat_id: chatId, is_frozen: true })).body.errors).toEqual({ reason: 'Required field' });
    const frozen = expectShape((await call('POST', '/crm/api/agent/freeze', support, { chat_id: chatId, is_frozen: true, reason: 'Spam' })).body, ChatAnswer).data;
    expect(frozen).toMatchObject({ is_frozen: true, freeze_reason: 'Spam' });
    const refused = await call('POST', '/crm/api/chat/send-message', boris.token, { chat_id: chatId, message: 'Let me in' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ message: 'Spam', data: { is_frozen: true, freeze_reason: 'Spam' } });
    expect(expectShape((await call('GET', `/crm/api/chat/get-chat?chat_id=${chatId}`, boris.token)).body, ChatAnswer).data).toMatchObject({ is_frozen: true, freeze_reason: 'Spam' });
    await call('POST', '/crm/api/agent/freeze', support, { chat_id: chatId, is_frozen: false });
    expect((await call('POST', '/crm/api/chat/send-message', boris.token, { chat_id: chatId, message: 'Thanks' })).status).toBe(200);
    expect(expectShape((await call('GET', '/crm/api/agent/unread-count', support)).body, UnreadCountAnswer).count).toBeGreaterThan(0);
  });

  test("list-for-chat answers the chat traveller's requests to that traveller and the serving staff only", async () => {
    const chatId = await supportChatOf(anna.token);
    const tour = await t.db.kysely.selectFrom('tours').select('id').where('is_published', '=', 1).executeTakeFirstOrThrow();
    const sent = await app.inject({
      method: 'POST', url: '/spa/submit-help-request', headers: auth(anna.token),
      payload: { data: { type: 'common_help', name: 'Anna', phone: '+79001234567', tour_id: tour.id } },
    });
    expect(sent.statusCode).toBe(200);
    const requestId = (sent.json() as { request_id: number }).request_id;
    const mine = expectShape((await call('GET', `/crm/api/request/list-for-chat?chat_id=${chatId}`, anna.token)).body, RequestListAnswer);
    expect(mine.requests.map((r) => r.id)).toContain(requestId);
    const staff = expectShape((await call('GET', `/crm/api/request/list-for-chat?chat_id=${chatId}`, support)).body, RequestListAnswer);
    expect(staff.requests.map((r) => r.id)).toContain(requestId);
    for (const token of [boris.token, organizerStaff, null]) {
      expect((await call('GET', `/crm/api/request/list-for-chat?chat_id=${chatId}`, token)).body).toEqual({ requests: [] });
    }
  });
});

describe('attachments', () => {
  test('a file of the traveller goes WAITING, then LOADING, then SUCCESS; a missing file FAILED', async () => {
    const chatId = await supportChatOf(anna.token);
    const insertUpload = async (write: boolean) => {
      const stored = `${randomBytes(16).toString('hex')}.pdf`;
      const bytes = Buffer.from('%PDF-1.4\n%test\n');
      if (write) {
        fs.mkdirSync(path.join(uploadsDir, stored.slice(0, 2)), { recursive: true });
        fs.writeFileSync(path.join(uploadsDir, stored.slice(0, 2), stored), bytes);
      }
      const row = await chatDb(t.db).insertInto('uploads').values({
        stored_name: stored, traveller_id: anna.id, kind: 'file', bucket: null, mime: 'application/pdf', size: bytes.length, is_public: 0,
        original_name: 'ticket.pdf', created_at: new Date().toISOString(),
      }).returning('id').executeTakeFirstOrThrow();
      return Number(row.id);
    };
    const waitFor = async (messageId: number, status: number) => {
      for (let i = 0; i < 100; i++) {
        const row = await chatDb(t.db).selectFrom('chat_messages').select('attachment_status').where('id', '=', messageId).executeTakeFirstOrThrow();
        if (row.attachment_status === status) return;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error(`status ${status} never reached`);
    };
    const good = expectShape((await call('POST', '/crm/api/chat/send-message', anna.token, { chat_id: chatId, file_id: await insertUpload(true) })).body, MessageAnswer).data;
    expect(good).toMatchObject({ text: '', attachment_status: 0, file: { name: 'ticket.pdf', type: 'application/pdf' } });
    expect(good.file!.url).toMatch(/^\/media\/uploads\/[0-9a-f]{32}\.pdf$/);
    await waitFor(good.id, 3);
    // The chat's staff get the file through the agent file call (a traveller's upload is private to its owner).
    const staffView = expectShape((await call('GET', `/crm/api/agent/messages?chat_id=${chatId}&limit=1`, support)).body, MessagesAnswer).data[0]!;
    expect(staffView.file!.url).toBe(`/crm/api/agent/file?message_id=${good.id}`);
    const fetched = await app.inject({ method: 'GET', url: staffView.file!.url, headers: auth(support) });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.body).toBe('%PDF-1.4\n%test\n');
    expect(fetched.headers).toMatchObject({ 'content-type': 'application/pdf', 'x-content-type-options': 'nosniff', 'cache-control': 'private, no-store' });
    expect(fetched.headers['content-disposition']).toContain('attachment; filename="ticket.pdf"');
    expect((await app.inject({ method: 'GET', url: staffView.file!.url, headers: auth(organizerStaff) })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: staffView.file!.url, headers: auth(anna.token) })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/crm/api/agent/file?message_id=x', headers: auth(support) })).statusCode).toBe(422);
    const bad = expectShape((await call('POST', '/crm/api/chat/send-message', anna.token, { chat_id: chatId, message: 'lost', file_id: await insertUpload(false) })).body, MessageAnswer).data;
    await waitFor(bad.id, 2);
    // Boris may not send Anna's file.
    const theirs = await call('POST', '/crm/api/chat/send-message', boris.token, { chat_id: await supportChatOf(boris.token), file_id: good.file!.id });
    expect(theirs.body.errors).toEqual({ file_id: 'Not a file you uploaded' });
  });
});

describe('notifications and codes', () => {
  test('channels-list, generate-connection-code, redeeming it, chats-for-notifications, disable-notifications', async () => {
    const channels = expectShape((await call('GET', '/crm/api/chat/channels-list', anna.token)).body, ChannelsListAnswer);
    expect(channels.data.map((c) => c.id)).toContain('telegram');
    expect(channels.data.every((c) => !c.is_connected)).toBe(true);
    const bad = await call('POST', '/crm/api/chat/generate-connection-code', anna.token, { source_id: 'icq' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors ?? {})).toEqual(['source_id']);
    const code = expectShape((await call('POST', '/crm/api/chat/generate-connection-code', anna.token, { source_id: 'telegram' })).body, ConnectionCodeAnswer);
    expect(code.code).toMatch(/^[A-Z2-9]{8}$/);
    expect(code.url).toBe(`https://t.me/tours_example_bot?start=${code.code}`);

    const chatId = await supportChatOf(anna.token);
    const off = await call('POST', '/crm/api/chat/disable-notifications', anna.token, { chat_id: chatId });
    expect(off.body).toEqual({ success: true, notifications_enabled: false });
    let list = expectShape((await call('GET', '/crm/api/chat/chats-for-notifications', anna.token)).body, ChatsForNotificationsAnswer);
    expect(list.data.find((c) => c.chat_id === chatId)).toMatchObject({ kind: 'support', notifications_enabled: false });

    const redeem = await app.inject({ method: 'POST', url: '/internal/chat/redeem-connection-code', payload: { code: code.code } });
    expect(redeem.statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/internal/chat/redeem-connection-code', payload: { code: code.code } })).statusCode).toBe(422);
    list = expectShape((await call('GET', '/crm/api/chat/chats-for-notifications', anna.token)).body, ChatsForNotificationsAnswer);
    expect(list.data.every((c) => c.notifications_enabled)).toBe(true);
    const after = expectShape((await call('GET', '/crm/api/chat/channels-list', anna.token)).body, ChannelsListAnswer);
    expect(after.data.find((c) => c.id === 'telegram')?.is_connected).toBe(true);
    expect((await call('POST', '/crm/api/chat/disable-notifications', anna.token, { chat_id: 'x' })).status).toBe(422);
  });

  test('phone-code/organizer and phone-code/user answer the calls-by-code number and a stable code', async () => {
    const one = expectShape((await call('POST', '/crm/api/phone-code/organizer', anna.token, { tour_organizer_id: organizerId, country_id: 1, timezone: 0 })).body, PhoneCodeAnswer);
    expect(one).toMatchObject({ phone_type: 'for_calls_by_code', formatted_phone: '+7 499 350-45-67', callee: { type: 'organizer' } });
    expect(one.code).toMatch(/^\d{6}$/);
    const two = expectShape((await call('POST', '/crm/api/phone-code/organizer', anna.token, { tour_organizer_id: organizerId })).body, PhoneCodeAnswer);
    expect(two.code).toBe(one.code);
    for (const body of [{ tour_organizer_id: 2147483000 }, { tour_organizer_id: 'x' }, { tour_organizer_id: organizerId, timezone: 40 }, {}]) {
      expect((await call('POST', '/crm/api/phone-code/organizer', anna.token, body)).status).toBe(422);
    }
    const chatId = await supportChatOf(anna.token);
    const user = expectShape((await call('POST', '/crm/api/phone-code/user', anna.token, { chat_id: chatId, country_id: 1 })).body, PhoneCodeAnswer);
    expect(user.callee).toEqual({ type: 'support', name: 'Support' });
    expect((await call('POST', '/crm/api/phone-code/user', anna.token, { chat_id: 'x' })).status).toBe(422);
  });
});

describe('hostile query values', () => {
  const HOSTILE = ['', ' ', 'x'.repeat(10_000), '-1', '1e308', '99999999999999999999', '0x1F', 'NaN', 'null', '%00', '1.5', '[]', '%3Cscript%3E'];
  test.each([
    ['/crm/api/chat/list', ['tour_organizer_id', 'limit', 'offset'], 'traveller'],
    ['/crm/api/chat/get-chat', ['chat_id'], 'traveller'],
    ['/crm/api/chat/get-messages', ['chat_id', 'offset', 'limit', 'after_id'], 'traveller'],
    ['/crm/api/chat/get-chat-with-support', ['site_id'], 'traveller'],
    ['/crm/api/chat/unread-count', ['organizer_id'], 'traveller'],
    ['/crm/api/agent/chats', ['limit', 'offset'], 'staff'],
    ['/crm/api/agent/get-chat', ['chat_id'], 'staff'],
    ['/crm/api/agent/messages', ['chat_id', 'offset', 'limit', 'after_id'], 'staff'],
    ['/crm/api/request/list-for-chat', ['chat_id'], 'staff'],
  ] as const)('%s never answers a 5xx, always the error shape', async (url, params, who) => {
    const token = who === 'staff' ? support : anna.token;
    const chatId = await supportChatOf(anna.token);
    for (const param of params) {
      for (const value of HOSTILE) {
        const others = params.filter((p) => p !== param && p === 'chat_id').map((p) => `${p}=${chatId}`);
        const res = await call('GET', `${url}?${[...others, `${param}=${value}`].join('&')}`, token);
        expect(res.status).toBeLessThan(500);
        if (res.status >= 400) expect(typeof res.body.message).toBe('string');
        else expect(res.status).toBe(200);
      }
    }
    const ok = await call('GET', `${url}?${params.includes('chat_id' as never) ? `chat_id=${chatId}` : ''}`, token);
    expect(ok.status).toBe(200);
  });
});

test('the development seed: two staff accounts and, on a database without chats, the demo chats', async () => {
  const fresh = await createTestDb();
  try {
    expect(await ensureStaffAccounts(fresh.db)).toEqual(DEV_STAFF.map((x) => x.login));
    expect(await ensureStaffAccounts(fresh.db)).toEqual([]);
    expect(await ensureDemoChats(fresh.db)).toBe(true);
    expect(await ensureDemoChats(fresh.db)).toBe(false);
    const freshApp = testServer(fresh.db);
    try {
      const login = await freshApp.inject({ method: 'POST', url: '/crm/api/agent/auth', payload: { login: DEV_STAFF[0].login, password: DEV_STAFF[0].password } });
      const token = (login.json() as { token: string }).token;
      const chats = expectShape((await freshApp.inject({ method: 'GET', url: '/crm/api/agent/chats', headers: auth(token) })).json(), ChatListAnswer);
      expect(chats.data).toHaveLength(1);
      expect(chats.data[0]).toMatchObject({ kind: 'support', unread_count: 1, last_message: { text: 'Yes, please: two adults.', direction: 'input' } });
      expect(chats.data[0]!.traveller?.name).toBe('Traveller Demo');
    } finally {
      await freshApp.close();
    }
  } finally {
    await fresh.cleanup();
  }
}, 60_000);
