/**
 * Issue 31: the outbox's deliveries are claimed in the database (api/src/cluster/outbox-claims.ts), so two API
 * processes on one PostgreSQL database send each message once, and one left by a dead process is sent by another.
 * Two Outbox instances on one database stand for two processes; runs with DATABASE_URL (api/scripts/with-postgres.sh).
 */
import type { FastifyBaseLogger } from 'fastify';
import { OutboxClaims, LEASE_MS } from '../src/cluster/outbox-claims';
import { claimOutboxRow, claimStrandedOutboxRows } from '../src/db/queries/cluster';
import { insertOutboxRow, outboxRows } from '../src/db/queries/outbox';
import { Outbox, type OutgoingMessage } from '../src/lib/outbox';
import { createTestDb, skipNote, usingPostgres, type TestDb } from './helpers';

const pgTest = usingPostgres ? test : test.skip;
if (!usingPostgres) skipNote('outbox claims across two API processes need PostgreSQL (DATABASE_URL)');
const log = { warn: () => {}, error: () => {}, info: () => {} } as unknown as FastifyBaseLogger;

let t: TestDb;
const outboxes: Outbox[] = [];
beforeAll(async () => {
  if (!usingPostgres) return;
  t = await createTestDb({ seed: false });
}, 120_000);
afterAll(async () => {
  for (const o of outboxes) await o.close();
  await t?.cleanup();
});

/** A process's outbox with an e-mail provider that records what it sent. */
async function apiProcess(sent: string[]): Promise<Outbox> {
  const now = () => Date.now();
  const outbox = new Outbox(t.db, { email: { send: async (m: OutgoingMessage) => void sent.push(m.text) } }, { now, log, claims: new OutboxClaims(t.db, now, log) });
  await outbox.start();
  outboxes.push(outbox);
  return outbox;
}

/** A message its writer never delivered: queued, its claim lapsed long ago (the process died). */
async function stranded(text: string): Promise<number> {
  const id = await insertOutboxRow(t.db, { channel: 'email', recipient: 'cluster@example.com', subject: 'Code', text, html: null, attachments: null, status: 'queued' }, new Date());
  expect(await claimOutboxRow(t.db, id, Date.now() - 2 * LEASE_MS, Date.now() - LEASE_MS)).toBe(true);
  return id;
}

pgTest('a message left by a dead process is sent once when two processes claim it at once', async () => {
  const sentA: string[] = [];
  const sentB: string[] = [];
  const [a, b] = [await apiProcess(sentA), await apiProcess(sentB)];
  const id = await stranded('Your code: 11111');
  const taken = await Promise.all([a.pollStranded(), b.pollStranded()]);
  await Promise.all([a.idle(), b.idle()]);
  expect(taken[0] + taken[1]).toBe(1);
  expect([...sentA, ...sentB]).toEqual(['Your code: 11111']);
  expect((await outboxRows(t.db, { to: 'cluster@example.com', limit: 10 })).find((r) => r.id === id)?.status).toBe('sent');
  // Sent: neither takes it again.
  expect(await Promise.all([a.pollStranded(), b.pollStranded()])).toEqual([0, 0]);
});

pgTest('twenty left messages are shared out between two processes, each sent once', async () => {
  const sentA: string[] = [];
  const sentB: string[] = [];
  const [a, b] = [await apiProcess(sentA), await apiProcess(sentB)];
  for (let i = 0; i < 20; i++) await stranded(`left ${i}`);
  await Promise.all([a.pollStranded(), b.pollStranded(), a.pollStranded(), b.pollStranded()]);
  await Promise.all([a.idle(), b.idle()]);
  const all = [...sentA, ...sentB].sort();
  expect(all).toEqual(Array.from({ length: 20 }, (_, i) => `left ${i}`).sort());
});

pgTest('a message its writer claimed is not taken by the other process', async () => {
  const sentA: string[] = [];
  const sentB: string[] = [];
  const [a, b] = [await apiProcess(sentA), await apiProcess(sentB)];
  let release = () => {};
  // The writer's provider is slow: the row stays queued (and claimed) while the other process polls.
  const slow = new Outbox(t.db, { email: { send: () => new Promise<void>((resolve) => (release = resolve)) } }, { now: Date.now, log, claims: new OutboxClaims(t.db, Date.now, log) });
  outboxes.push(slow);
  await slow.send({ channel: 'email', recipient: 'writer@example.com', subject: 'Code', text: 'Your code: 22222' });
  expect(await Promise.all([a.pollStranded(), b.pollStranded()])).toEqual([0, 0]);
  release();
  await slow.idle();
  expect([...sentA, ...sentB]).toEqual([]);
  expect((await outboxRows(t.db, { to: 'writer@example.com', limit: 1 }))[0]?.status).toBe('sent');
});

pgTest('a message stranded for more than a day is not sent late', async () => {
  const sent: string[] = [];
  const a = await apiProcess(sent);
  const id = await insertOutboxRow(t.db, { channel: 'email', recipient: 'old@example.com', subject: 'Code', text: 'Your code: 33333', html: null, attachments: null, status: 'queued' }, new Date(Date.now() - 25 * 3_600_000));
  expect(await a.pollStranded()).toBe(0);
  expect(sent).toEqual([]);
  expect((await outboxRows(t.db, { to: 'old@example.com', limit: 1 }))[0]).toMatchObject({ id, status: 'queued' });
});

pgTest('a message is written claimed by its writer: a look past the grace time does not take it while it is being delivered', async () => {
  let release = () => {};
  const writer = new Outbox(t.db, { email: { send: () => new Promise<void>((resolve) => (release = resolve)) } }, { now: Date.now, log, claims: new OutboxClaims(t.db, Date.now, log) });
  outboxes.push(writer);
  const id = await writer.send({ channel: 'email', recipient: 'claimed.at.once@example.com', subject: 'Code', text: 'Your code: 44444' });
  // Another process looking a minute later (past the 30 s it leaves unclaimed rows to their writer) finds it claimed.
  const later = Date.now() + 60_000;
  expect((await claimStrandedOutboxRows(t.db, later, later + LEASE_MS, 30_000, 20, 24 * 3_600_000)).map((r) => r.id)).not.toContain(id);
  release();
  await writer.idle();
  expect((await outboxRows(t.db, { to: 'claimed.at.once@example.com', limit: 1 }))[0]?.status).toBe('sent');
});
