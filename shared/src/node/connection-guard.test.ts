/** @jest-environment node */
/**
 * The connection guard (issue 28, item 9) on a real node HTTP server: half-open and trickling connections closed
 * after the first-request bound, kept-alive connections that did send a request untouched, the per-address and total
 * caps, and trusted proxies not counted per address.
 */
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { addressesIn, connectionLimitsFrom, guardConnections } from './connection-guard';

let server: Server;
let port: number;
const sockets: Socket[] = [];

async function start(limits: Parameters<typeof guardConnections>[1]) {
  server = createServer((_req, res) => res.end('ok'));
  const guard = guardConnections(server, limits);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  return guard;
}

/** Opens a connection; resolves when it is up, with a promise of when the server closes it (ms after opening). */
function open(): Promise<{ socket: Socket; closed: Promise<number> }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    sockets.push(socket);
    const started = Date.now();
    const closed = new Promise<number>((r) => socket.once('close', () => r(Date.now() - started)));
    socket.on('error', () => undefined);
    socket.once('connect', () => resolve({ socket, closed }));
    socket.once('error', reject);
  });
}

afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

test('a connection that sends nothing, or trickles its headers, is closed at the bound; one that asked stays', async () => {
  await start({ firstRequestMs: 400, maxConnections: 100, perAddress: 100 });
  const silent = await open();
  const trickle = await open();
  trickle.socket.write('GET / HTTP/1.1\r\n');
  const timer = setInterval(() => trickle.socket.write('X'), 100);
  const asked = await open();
  asked.socket.write('GET / HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n');
  const [silentMs, trickleMs] = await Promise.all([silent.closed, trickle.closed]);
  clearInterval(timer);
  expect(silentMs).toBeGreaterThanOrEqual(350);
  expect(silentMs).toBeLessThan(1500);
  expect(trickleMs).toBeLessThan(1500);
  expect(asked.socket.destroyed).toBe(false);
});

test('at most perAddress from one address and maxConnections in all; a closed one frees its place', async () => {
  const guard = await start({ firstRequestMs: 5000, maxConnections: 100, perAddress: 3 });
  const first = await Promise.all([open(), open(), open()]);
  const fourth = await open();
  expect(await fourth.closed).toBeLessThan(1000);
  expect(guard.open()).toBe(3);
  first[0]!.socket.destroy();
  await first[0]!.closed;
  await new Promise((r) => setTimeout(r, 50));
  const again = await open();
  await new Promise((r) => setTimeout(r, 100));
  expect(again.socket.destroyed).toBe(false);
});

test('a trusted proxy is not counted per address (it carries every visitor), but the total still is', async () => {
  await start({ firstRequestMs: 5000, maxConnections: 4, perAddress: 1, exempt: addressesIn(['127.0.0.0/8']) });
  const four = await Promise.all([open(), open(), open(), open()]);
  await new Promise((r) => setTimeout(r, 100));
  expect(four.every((c) => !c.socket.destroyed)).toBe(true);
  const fifth = await open();
  expect(await fifth.closed).toBeLessThan(1000);
});

test.each([
  [['10.0.0.0/8'], '10.1.2.3', true],
  [['10.0.0.0/8'], '::ffff:10.1.2.3', true],
  [['10.0.0.1'], '10.0.0.2', false],
  [['::1'], '::1', true],
  [['fd00::/8'], 'fd12::1', true],
  [[], '127.0.0.1', false],
])('TRUST_PROXY %j covers %s: %s', (list, address, covered) => {
  expect(addressesIn(list)(address)).toBe(covered);
});

test('limits from the environment; a bad number is refused naming the setting', () => {
  expect(connectionLimitsFrom({ CONNECTIONS_PER_ADDRESS: '32', FIRST_REQUEST_TIMEOUT_MS: '5000' }, [])).toMatchObject({ perAddress: 32, firstRequestMs: 5000, maxConnections: 8192 });
  expect(() => connectionLimitsFrom({ CONNECTIONS_MAX: 'lots' }, [])).toThrow(/CONNECTIONS_MAX/);
});
