import { ApiError } from '@tours/shared/core';
import type { ChatMessage, MessagesAnswer } from '@tours/shared/api';
import { ChatRoom, type RoomCalls } from './room';
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

function setup(server: { messages: ChatMessage[]; unread?: number }, visible = () => true) {
  const f = fakeSockets();
  const connection = connectChat('tok', f.factory, undefined);
  const m = manualCalls(server);
  const room = new ChatRoom({ calls: m.calls, chatId: 5, connection, isVisible: visible });
  return { room, socket: f.last(), ...m, ids: () => room.getSnapshot().messages.items.map((x) => x.id) };
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
