/**
 * Chat events across API processes (issue 15 'Scale past one process'): on PostgreSQL, @socket.io/postgres-adapter
 * carries every emit to the other processes, so a message sent through one process reaches a client connected to
 * another. Two processes: this test's server and `api/src/main.ts` started as a child on the same database.
 * PostgreSQL only (DATABASE_URL, api/scripts/with-postgres.sh); skipped on SQLite, which has one process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { io as connectClient, type Socket } from 'socket.io-client';
import { insertTraveller, issueToken } from '../src/db/queries/travellers';
import { DEV_STAFF, ensureStaffAccounts } from '../src/db/seed/staff';
import { TEST_SEED, TEST_SIZE, createTestDb, skipNote, testServer, usingPostgres, type TestDb } from './helpers';

const pgTest = usingPostgres ? test : test.skip;
if (!usingPostgres) skipNote('chat across two API processes needs PostgreSQL (DATABASE_URL)');

let t: TestDb;
let app: FastifyInstance;
let child: ChildProcess | null = null;
const sockets: Socket[] = [];

async function startChild(location: string): Promise<number> {
  const root = path.resolve(__dirname, '..', '..');
  const env = { ...process.env, PORT: '0', HOST: '127.0.0.1', SEED: String(TEST_SEED), CATALOGUE_SIZE: String(TEST_SIZE), LOG_LEVEL: 'warn', DATABASE_URL: location, DEV_MODE: '' };
  // The child runs on the tests' fixed calendar too, so the tokens issued here have not expired there.
  const proc = spawn(process.execPath, ['--import', 'tsx', '--import', './scripts/jest/fixed-clock.ts', 'api/src/main.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child = proc;
  let output = '';
  proc.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  return new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no listening line; output: ${output}`)), 60_000);
    proc.stdout!.on('data', (d: Buffer) => {
      output += d.toString();
      const m = /API listening on http:\/\/127\.0\.0\.1:(\d+) \(postgres\)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    proc.on('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)));
  });
}

function connect(port: number, token: string): Promise<Socket> {
  const socket = connectClient(`http://127.0.0.1:${port}`, { path: '/socket.io', transports: ['websocket'], reconnection: false, forceNew: true, auth: { token } });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

const nextEvent = (socket: Socket, event: string, match: (p: { chat_id?: number; message?: { text: string } }) => boolean) =>
  new Promise<{ chat_id?: number; message?: { text: string; direction: string } }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within 5 s`)), 5000);
    socket.on(event, (payload: { chat_id?: number; message?: { text: string; direction: string } }) => {
      if (match(payload)) {
        clearTimeout(timer);
        resolve(payload);
      }
    });
  });

beforeAll(async () => {
  if (!usingPostgres) return;
  t = await createTestDb();
  app = testServer(t.db, { databaseUrl: t.location });
  await app.listen({ port: 0, host: '127.0.0.1' });
  await ensureStaffAccounts(t.db);
}, 120_000);

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  if (app) await app.close();
  if (t) await t.cleanup();
}, 30_000);

pgTest('a message sent through one process reaches a client of the other, both ways', async () => {
  const portA = (app.server.address() as AddressInfo).port;
  const portB = await startChild(t.location);
  // Each process is ready (the balancer sends it sockets) only once it hears the others' chat events.
  for (let i = 0; i < 50 && !app.chatHub.listening(); i++) await new Promise((r) => setTimeout(r, 100));
  expect(app.chatHub.listening()).toBe(true);
  let ready = 0;
  for (let i = 0; i < 50 && ready !== 200; i++) {
    ready = (await fetch(`http://127.0.0.1:${portB}/readyz`)).status;
    if (ready !== 200) await new Promise((r) => setTimeout(r, 100));
  }
  expect(ready).toBe(200);
  const traveller = await insertTraveller(t.db, { first_name: 'Clara', last_name: 'Cluster', email: 'clara.cluster@example.com' });
  const token = await issueToken(t.db, traveller);
  const other = await issueToken(t.db, await insertTraveller(t.db, { first_name: 'Otto', last_name: 'Other', email: 'otto.other@example.com' }));
  const staff = (await app.inject({ method: 'POST', url: '/crm/api/agent/auth', payload: { login: DEV_STAFF[0].login, password: DEV_STAFF[0].password } })).json().token as string;

  // The traveller and another traveller on process B; support on process A.
  const [onB, otherOnB, staffOnA] = await Promise.all([connect(portB, token), connect(portB, other), connect(portA, staff)]);
  const leaked: unknown[] = [];
  otherOnB.on('new_message', (p: unknown) => leaked.push(p));

  const chatId = (await app.inject({ method: 'GET', url: '/crm/api/chat/get-chat-with-support?site_id=1', headers: { 'x-authorization': `Bearer ${token}` } })).json().id as number;
  // A → B: the traveller writes through process A; their own socket on B hears it.
  const heardOnB = nextEvent(onB, 'new_message', (p) => p.chat_id === chatId && p.message?.text === 'via A');
  const sentA = await app.inject({ method: 'POST', url: '/crm/api/chat/send-message', headers: { 'x-authorization': `Bearer ${token}` }, payload: { chat_id: chatId, message: 'via A' } });
  expect(sentA.statusCode).toBe(200);
  expect((await heardOnB).message).toMatchObject({ text: 'via A', direction: 'output' });

  // B → A: support replies through process B; the traveller's socket (B) and support's socket (A) both hear it.
  const heardOnA = nextEvent(staffOnA, 'new_message', (p) => p.message?.text === 'via B');
  const travellerHears = nextEvent(onB, 'new_message', (p) => p.message?.text === 'via B');
  const sentB = await fetch(`http://127.0.0.1:${portB}/crm/api/agent/send-message`, {
    method: 'POST', headers: { 'content-type': 'application/json', 'x-authorization': `Bearer ${staff}` }, body: JSON.stringify({ chat_id: chatId, message: 'via B' }),
  });
  expect(sentB.status).toBe(200);
  expect((await heardOnA).message).toMatchObject({ direction: 'output' });
  expect((await travellerHears).message).toMatchObject({ direction: 'input' });
  await new Promise((r) => setTimeout(r, 200));
  expect(leaked).toEqual([]);
}, 90_000);
