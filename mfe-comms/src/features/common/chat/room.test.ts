import { ApiError } from '@tours/shared/core';
import type { ChatMessage, MessagesAnswer } from '@tours/shared/api';
import { ChatRoom, type BrowserNetwork, type RoomCalls } from './room';
import { connectChat } from './socket';
import { fakeSockets } from './test-socket';
import { chat, message } from './test-fixture';

/** Calls answered by hand: each call waits until the test resolves it, so the test decides what arrives when. */
function manualCalls(server: { messages: ChatMessage[]; unread?: number }) {
  const log: string[] = [];
  let sendResult: (body: { client_id: string; message: string }) => Promise<{ data: ChatMessage }> = async (b) => ({ data: message(900, { direction: 'output', text: b.message, client_id: b.client_id }) });
  const calls: RoomCalls = {
    side: 'tourist',
    chat: async () => {
      log.push('chat');
      return { data: chat(5, { unread_count: server.unread ?? 0 }) };
    },
    messages: async ({ afterId }): Promise<MessagesAnswer> => {
      log.push(afterId === undefined ? 'page' : `after ${afterId}`);
      const sorted = [...server.messages].sort((a, b) => a.id - b.id);
      return afterId === undefined
        ? { data: sorted.reverse(), total: sorted.length, has_more: false }
        : { data: sorted.filter((m) => m.id > afterId), total: sorted.length, has_more: false };
    },
    markAsRead: async () => {
      log.push('read');
      server.unread = 0;
      return { success: true, count: 0 };
    },
    send: (body) => {
      log.push(`send ${body.message}`);
      return sendResult(body);
    },
  };
  return { calls, log, setSend: (fn: typeof sendResult) => void (sendResult = fn) };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

/** The browser's network as the test says: online() and the 'online' / 'offline' events. */
function fakeNetwork(): BrowserNetwork & { set(online: boolean): void } {
  let online = true;
  const handlers = new Set<(online: boolean) => void>();
  return {
    online: () => online,
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    set(next) {
      online = next;
      for (const h of [...handlers]) h(next);
    },
  };
}

function setup(server: { messages: ChatMessage[]; unread?: number }, visible = () => true) {
  const f = fakeSockets();
  const connection = connectChat('tok', f.factory, undefined);
  const m = manualCalls(server);
  const network = fakeNetwork();
  const room = new ChatRoom({ calls: m.calls, chatId: 5, connection, isVisible: visible, network });
  const pending = () => room.getSnapshot().messages.outgoing.map((o) => `${o.text}:${o.status}`);
  return { room, socket: f.last(), network, pending, sockets: f.sockets, ...m, ids: () => room.getSnapshot().messages.items.map((x) => x.id) };
}

/** A server that stores each client id once (as the API does) and answers by the test's rule. */
function storingSend(t: ReturnType<typeof setup>, answer: (attempt: number, body: { message: string }) => 'answer' | 'lost' | 'down') {
  const stored = new Map<string, ChatMessage>();
  let attempt = 0;
  let nextId = 900;
  t.setSend(async (b) => {
    attempt += 1;
    const how = answer(attempt, b);
    if (how === 'down') throw new ApiError(0, '/crm/api/chat/send-message', 'Network error');
    const m = stored.get(b.client_id) ?? message(nextId++, { direction: 'output', text: b.message, client_id: b.client_id });
    stored.set(b.client_id, m);
    // Stored, but the answer never reached the browser (a timeout, the network gone on the way back).
    if (how === 'lost') throw new ApiError(0, '/crm/api/chat/send-message', 'Timeout');
    return { data: m };
  });
  return stored;
}

describe('chat room: loading, catching up, sending', () => {
  test('a socket that connects after the first page is caught up from the last message', async () => {
    const server = { messages: [message(1), message(2)] };
    const t = setup(server);
    await t.room.start();
    expect(t.ids()).toEqual([1, 2]);
    server.messages.push(message(3));
    t.socket.open();
    await flush();
    expect(t.log).toContain('after 2');
    expect(t.ids()).toEqual([1, 2, 3]);
  });

  test('a connection during the first load catches up once it is done', async () => {
    const server = { messages: [message(1)] };
    const t = setup(server);
    const started = t.room.start();
    t.socket.open();
    await started;
    await flush();
    expect(t.log.filter((l) => l.startsWith('after'))).toEqual(['after 1']);
  });

  test('a reconnection during a catch-up catches up again afterwards', async () => {
    const server = { messages: [message(1)] };
    const t = setup(server);
    await t.room.start();
    t.socket.open();
    // Dropped and back while the first catch-up is still on its way.
    t.socket.drop();
    server.messages.push(message(2));
    t.socket.open();
    await flush();
    await flush();
    expect(t.log.filter((l) => l.startsWith('after')).length).toBeGreaterThanOrEqual(2);
    expect(t.ids()).toEqual([1, 2]);
  });

  test('a message that got no answer while connected is sent again later, once', async () => {
    jest.useFakeTimers();
    try {
      const server = { messages: [] as ChatMessage[] };
      const t = setup(server);
      await t.room.start();
      t.socket.open();
      await jest.advanceTimersByTimeAsync(0);
      let fail = true;
      t.setSend(async (b) => {
        if (fail) {
          fail = false;
          throw new ApiError(503, '/crm/api/chat/send-message', 'Service unavailable');
        }
        return { data: message(900, { direction: 'output', text: b.message, client_id: b.client_id }) };
      });
      t.room.send('Hello');
      await jest.advanceTimersByTimeAsync(0);
      expect(t.room.getSnapshot().messages.outgoing.map((o) => o.status)).toEqual(['queued']);
      await jest.advanceTimersByTimeAsync(2_000);
      expect(t.log.filter((l) => l === 'send Hello')).toHaveLength(2);
      expect(t.ids()).toEqual([900]);
      expect(t.room.getSnapshot().messages.outgoing).toEqual([]);
      await jest.advanceTimersByTimeAsync(60_000);
      expect(t.log.filter((l) => l === 'send Hello')).toHaveLength(2);
    } finally {
      jest.useRealTimers();
    }
  });

  test('an event that arrives while catching up does not move where the next catch-up starts', async () => {
    const server = { messages: [message(1)] };
    const t = setup(server);
    await t.room.start();
    // The first catch-up is on its way (it finds nothing after 1); the socket drops, message 2 is written meanwhile,
    // the socket is back and the event of message 3 comes before that catch-up ends.
    t.socket.open();
    t.socket.drop();
    server.messages.push(message(2), message(3));
    t.socket.open();
    t.socket.emit('new_message', { chat_id: 5, message: message(3) });
    await flush();
    await flush();
    expect(t.ids()).toEqual([1, 2, 3]);
    expect(t.log.filter((l) => l.startsWith('after'))).toEqual(['after 1', 'after 1']);
  });

  test('a live event while caught up moves where the next catch-up starts', async () => {
    const server = { messages: [message(1)] };
    const t = setup(server);
    await t.room.start();
    t.socket.open();
    await flush();
    server.messages.push(message(2));
    t.socket.emit('new_message', { chat_id: 5, message: message(2) });
    t.socket.drop();
    t.socket.open();
    await flush();
    expect(t.log.filter((l) => l.startsWith('after'))).toEqual(['after 1', 'after 2']);
    expect(t.ids()).toEqual([1, 2]);
  });

  test('a refusal (4xx) is not retried: it waits for the traveller', async () => {
    const t = setup({ messages: [] });
    await t.room.start();
    t.socket.open();
    await flush();
    t.setSend(async () => {
      throw new ApiError(422, '/crm/api/chat/send-message', 'Required field');
    });
    t.room.send('x');
    await flush();
    expect(t.room.getSnapshot().messages.outgoing.map((o) => o.status)).toEqual(['failed']);
  });

  test('in a hidden tab a new message is counted, not marked read; it is marked when seen', async () => {
    let visible = false;
    const server = { messages: [message(1)] };
    const t = setup(server, () => visible);
    await t.room.start();
    t.socket.open();
    await flush();
    t.socket.emit('new_message', { chat_id: 5, message: message(2) });
    expect(t.log).not.toContain('read');
    expect(t.room.getSnapshot().chat?.unread_count).toBe(1);
    visible = true;
    t.room.markRead();
    await flush();
    expect(t.log).toContain('read');
    expect(t.room.getSnapshot().chat?.unread_count).toBe(0);
  });
});

describe('the queue goes by itself, each message once (issue 29: a message written in a network blip waited for a socket drop)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  async function online(server = { messages: [] as ChatMessage[] }) {
    const t = setup(server);
    await t.room.start();
    t.socket.open();
    await jest.advanceTimersByTimeAsync(0);
    return t;
  }
  const sends = (t: ReturnType<typeof setup>, text: string) => t.log.filter((l) => l === `send ${text}`).length;

  test('written while the browser is offline and the socket stays up: sent once when the browser is back, no socket drop needed', async () => {
    const t = await online();
    t.network.set(false);
    t.room.send('In the blip');
    await jest.advanceTimersByTimeAsync(0);
    expect(t.pending()).toEqual(['In the blip:queued']);
    expect(t.room.getSnapshot().queueWait).toBe('network');
    expect(sends(t, 'In the blip')).toBe(0);
    t.network.set(true);
    await jest.advanceTimersByTimeAsync(0);
    expect(sends(t, 'In the blip')).toBe(1);
    expect(t.ids()).toEqual([900]);
    expect(t.pending()).toEqual([]);
    expect(t.room.getSnapshot().queueWait).toBeNull();
    expect(t.sockets).toHaveLength(1);
    expect(t.socket.connected).toBe(true);
    await jest.advanceTimersByTimeAsync(120_000);
    expect(sends(t, 'In the blip')).toBe(1);
  });

  test('a tunnel: the messages written in it go when the browser is back, before the socket is; the catch-up still brings what the other side wrote meanwhile, once, in order', async () => {
    // As the e2e run showed: hello 5; in the tunnel the agent writes 6 and 7 and the traveller queues two; the browser's
    // 'online' sends them (stored as 8 and 9) before the socket is back, then the socket reconnects and catches up.
    const server = { messages: [message(5, { direction: 'output', text: 'Hello before the tunnel' })] };
    const t = await online(server);
    t.setSend(async (b) => {
      const stored = message(Math.max(...server.messages.map((x) => x.id)) + 1, { direction: 'output', text: b.message, client_id: b.client_id });
      server.messages.push(stored);
      return { data: stored };
    });
    t.network.set(false);
    t.socket.drop();
    server.messages.push(message(6, { text: 'Agent message one' }), message(7, { text: 'Agent message two' }));
    t.room.send('Written in the tunnel');
    t.room.send('And a second line');
    await jest.advanceTimersByTimeAsync(20_000);
    expect(t.pending()).toEqual(['Written in the tunnel:queued', 'And a second line:queued']);
    expect(t.room.getSnapshot().queueWait).toBe('network');

    t.network.set(true);
    await jest.advanceTimersByTimeAsync(0);
    expect(t.log.filter((l) => l.startsWith('send'))).toEqual(['send Written in the tunnel', 'send And a second line']);
    t.socket.open();
    t.socket.emit('new_message', { chat_id: 5, message: server.messages.find((x) => x.id === 9)! });
    await jest.advanceTimersByTimeAsync(0);

    expect(t.log.filter((l) => l.startsWith('after'))).toEqual(['after 5', 'after 5']);
    expect(t.room.getSnapshot().messages.items.map((x) => x.text)).toEqual(
      ['Hello before the tunnel', 'Agent message one', 'Agent message two', 'Written in the tunnel', 'And a second line'],
    );
    expect(t.pending()).toEqual([]);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(t.log.filter((l) => l.startsWith('send'))).toHaveLength(2);
  });

  test("the browser's 'online' never comes (it can be wrong): a try every 30 s anyway", async () => {
    const t = await online();
    t.network.set(false);
    storingSend(t, (attempt) => (attempt < 2 ? 'down' : 'answer'));
    t.room.send('Quiet network');
    await jest.advanceTimersByTimeAsync(29_999);
    expect(sends(t, 'Quiet network')).toBe(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(sends(t, 'Quiet network')).toBe(1);
    expect(t.pending()).toEqual(['Quiet network:queued']);
    await jest.advanceTimersByTimeAsync(30_000);
    expect(sends(t, 'Quiet network')).toBe(2);
    expect(t.pending()).toEqual([]);
    expect(t.ids()).toEqual([900]);
  });

  test('sends without an answer while the socket is up are tried again after 2, 4, 8 s, then it goes once', async () => {
    const t = await online();
    storingSend(t, (attempt) => (attempt <= 3 ? 'down' : 'answer'));
    const at: number[] = [];
    const start = Date.now();
    const send = t.calls.send;
    t.calls.send = (b) => {
      at.push(Date.now() - start);
      return send(b);
    };
    t.room.send('Backoff');
    await jest.advanceTimersByTimeAsync(0);
    expect(t.room.getSnapshot().queueWait).toBe('retry');
    await jest.advanceTimersByTimeAsync(20_000);
    expect(at).toEqual([0, 2_000, 6_000, 14_000]);
    expect(t.ids()).toEqual([900]);
    expect(t.pending()).toEqual([]);
  });

  test('an answer lost on the way back: the resend carries the same client id and the message is there once', async () => {
    const t = await online();
    const stored = storingSend(t, (attempt) => (attempt === 1 ? 'lost' : 'answer'));
    t.room.send('Once only');
    await jest.advanceTimersByTimeAsync(0);
    expect(t.pending()).toEqual(['Once only:queued']);
    await jest.advanceTimersByTimeAsync(2_000);
    expect(sends(t, 'Once only')).toBe(2);
    expect(stored.size).toBe(1);
    expect(t.ids()).toEqual([900]);
    expect(t.pending()).toEqual([]);
    // Its own new_message event comes too: still one.
    t.socket.emit('new_message', { chat_id: 5, message: [...stored.values()][0]! });
    expect(t.ids()).toEqual([900]);
  });

  test('what is written behind a message without an answer waits for it: both go in the order written', async () => {
    const t = await online();
    storingSend(t, (attempt) => (attempt === 1 ? 'down' : 'answer'));
    t.room.send('First');
    await jest.advanceTimersByTimeAsync(0);
    t.room.send('Second');
    await jest.advanceTimersByTimeAsync(0);
    expect(t.pending()).toEqual(['First:queued', 'Second:queued']);
    expect(sends(t, 'Second')).toBe(0);
    await jest.advanceTimersByTimeAsync(2_000);
    expect(t.log.filter((l) => l.startsWith('send'))).toEqual(['send First', 'send First', 'send Second']);
    expect(t.room.getSnapshot().messages.items.map((x) => x.text)).toEqual(['First', 'Second']);
  });

  test("'Send now' does not wait out the backoff; a reconnect sends the queue too, never twice", async () => {
    const t = await online();
    storingSend(t, (attempt) => (attempt <= 2 ? 'down' : 'answer'));
    t.room.send('Impatient');
    await jest.advanceTimersByTimeAsync(0);
    t.room.sendNow();
    await jest.advanceTimersByTimeAsync(0);
    expect(sends(t, 'Impatient')).toBe(2);
    // The backoff is 4 s now; the socket drops and comes back first, and the timer fires later: one more send.
    t.socket.drop();
    t.socket.open();
    await jest.advanceTimersByTimeAsync(0);
    expect(sends(t, 'Impatient')).toBe(3);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(sends(t, 'Impatient')).toBe(3);
    expect(t.ids()).toEqual([900]);
  });
});

