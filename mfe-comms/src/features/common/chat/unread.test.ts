import type { HostContext } from '@tours/shared/contract';
import { acquireConnection, releaseConnection } from './connections';
import { fakeSockets } from './test-socket';
import { message } from './test-fixture';
import { HIDDEN_RELEASE_MS, keepUnreadLive, watchUnread } from './unread';

/**
 * The header's unread count kept live on every page (issue 29: it had changed only on page load): the host's
 * 'comms/unread' service and the chat screen share one watch on one connection.
 */
class FakeDocument extends EventTarget {
  visibilityState: DocumentVisibilityState = 'visible';
  show(state: DocumentVisibilityState) {
    this.visibilityState = state;
    this.dispatchEvent(new Event('visibilitychange'));
  }
}

function setup(o: { hidden?: boolean } = {}) {
  const sockets = fakeSockets();
  const server = { unread: 0, asked: 0 };
  const emitted: number[] = [];
  const host = {
    api: {
      get: async (path: string) => {
        expect(path).toBe('/crm/api/chat/unread-count');
        server.asked += 1;
        return { count: server.unread };
      },
    },
    emit: (event: string, payload: { count: number }) => {
      expect(event).toBe('chat:unread');
      emitted.push(payload.count);
    },
  } as unknown as HostContext;
  const doc = new FakeDocument();
  if (o.hidden) doc.visibilityState = 'hidden';
  const stop = keepUnreadLive(host, 'tok-traveller', { factory: sockets.factory, document: doc as unknown as Document });
  return { sockets, server, emitted, host, doc, stop };
}

const settle = () => jest.advanceTimersByTimeAsync(250);

describe("the header's unread count, live on any page (the 'comms/unread' service)", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  test('asks when connected and again after each reply from the other side: the badge changes with no page load', async () => {
    const t = setup();
    expect(t.sockets.sockets).toHaveLength(1);
    expect(t.sockets.last().options).toEqual({ path: '/socket.io', auth: { token: 'tok-traveller' } });
    t.server.unread = 0;
    t.sockets.last().open();
    await settle();
    expect(t.emitted).toEqual([0]);

    // A coordinator replies while the traveller reads another page.
    t.server.unread = 1;
    t.sockets.last().emit('new_message', { chat_id: 5, message: message(10, { direction: 'input' }) });
    await settle();
    expect(t.emitted).toEqual([0, 1]);

    // Two at once: asked once.
    t.server.unread = 3;
    const asked = t.server.asked;
    t.sockets.last().emit('new_message', { chat_id: 5, message: message(11, { direction: 'input' }) });
    t.sockets.last().emit('new_message', { chat_id: 6, message: message(12, { chat_id: 6, direction: 'input' }) });
    await settle();
    expect(t.server.asked).toBe(asked + 1);
    expect(t.emitted.at(-1)).toBe(3);

    // The traveller's own message does not change it; reading the chat in another tab does.
    t.sockets.last().emit('new_message', { chat_id: 5, message: message(13, { direction: 'output', sender_type: 'tourist' }) });
    await settle();
    expect(t.server.asked).toBe(asked + 1);
    t.server.unread = 0;
    t.sockets.last().emit('chat_is_read', { chat_id: 5, reader: 'tourist', last_read_message_id: 12, read_at: '2030-01-01T11:00:00Z', unread_count: 0 });
    await settle();
    expect(t.emitted.at(-1)).toBe(0);

    // A reconnection asks again (what came meanwhile).
    t.server.unread = 2;
    t.sockets.last().drop();
    t.sockets.last().open();
    await settle();
    expect(t.emitted.at(-1)).toBe(2);
    t.stop();
  });

  test('the chat screen on the same session shares the socket and the asking', async () => {
    const t = setup();
    const connection = acquireConnection('tok-traveller', t.sockets.factory);
    const screen: number[] = [];
    const unwatch = watchUnread(connection, async () => -1, (n) => screen.push(n));
    expect(t.sockets.sockets).toHaveLength(1);
    t.server.unread = 4;
    t.sockets.last().open();
    await settle();
    expect(t.server.asked).toBe(1);
    expect(t.emitted).toEqual([4]);
    expect(screen).toEqual([4]);
    unwatch();
    releaseConnection('tok-traveller', t.sockets.factory);
    t.stop();
  });

  test('a hidden tab lets the socket go after a minute; shown again, it connects and asks at once', async () => {
    const t = setup();
    t.sockets.last().open();
    await settle();
    t.doc.show('hidden');
    await jest.advanceTimersByTimeAsync(HIDDEN_RELEASE_MS - 1_000);
    expect(t.sockets.last().disconnected).toBe(false);
    // Back within the minute: nothing changes.
    t.doc.show('visible');
    t.doc.show('hidden');
    await jest.advanceTimersByTimeAsync(HIDDEN_RELEASE_MS + 10_000);
    expect(t.sockets.last().disconnected).toBe(true);
    expect(t.sockets.sockets).toHaveLength(1);

    t.server.unread = 5;
    t.doc.show('visible');
    expect(t.sockets.sockets).toHaveLength(2);
    t.sockets.last().open();
    await settle();
    expect(t.emitted.at(-1)).toBe(5);
    t.stop();
  });

  test('a tab opened in the background connects only once it is shown; stopped, the socket goes', async () => {
    const t = setup({ hidden: true });
    await jest.advanceTimersByTimeAsync(120_000);
    expect(t.sockets.sockets).toHaveLength(0);
    t.doc.show('visible');
    expect(t.sockets.sockets).toHaveLength(1);
    t.sockets.last().open();
    await settle();
    t.stop();
    await jest.advanceTimersByTimeAsync(10_000);
    expect(t.sockets.last().disconnected).toBe(true);
    t.sockets.last().emit('new_message', { chat_id: 5, message: message(20, { direction: 'input' }) });
    const emitted = t.emitted.length;
    await settle();
    expect(t.emitted).toHaveLength(emitted);
  });
});
