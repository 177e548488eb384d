import { connectChat } from './socket';
import { fakeSockets } from './test-socket';
import { message } from './test-fixture';

describe('chat socket connection (same origin /socket.io, session token, reconnect)', () => {
  function setup() {
    const f = fakeSockets();
    const connection = connectChat('tok', f.factory, window);
    const statuses: string[] = [];
    connection.onStatus((s, reconnected) => statuses.push(reconnected ? `${s} (again)` : s));
    return { ...f, connection, statuses, socket: f.last() };
  }

  test('connects to /socket.io with the token and reports its status; a reconnection is marked', () => {
    const { socket, connection, statuses } = setup();
    expect(socket.options).toEqual({ path: '/socket.io', auth: { token: 'tok' } });
    expect(connection.status()).toBe('connecting');
    socket.open();
    socket.drop();
    socket.open();
    expect(statuses).toEqual(['online', 'offline', 'online (again)']);
  });

  test('events are checked against the contract: a malformed payload never reaches a listener', () => {
    const { socket, connection } = setup();
    const got: number[] = [];
    connection.on('new_message', (p) => got.push(p.message.id));
    socket.emit('new_message', { chat_id: 5, message: message(1) });
    socket.emit('new_message', { chat_id: 5, message: { id: 2 } });
    socket.emit('new_message', 'nonsense' as never);
    expect(got).toEqual([1]);
  });

  test.each([
    ['the server ended it on purpose', 'io server disconnect', 1],
    ['the network dropped (socket.io retries by itself)', 'transport close', 0],
  ])('%s (%s): asks again %i time(s)', (_name, reason, calls) => {
    const { socket } = setup();
    socket.open();
    socket.drop(reason);
    expect(socket.connectCalls).toBe(calls);
  });

  test('coming back online nudges a dropped connection at once, not a live one', () => {
    const { socket } = setup();
    socket.open();
    window.dispatchEvent(new Event('online'));
    expect(socket.connectCalls).toBe(0);
    socket.drop();
    window.dispatchEvent(new Event('online'));
    // The pending backoff step is dropped (disconnect) before connecting again.
    expect(socket.disconnected).toBe(true);
    expect(socket.connectCalls).toBe(1);
  });

  test('close disconnects and stops every listener', () => {
    const { socket, connection } = setup();
    const got: number[] = [];
    connection.on('new_message', (p) => got.push(p.message.id));
    connection.close();
    expect(socket.disconnected).toBe(true);
    socket.emit('new_message', { chat_id: 5, message: message(1) });
    window.dispatchEvent(new Event('online'));
    expect(got).toEqual([]);
    expect(socket.connectCalls).toBe(0);
  });
});
