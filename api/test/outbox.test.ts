/**
 * The outbox: messages kept without a provider (and shown on the developers' page), e-mail delivered over SMTP to a
 * real local SMTP server, a failing or silent mail server that never fails or holds up the call, an SMS provider
 * adapter, secrets taken out of sent messages, and codes never written to the log.
 */
import net, { type AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../src/server';
import type { OutgoingMessage } from '../src/lib/outbox';
import { get, outboxTo, testServer, type OutboxEntry, withTestDb } from './helpers';
import { startSmtpServer } from './smtp';

const SECRET = 'test-internal-secret-0123456789';

const t = withTestDb({ seed: false });

const sendCode = (app: FastifyInstance, login: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/crm/api/user/send-auth-code', payload: { login }, headers });

/** Waits until the newest message to a recipient has left the `queued` state. */
async function settled(app: FastifyInstance, to: string): Promise<OutboxEntry> {
  for (let i = 0; i < 200; i++) {
    const [message] = await outboxTo(app, to);
    if (message && message.status !== 'queued') return message;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the message to ${to} is still queued`);
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('the outbox page', () => {
  test('answers only with DEV_MODE or the internal secret; a plain 404 otherwise', async () => {
    const closed = testServer(t.db, { internalSecret: SECRET });
    await sendCode(closed, 'page@example.com');
    for (const url of ['/internal/outbox', '/internal/outbox.html', '/internal/outbox?to=page@example.com']) {
      const res = await get(closed, url);
      expect([res.status, res.body]).toEqual([404, { message: 'Not found' }]);
      expect((await get(closed, url, { 'x-internal-secret': 'wrong-secret-0123456789' })).status).toBe(404);
      expect((await get(closed, url, { 'x-internal-secret': SECRET })).status).toBe(200);
    }
    await closed.close();
  });

  test('JSON and HTML, newest first, ?to= one recipient (as typed: case, spaces), with the code picked out', async () => {
    const app = testServer(t.db, { devMode: true });
    await sendCode(app, 'first@example.com');
    await sendCode(app, 'first@example.com');
    await sendCode(app, '+79161230000');
    const all = (await get(app, '/internal/outbox')).body as { messages: OutboxEntry[] };
    expect(all.messages.map((m) => m.id)).toEqual([...all.messages.map((m) => m.id)].sort((a, b) => b - a));
    const mine = await outboxTo(app, 'FIRST@example.com');
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({ channel: 'email', recipient: 'first@example.com', status: 'kept', error: null, code: expect.stringMatching(/^\d{5}$/) });
    expect(mine[0]!.text).toContain(mine[0]!.code);
    expect(await outboxTo(app, '+7 916 123-00-00')).toHaveLength(1);
    const html = await app.inject({ method: 'GET', url: '/internal/outbox.html?to=first@example.com' });
    expect(html.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(html.headers['content-security-policy']).toContain("default-src 'none'");
    expect(html.body).toContain(`<b>${mine[0]!.code}</b>`);
    expect(html.body).not.toContain('+79161230000');
    expect((await get(app, '/internal/outbox?limit=0')).status).toBe(422);
    await app.close();
  });
});

describe('delivery', () => {
  test('e-mail goes out over SMTP (SMTP_URL) to a real SMTP server; the stored message then holds no code', async () => {
    const smtp = await startSmtpServer();
    const { received } = smtp;
    const app = testServer(t.db, { devMode: true, smtpUrl: smtp.url, mailFrom: 'Tours <robot@tours.example>' });
    try {
      expect((await sendCode(app, 'smtp@example.com')).statusCode).toBe(200);
      const message = await settled(app, 'smtp@example.com');
      expect(message).toMatchObject({ status: 'sent', error: null, code: null, links: ['http://localhost:8080/en/account?one_time_token=•••••'] });
      expect(received).toHaveLength(1);
      expect(received[0]!.to).toBe('smtp@example.com');
      expect(received[0]!.data).toMatch(/^From: Tours <robot@tours\.example>/m);
      expect(received[0]!.data).toMatch(/Content-Type: text\/html/);
      expect(received[0]!.data).toMatch(/^Subject: Your sign-in code/m);
      // The code that reached the mailbox signs in.
      const code = /Your code to sign in: (\d{5})/.exec(received[0]!.data)?.[1];
      const signIn = await app.inject({ method: 'POST', url: '/crm/api/user/auth-via-code', payload: { login: 'smtp@example.com', code } });
      expect(signIn.statusCode).toBe(200);
    } finally {
      await app.close();
      await smtp.close();
    }
  });

  test('a refused connection: the call still answers 200, the message is failed with the error', async () => {
    const app = testServer(t.db, { devMode: true, smtpUrl: `smtp://127.0.0.1:${await freePort()}` }, { outboxRetryDelaysMs: [] });
    const res = await sendCode(app, 'refused@example.com');
    expect(res.statusCode).toBe(200);
    const message = await settled(app, 'refused@example.com');
    expect(message.status).toBe('failed');
    expect(message.error).toMatch(/ECONNREFUSED|connect/i);
    await app.close();
  });

  test('a mail server that never answers does not hold up the call', async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const app = testServer(t.db, { devMode: true, smtpUrl: `smtp://127.0.0.1:${(silent.address() as AddressInfo).port}` }, { outboxRetryDelaysMs: [] });
    const started = Date.now();
    expect((await sendCode(app, 'silent@example.com')).statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect((await outboxTo(app, 'silent@example.com'))[0]!.status).toBe('queued');
    // The server goes away: the message fails instead of waiting for the greeting timeout.
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
    expect((await settled(app, 'silent@example.com')).status).toBe('failed');
    await app.close();
  });

  test('a failed delivery is tried again after the waits; it is sent once the provider is back', async () => {
    const tries: string[] = [];
    let down = 2;
    const app = testServer(t.db, { devMode: true }, {
      outboxRetryDelaysMs: [20, 20, 20],
      providers: { sms: { send: async (message) => { tries.push(message.text); if (down-- > 0) throw new Error('provider down'); } } },
    });
    await sendCode(app, '+79161237777');
    const sms = await settled(app, '+79161237777');
    expect(sms).toMatchObject({ status: 'sent', error: null, code: null });
    expect(tries).toHaveLength(3);
    expect(new Set(tries).size).toBe(1); // the same message each time
    await app.close();
  });

  test('a provider that stays down: failed after the last try, and closing the service ends the waits', async () => {
    let tries = 0;
    const failing = { send: async () => { tries++; throw new Error('provider down'); } };
    const app = testServer(t.db, { devMode: true }, { outboxRetryDelaysMs: [10, 10], providers: { sms: failing } });
    await sendCode(app, '+79161236666');
    expect(await settled(app, '+79161236666')).toMatchObject({ status: 'failed', error: 'provider down' });
    expect(tries).toBe(3);
    await app.close();

    const slow = testServer(t.db, { devMode: true }, { outboxRetryDelaysMs: [600_000], providers: { sms: failing } });
    await sendCode(slow, '+79161235555');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await outboxTo(slow, '+79161235555'))[0]!.status).toBe('queued');
    const started = Date.now();
    await slow.close();
    expect(Date.now() - started).toBeLessThan(2_000);
    const [row] = await t.db.kysely.selectFrom('outbox' as never).selectAll().where('recipient' as never, '=', '+79161235555' as never).execute() as { status: string }[];
    expect(row!.status).toBe('failed');
  });

  test('SMS goes through its provider adapter; a channel without one keeps the message', async () => {
    const sent: OutgoingMessage[] = [];
    const app = testServer(t.db, { devMode: true }, { providers: { sms: { send: async (message) => { sent.push(message); } } } });
    await sendCode(app, '+79161239999');
    const sms = await settled(app, '+79161239999');
    expect(sms).toMatchObject({ channel: 'sms', status: 'sent', code: null });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ channel: 'sms', recipient: '+79161239999', text: expect.stringMatching(/^\d{5} is your sign-in code/) });
    await app.inject({ method: 'POST', url: '/crm/api/user/send-auth-code', payload: { login: '+79161239999', code_sender: 'whatsapp' } });
    expect((await outboxTo(app, '+79161239999'))[0]).toMatchObject({ channel: 'whatsapp', status: 'kept' });
    await app.close();
  });

  test('codes are never written to the log, even when a delivery fails', async () => {
    const lines: string[] = [];
    const sent: OutgoingMessage[] = [];
    const app = buildServer({
      db: t.db, config: { rateLimitPerMin: 0 }, logger: { level: 'trace', stream: { write: (line: string) => lines.push(line) } },
      providers: {
        sms: { send: async (message) => { sent.push(message); throw new Error('provider down'); } },
        whatsapp: { send: async (message) => { sent.push(message); } },
      },
    });
    await sendCode(app, '+79161238888');
    await app.inject({ method: 'POST', url: '/crm/api/user/send-auth-code', payload: { login: '+79161238888', code_sender: 'whatsapp' } });
    const codes = sent.map((m) => /\d{5}/.exec(m.text)![0]);
    const signIn = await app.inject({ method: 'POST', url: '/crm/api/user/auth-via-code', payload: { login: '+79161238888', code: codes[1] } });
    expect(signIn.statusCode).toBe(200);
    await app.close();
    const log = lines.join('\n');
    expect(log).toContain('message not delivered');
    expect(log).toContain('provider down');
    for (const code of codes) expect(log).not.toContain(code);
  });
});
