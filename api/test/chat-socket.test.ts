/**
 * Live chat's socket.io side (accounts-and-comms §3 'Real-time chat events'; issue 15): the handshake needs a
 * session, events reach exactly the people of a chat (a traveller never gets another traveller's), each of the
 * changes emits its event by name with its payload, and the bounds hold.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { io as connectClient, type Socket } from 'socket.io-client';
import { CHAT_EVENTS, CHAT_EVENT_PAYLOADS, CHAT_SOCKET_MAX_PER_USER, type ChatEventName } from '@tours/shared/src/api/schemas/chat';
import type { AnyStruct } from '@tours/shared/src/api/schemas/common';
import { chatDb } from '../src/db/queries/chat';
import { TOKEN_LIFETIME_DAYS, insertTraveller, issueToken } from '../src/db/queries/travellers';
import { ChatHub } from '../src/use-cases/chat-socket';
import { DEV_STAFF, ensureStaffAccounts } from '../src/db/seed/staff';
import { sessionMarker } from '@tours/shared/src/api/session-cookie';
import { expectShape, testServer, withTestServer, testUploadsDir } from './helpers';

let base: string;
const uploadsDir = testUploadsDir('chat-socket-uploads-');
const open: Socket[] = [];

interface Received {
  event: ChatEventName;
  payload: Record<string, unknown>;
}

class Listener {
  readonly events: Received[] = [];
  constructor(readonly socket: Socket) {
    for (const event of CHAT_EVENTS) {
      socket.on(event, (payload: Record<string, unknown>) => {
        // Every payload matches its schema.
        expectShape(payload, CHAT_EVENT_PAYLOADS[event] as AnyStruct);
        this.events.push({ event, payload });
      });
    }
  }

  /** Waits for an event that matches. */
  async next(event: ChatEventName, match: (p: Record<string, unknown>) => boolean = () => true, timeoutMs = 3000): Promise<Record<string, unknown>> {
    const started = Date.now();
    for (;;) {
      const found = this.events.find((e) => e.event === event && match(e.payload));
      if (found) return found.payload;
      if (Date.now() - started > timeoutMs) throw new Error(`no ${event} within ${timeoutMs} ms; got ${JSON.stringify(this.events.map((e) => e.event))}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  of(chatId: number): Received[] {
    return this.events.filter((e) => e.payload.chat_id === chatId || (e.payload.chat as { id?: number } | undefined)?.id === chatId
      || (e.payload.chat_ids as number[] | undefined)?.includes(chatId));
  }
}

function connect(options: { token?: string; header?: string }): Socket {
  const socket = connectClient(base, {
    path: '/socket.io', transports: ['websocket'], reconnection: false, forceNew: true, timeout: 5000,
    ...(options.token !== undefined ? { auth: { token: options.token } } : {}),
    ...(options.header ? { extraHeaders: { 'x-authorization': options.header } } : {}),
  });
  open.push(socket);
  return socket;
}

async function connected(options: { token?: string; header?: string }): Promise<Listener> {
  const socket = connect(options);
  const listener = new Listener(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (err) => reject(err));
  });
  return listener;
}

async function refused(options: { token?: string; header?: string }): Promise<string> {
  const socket = connect(options);
  return new Promise<string>((resolve, reject) => {
    socket.once('connect', () => reject(new Error('connected')));
    socket.once('connect_error', (err) => resolve(err.message));
  });
}

async function call(method: 'GET' | 'POST', url: string, token: string, payload?: object) {
  const res = await app.inject({ method, url, headers: { 'x-authorization': `Bearer ${token}` }, ...(payload ? { payload } : {}) });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json() as Record<string, unknown> & { data: { id: number } };
}

let anna: string;
let boris: string;
let support: string;
let organizerStaff: string;

const { t, app } = withTestServer({ uploadsDir, sipWsUrl: 'ws://localhost:15999', sipSecret: 'chat-socket-sip-secret-0123456789' });
beforeAll(async () => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  await ensureStaffAccounts(t.db);
  anna = await issueToken(t.db, await insertTraveller(t.db, { first_name: 'Anna', last_name: 'Socket', email: 'anna.socket@example.com' }));
  boris = await issueToken(t.db, await insertTraveller(t.db, { first_name: 'Boris', last_name: 'Socket', email: 'boris.socket@example.com' }));
  const signIn = async (i: 0 | 1) => (await app.inject({ method: 'POST', url: '/crm/api/agent/auth', payload: { login: DEV_STAFF[i].login, password: DEV_STAFF[i].password } })).json().token as string;
  support = await signIn(0);
  organizerStaff = await signIn(1);
}, 120_000);

afterEach(() => {
  for (const socket of open.splice(0)) socket.disconnect();
});


test('the handshake needs a live session token (auth.token or X-Authorization)', async () => {
  expect(await refused({})).toBe('Unauthorized');
  expect(await refused({ token: 'x'.repeat(40) })).toBe('Unauthorized');
  expect(await refused({ token: 'short' })).toBe('Unauthorized');
  const byHeader = await connected({ header: `Bearer ${anna}` });
  expect(byHeader.socket.connected).toBe(true);
  const byAuth = await connected({ token: anna });
  expect(byAuth.socket.connected).toBe(true);
  const staff = await connected({ token: support });
  expect(staff.socket.connected).toBe(true);
});

test('events reach the people of the chat only, each with their own view; a traveller never gets another\'s', async () => {
  const [annaSocket, borisSocket, supportSocket, organizerSocket] = await Promise.all([
    connected({ token: anna }), connected({ token: boris }), connected({ token: support }), connected({ token: organizerStaff }),
  ]);
  const chatId = (await call('GET', '/crm/api/chat/get-chat-with-support?site_id=1', anna)).id as unknown as number;
  const created = await supportSocket.next('chat_created', (p) => (p.chat as { id: number }).id === chatId);
  expect(created.chat).toMatchObject({ kind: 'support', title: 'Socket Anna', traveller: { name: 'Socket Anna' } });
  expect((await annaSocket.next('chat_created')).chat).toMatchObject({ id: chatId, title: 'Support' });

  // new_message: the author's view is output, the other side's input.
  const sent = await call('POST', '/crm/api/chat/send-message', anna, { chat_id: chatId, message: 'Hi <b>there</b>' });
  const mine = await annaSocket.next('new_message', (p) => p.chat_id === chatId);
  expect(mine.message).toMatchObject({ id: sent.data.id, direction: 'output', text: 'Hi <b>there</b>' });
  const theirs = await supportSocket.next('new_message', (p) => p.chat_id === chatId);
  expect(theirs.message).toMatchObject({ id: sent.data.id, direction: 'input', sender_type: 'tourist' });

  // A staff reply, edited, moderated (the traveller's message), deleted.
  const reply = await call('POST', '/crm/api/agent/send-message', support, { chat_id: chatId, message: 'Hello' });
  expect((await annaSocket.next('new_message', (p) => (p.message as { id: number }).id === reply.data.id)).message).toMatchObject({ direction: 'input', sender_type: 'support' });
  await call('POST', '/crm/api/agent/edit-message', support, { message_id: reply.data.id, message: 'Hello, Anna' });
  expect((await annaSocket.next('message_was_edit')).message).toMatchObject({ id: reply.data.id, text: 'Hello, Anna' });
  await call('POST', '/crm/api/agent/moderate-message', support, { message_id: sent.data.id, text: 'Hi there' });
  expect((await annaSocket.next('message_was_moderated')).message).toMatchObject({ id: sent.data.id, is_moderated: true, text: 'Hi there', direction: 'output' });
  await call('POST', '/crm/api/agent/delete-message', support, { message_id: reply.data.id });
  expect(await annaSocket.next('message_was_deleted')).toMatchObject({ chat_id: chatId, message_id: reply.data.id, message: { is_deleted: true, text: '' } });

  // Read marks both ways.
  await call('POST', '/crm/api/chat/mark-as-read', anna, { chat_id: chatId });
  expect(await supportSocket.next('chat_is_read', (p) => p.reader === 'tourist')).toMatchObject({ chat_id: chatId, last_read_message_id: reply.data.id });
  // (Replying moved the staff side's mark already: a new message of Anna's is what is left to read.)
  const more = await call('POST', '/crm/api/chat/send-message', anna, { chat_id: chatId, message: 'Still there?' });
  await call('POST', '/crm/api/agent/mark-as-read', support, { chat_id: chatId });
  expect((await call('GET', `/crm/api/chat/get-messages?chat_id=${chatId}&limit=1`, anna)).data).toEqual([expect.objectContaining({ id: more.data.id, is_read: true })]);
  expect(await annaSocket.next('chat_is_read', (p) => p.reader === 'staff')).toMatchObject({ chat_id: chatId, unread_count: 0 });

  // A call back offered by support reaches both sides (the line: support's).
  await call('POST', '/crm/api/agent/call-back', support, { chat_id: chatId });
  expect(await annaSocket.next('web_call_back')).toEqual({ chat_id: chatId, state: 'offered', caller_name: 'Anna (Support)', caller_type: 'support', organizer_id: null });

  // Freeze, then notifications.
  await call('POST', '/crm/api/agent/freeze', support, { chat_id: chatId, is_frozen: true, reason: 'Closed for the night' });
  expect(await annaSocket.next('chat_is_frozen')).toEqual({ chat_id: chatId, is_frozen: true, freeze_reason: 'Closed for the night' });
  expect((await annaSocket.next('chat_was_updated')).chat).toMatchObject({ id: chatId, is_frozen: true, freeze_reason: 'Closed for the night' });
  await call('POST', '/crm/api/agent/freeze', support, { chat_id: chatId, is_frozen: false });
  await call('POST', '/crm/api/chat/disable-notifications', anna, { chat_id: chatId });
  expect(await annaSocket.next('crm_user_chat_notifications_enabled')).toEqual({ chat_ids: [chatId], notifications_enabled: false, source: null });

  // An attachment's load: LOADING then SUCCESS.
  const stored = `${randomBytes(16).toString('hex')}.pdf`;
  fs.mkdirSync(path.join(uploadsDir, stored.slice(0, 2)), { recursive: true });
  fs.writeFileSync(path.join(uploadsDir, stored.slice(0, 2), stored), '%PDF-1.4\n');
  const travellerId = (await chatDb(t.db).selectFrom('chats').select('traveller_id').where('id', '=', chatId).executeTakeFirstOrThrow()).traveller_id;
  const upload = await chatDb(t.db).insertInto('uploads').values({
    stored_name: stored, traveller_id: travellerId, kind: 'file', bucket: null, mime: 'application/pdf', size: 9, is_public: 0, original_name: 'a.pdf', created_at: new Date().toISOString(),
  }).returning('id').executeTakeFirstOrThrow();
  const withFile = await call('POST', '/crm/api/chat/send-message', anna, { chat_id: chatId, file_id: Number(upload.id) });
  await annaSocket.next('attachment_download_status_was_changed', (p) => p.message_id === withFile.data.id && p.status === 3);
  const statuses = annaSocket.events.filter((e) => e.event === 'attachment_download_status_was_changed' && e.payload.message_id === withFile.data.id).map((e) => e.payload.status);
  expect(statuses).toEqual([1, 3]);
  await supportSocket.next('attachment_download_status_was_changed', (p) => p.message_id === withFile.data.id && p.status === 3);

  // Boris's own chat: only Boris and support hear of it.
  const borisChat = (await call('GET', '/crm/api/chat/get-chat-with-support?site_id=1', boris)).id as unknown as number;
  await call('POST', '/crm/api/chat/send-message', boris, { chat_id: borisChat, message: 'Boris here' });
  await borisSocket.next('new_message', (p) => p.chat_id === borisChat);
  await supportSocket.next('new_message', (p) => p.chat_id === borisChat);
  await new Promise((r) => setTimeout(r, 100));

  expect(borisSocket.of(chatId)).toEqual([]);
  expect(borisSocket.events.every((e) => e.payload.chat_id === borisChat || (e.payload.chat as { id: number } | undefined)?.id === borisChat)).toBe(true);
  expect(annaSocket.of(borisChat)).toEqual([]);
  // The organizer's staff serve no support chat.
  expect(organizerSocket.events).toEqual([]);
  const names = new Set(annaSocket.events.map((e) => e.event));
  for (const event of CHAT_EVENTS) expect(names.has(event) || event === 'crm_user_chat_notifications_enabled').toBe(true);
}, 30_000);

describe('call backs (docs/decisions.md)', () => {
  const post = (url: string, token: string, payload: object) => app.inject({ method: 'POST', url, headers: { 'x-authorization': `Bearer ${token}` }, payload });

  test("offered and withdrawn by the chat's staff, declined by its traveller: each reaches the chat's people only", async () => {
    const cleo = await issueToken(t.db, await insertTraveller(t.db, { first_name: 'Cleo', last_name: 'Callback', email: 'cleo.callback@example.com' }));
    const [cleoSocket, borisSocket, supportSocket] = await Promise.all([connected({ token: cleo }), connected({ token: boris }), connected({ token: support })]);
    const chatId = (await call('GET', '/crm/api/chat/get-chat-with-support?site_id=1', cleo)).id as unknown as number;
    const line = { chat_id: chatId, caller_type: 'support', organizer_id: null };

    expect((await post('/crm/api/agent/call-back', support, { chat_id: chatId })).json()).toEqual({ success: true });
    expect(await cleoSocket.next('web_call_back', (p) => p.state === 'offered')).toEqual({ ...line, state: 'offered', caller_name: 'Anna (Support)' });
    await supportSocket.next('web_call_back', (p) => p.chat_id === chatId && p.state === 'offered');
    await post('/crm/api/agent/call-back', support, { chat_id: chatId, withdraw: true });
    expect(await cleoSocket.next('web_call_back', (p) => p.state === 'withdrawn')).toEqual({ ...line, state: 'withdrawn', caller_name: 'Anna (Support)' });

    expect((await post('/crm/api/chat/call-back-decline', cleo, { chat_id: chatId })).json()).toEqual({ success: true });
    expect(await supportSocket.next('web_call_back', (p) => p.chat_id === chatId && p.state === 'declined')).toEqual({ ...line, state: 'declined', caller_name: '' });
    await new Promise((r) => setTimeout(r, 100));
    expect(borisSocket.of(chatId)).toEqual([]);
  });

  test('refused: another traveller\'s chat, a chat the staff does not serve, a frozen chat, a bad body, no session', async () => {
    const dora = await issueToken(t.db, await insertTraveller(t.db, { first_name: 'Dora', last_name: 'Callback', email: 'dora.callback@example.com' }));
    const chatId = (await call('GET', '/crm/api/chat/get-chat-with-support?site_id=1', dora)).id as unknown as number;
    expect((await post('/crm/api/chat/call-back-decline', boris, { chat_id: chatId })).statusCode).toBe(404);
    expect((await post('/crm/api/agent/call-back', organizerStaff, { chat_id: chatId })).statusCode).toBe(404);
    const bad = await post('/crm/api/agent/call-back', support, { chat_id: 'x', withdraw: 'yes' });
    expect([bad.statusCode, Object.keys(bad.json().errors).sort()]).toEqual([422, ['chat_id', 'withdraw']]);
    expect((await post('/crm/api/agent/call-back', boris, { chat_id: chatId })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/crm/api/chat/call-back-decline', payload: { chat_id: chatId } })).statusCode).toBe(401);
    await call('POST', '/crm/api/agent/freeze', support, { chat_id: chatId, is_frozen: true, reason: 'Closed' });
    const frozen = await post('/crm/api/agent/call-back', support, { chat_id: chatId });
    expect([frozen.statusCode, frozen.json().errors]).toEqual([422, { chat_id: 'This chat is frozen' }]);
    // Withdrawing still works (the offer made before the freeze).
    expect((await post('/crm/api/agent/call-back', support, { chat_id: chatId, withdraw: true })).statusCode).toBe(200);
  });

  test('no SIP registrar on the site: 503', async () => {
    const plain = testServer(t.db, {});
    try {
      const token = (await plain.inject({ method: 'POST', url: '/crm/api/agent/auth', payload: { login: DEV_STAFF[0].login, password: DEV_STAFF[0].password } })).json().token as string;
      const chatId = (await call('GET', '/crm/api/chat/get-chat-with-support?site_id=1', anna)).id as unknown as number;
      const res = await plain.inject({ method: 'POST', url: '/crm/api/agent/call-back', headers: { 'x-authorization': `Bearer ${token}` }, payload: { chat_id: chatId } });
      expect([res.statusCode, res.json().message]).toEqual([503, 'Internet calls are unavailable at the moment']);
    } finally {
      await plain.close();
    }
  });
});

test(`at most ${CHAT_SOCKET_MAX_PER_USER} sockets per person at once`, async () => {
  const token = await issueToken(t.db, await insertTraveller(t.db, { first_name: 'Many', last_name: 'Tabs', email: 'many.tabs@example.com' }));
  const sockets = await Promise.all(Array.from({ length: CHAT_SOCKET_MAX_PER_USER }, () => connected({ token })));
  expect(await refused({ token })).toBe('Too many connections');
  sockets[0]!.socket.disconnect();
  await new Promise((r) => setTimeout(r, 100));
  expect((await connected({ token })).socket.connected).toBe(true);
});

test('at most CHAT_HANDSHAKES_PER_MIN handshakes a minute from one address, as the host server forwards it', async () => {
  const secret = 'x'.repeat(32);
  const limited = testServer(t.db, { uploadsDir, rateLimitPerMin: 600, chatHandshakesPerMin: 3, internalSecret: secret });
  await limited.listen({ port: 0, host: '127.0.0.1' });
  const at = `http://127.0.0.1:${(limited.server.address() as AddressInfo).port}`;
  const attempt = (headers: Record<string, string> = {}) => {
    const socket = connectClient(at, { path: '/socket.io', transports: ['websocket'], reconnection: false, forceNew: true, timeout: 5000, auth: { token: anna }, extraHeaders: headers });
    open.push(socket);
    return new Promise<boolean>((resolve) => {
      socket.once('connect', () => resolve(true));
      socket.once('connect_error', () => resolve(false));
    });
  };
  try {
    // A forged X-Forwarded-For (no internal secret) is not believed: these all count against 127.0.0.1.
    expect([await attempt(), await attempt({ 'x-forwarded-for': '203.0.113.9' }), await attempt()]).toEqual([true, true, true]);
    expect(await attempt({ 'x-forwarded-for': '203.0.113.10' })).toBe(false);
    // Through the host server (its secret) each visitor has an address of its own.
    const viaHost = (visitor: string) => attempt({ 'x-internal-secret': secret, 'x-forwarded-for': visitor });
    expect([await viaHost('198.51.100.7'), await viaHost('198.51.100.7'), await viaHost('198.51.100.7'), await viaHost('198.51.100.7'), await viaHost('198.51.100.8')])
      .toEqual([true, true, true, false, true]);
  } finally {
    for (const socket of open.splice(0)) socket.disconnect();
    await limited.close();
  }
});

test('an oversized packet or a flood of packets ends the socket', async () => {
  const big = await connected({ token: anna });
  const closedBig = new Promise<string>((resolve) => big.socket.once('disconnect', (reason) => resolve(reason)));
  big.socket.emit('message', 'x'.repeat(64 * 1024));
  expect(await closedBig).toMatch(/close/);

  const flood = await connected({ token: anna });
  const closedFlood = new Promise<string>((resolve) => flood.socket.once('disconnect', (reason) => resolve(reason)));
  for (let i = 0; i < 80; i++) flood.socket.emit('ping-me', i);
  expect(await closedFlood).toBe('io server disconnect');
});

describe('a socket lives as long as its session (issue 28)', () => {
  const traveller = async (name: string) => {
    const id = await insertTraveller(t.db, { first_name: name, last_name: 'Session', email: `${name.toLowerCase()}.${randomBytes(3).toString('hex')}@example.com` });
    return { id, token: await issueToken(t.db, id) };
  };
  const closedOf = (listener: Listener) => new Promise<number>((resolve) => {
    const started = Date.now();
    listener.socket.once('disconnect', () => resolve(Date.now() - started));
  });

  test('logout closes every socket of that session at once (no periodic check), and nothing reaches it after', async () => {
    const { token } = await traveller('Leaving');
    const chatId = (await call('GET', '/crm/api/chat/get-chat-with-support?site_id=1', token)).id as unknown as number;
    const [first, second] = [await connected({ token }), await connected({ token })];
    const closed = Promise.all([closedOf(first), closedOf(second)]);
    expect((await app.inject({ method: 'POST', url: '/crm/api/user/logout', headers: { 'x-authorization': `Bearer ${token}` } })).statusCode).toBe(200);
    // Within a second, not at the next minute's check.
    for (const ms of await closed) expect(ms).toBeLessThan(1000);
    // A staff message to that traveller's chat now reaches no socket of theirs.
    await call('POST', '/crm/api/agent/send-message', support, { chat_id: chatId, message: 'After logout' });
    await new Promise((r) => setTimeout(r, 200));
    expect(first.of(chatId).concat(second.of(chatId))).toEqual([]);
    expect(await refused({ token })).toBe('Unauthorized');
  });

  test('a logout that lands while the socket is still shaking hands closes it too (the e2e race of issue 28)', async () => {
    const { token } = await traveller('Racing');
    // The logout arrives after the handshake has found the session live and before the socket joins its rooms:
    // while the handshake counts the person's sockets on other processes.
    const counting = jest.spyOn(ChatHub.prototype as unknown as { elsewhere: () => Promise<number> }, 'elsewhere').mockImplementationOnce(async () => {
      expect((await app.inject({ method: 'POST', url: '/crm/api/user/logout', headers: { 'x-authorization': `Bearer ${token}` } })).statusCode).toBe(200);
      return 0;
    });
    try {
      const racing = connect({ token });
      const events: string[] = [];
      const closed = new Promise<void>((resolve) => {
        racing.once('connect', () => events.push('connect'));
        racing.once('connect_error', (err) => events.push(`refused: ${err.message}`));
        racing.once('disconnect', () => {
          events.push('disconnect');
          resolve();
        });
      });
      await Promise.race([closed, new Promise((r) => setTimeout(r, 3000))]);
      expect(counting).toHaveBeenCalled();
      // The handshake passed (the session was live when checked), then the socket was closed: not left open.
      expect(events).toEqual(['connect', 'disconnect']);
    } finally {
      counting.mockRestore();
    }
  });

  test("a refresh closes the old token's socket; the new token's, and another traveller's, stay open", async () => {
    const anna2 = await traveller('Stays');
    const other = await traveller('Other');
    const staying = await connected({ token: other.token });
    const old = await connected({ token: anna2.token });
    const oldClosed = closedOf(old);
    const refreshed = await app.inject({ method: 'POST', url: '/crm/api/user/refresh-token', headers: { 'x-authorization': `Bearer ${anna2.token}` } });
    const fresh = (refreshed.json() as { token: string }).token;
    const onNew = await connected({ token: fresh });
    // The refreshed token's own socket closes with it.
    expect(await oldClosed).toBeLessThan(1000);
    await new Promise((r) => setTimeout(r, 200));
    expect(staying.socket.connected).toBe(true);
    expect(onNew.socket.connected).toBe(true);
  });

  test('a socket closes when its token expires (a timer, not the minute check)', async () => {
    const id = await insertTraveller(t.db, { first_name: 'Expiring', last_name: 'Session', email: `expiring.${randomBytes(3).toString('hex')}@example.com` });
    // Issued 30 days less 1.5 s ago: it expires 1.5 s from now.
    const token = await issueToken(t.db, id, new Date(Date.now() - TOKEN_LIFETIME_DAYS * 86_400_000 + 1500));
    const listener = await connected({ token });
    const closed = closedOf(listener);
    expect(await closed).toBeLessThan(3000);
  });

  test("a password change closes the traveller's other sessions' sockets, not the one that changed it", async () => {
    const { id, token } = await traveller('Changing');
    const other = await issueToken(t.db, id);
    const here = await connected({ token });
    const there = await connected({ token: other });
    const closed = closedOf(there);
    const res = await app.inject({ method: 'POST', url: '/crm/api/user/change-password', headers: { 'x-authorization': `Bearer ${token}` }, payload: { password: 'a-new-password-1', confirm_password: 'a-new-password-1' } });
    expect(res.statusCode).toBe(200);
    expect(await closed).toBeLessThan(1000);
    expect(here.socket.connected).toBe(true);
  });

  test('a staff logout closes the console\'s socket at once', async () => {
    const login = await app.inject({ method: 'POST', url: '/crm/api/agent/auth', payload: { login: DEV_STAFF[0].login, password: DEV_STAFF[0].password } });
    const staffToken = (login.json() as { token: string }).token;
    const consoleSocket = await connected({ token: staffToken });
    const closed = closedOf(consoleSocket);
    await app.inject({ method: 'POST', url: '/crm/api/agent/logout', headers: { 'x-authorization': `Bearer ${staffToken}` } });
    expect(await closed).toBeLessThan(1000);
  });

  test("the page's marker stands for the auth_token cookie of the handshake, and for nothing else", async () => {
    const { token } = await traveller('Marker');
    const marker = sessionMarker(token);
    const withCookie = (cookie?: string) => connectClient(base, {
      path: '/socket.io', transports: ['websocket'], reconnection: false, forceNew: true, timeout: 5000, auth: { token: marker },
      ...(cookie ? { extraHeaders: { cookie } } : {}),
    });
    const outcome = (socket: Socket) => new Promise<string>((resolve) => {
      open.push(socket);
      socket.once('connect', () => resolve('connected'));
      socket.once('connect_error', (err) => resolve(err.message));
    });
    expect(await outcome(withCookie(`auth_token=${encodeURIComponent(token)}`))).toBe('connected');
    expect(await outcome(withCookie())).toBe('Unauthorized');
    expect(await outcome(withCookie(`auth_token=${encodeURIComponent(anna)}`))).toBe('Unauthorized');
  });
});

test('a restart closes the connections under the sockets: clients come back by themselves (issue 28)', async () => {
  const first = testServer(t.db, { uploadsDir });
  await first.listen({ port: 0, host: '127.0.0.1' });
  const port = (first.server.address() as AddressInfo).port;
  const socket = connectClient(`http://127.0.0.1:${port}`, {
    path: '/socket.io', transports: ['websocket'], forceNew: true, timeout: 5000, auth: { token: anna }, reconnectionDelay: 100, reconnectionDelayMax: 200,
  });
  open.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const reason = new Promise<string>((resolve) => socket.once('disconnect', (r) => resolve(r)));
  await first.close();
  // Not 'io server disconnect', after which a socket.io client never reconnects by itself.
  expect(await reason).toBe('transport close');
  const second = testServer(t.db, { uploadsDir });
  await second.listen({ port, host: '127.0.0.1' });
  try {
    const started = Date.now();
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    expect(Date.now() - started).toBeLessThan(5000);
  } finally {
    socket.disconnect();
    await second.close();
  }
});
