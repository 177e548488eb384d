/**
 * POST /spa/send-chat-link-sms (public-site §2.7 'SMS chat link', §8): the request's chat link texted to its phone
 * through the outbox; the §8 text when no SMS provider exists; at most three per request; the uuid is the key.
 */
import type { FastifyInstance } from 'fastify';
import { ChatLinkSmsAnswer, SMS_UNAVAILABLE_MESSAGE } from '@tours/shared/src/api/schemas/requests';
import type { OutgoingMessage } from '../src/lib/outbox';
import { createTestDb, expectShape, outboxTo, testServer, type TestDb } from './helpers';

let t: TestDb;
let dev: FastifyInstance;

type Json = Record<string, unknown>;
async function post(app: FastifyInstance, url: string, body: unknown) {
  const res = await app.inject({ method: 'POST', url, payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  return { status: res.statusCode, body: res.json() as Json };
}
async function request(app: FastifyInstance, data: Json): Promise<{ id: number; uuid: string }> {
  const res = await post(app, '/spa/submit-help-request', { data: { type: 'common_help', name: 'Anna', ...data } });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return { id: Number(res.body.request_id), uuid: String(res.body.requestUUID) };
}

beforeAll(async () => {
  t = await createTestDb();
  dev = testServer(t.db, { devMode: true });
}, 60_000);
afterAll(async () => {
  await dev.close();
  await t.cleanup();
});

test("development: the SMS with the request's chat link is kept in the outbox; the answer masks the phone; three at most", async () => {
  const r = await request(dev, { phone: '+79161234567' });
  const res = await post(dev, '/spa/send-chat-link-sms', { request_id: r.id, requestUUID: r.uuid });
  expect(res.status).toBe(200);
  expect(expectShape(res.body, ChatLinkSmsAnswer)).toEqual({ success: true, phone: '+7********67' });
  const [sms] = await outboxTo(dev, '+79161234567');
  expect(sms).toMatchObject({ channel: 'sms', status: 'kept' });
  expect(sms!.text).toMatch(new RegExp(`request #${r.id}: https?://\\S*r${r.id}`));
  await post(dev, '/spa/send-chat-link-sms', { request_id: r.id, requestUUID: r.uuid });
  await post(dev, '/spa/send-chat-link-sms', { request_id: r.id, requestUUID: r.uuid });
  expect((await post(dev, '/spa/send-chat-link-sms', { request_id: r.id, requestUUID: r.uuid })).status).toBe(409);
  expect(await outboxTo(dev, '+79161234567')).toHaveLength(3);
});

test('the uuid is the key; no phone is a field error; malformed bodies are 4xx', async () => {
  const r = await request(dev, { phone: '+79161234500' });
  expect((await post(dev, '/spa/send-chat-link-sms', { request_id: r.id, requestUUID: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
  const noPhone = await request(dev, { phone: undefined, email: 'anna@example.com', type: 'common_help_by_email' });
  const res = await post(dev, '/spa/send-chat-link-sms', { request_id: noPhone.id, requestUUID: noPhone.uuid });
  expect(res.status).toBe(422);
  expect(res.body.errors).toEqual({ phone: 'Required field' });
  for (const body of [{}, { request_id: 'x', requestUUID: r.uuid }, { request_id: r.id }, 'nonsense']) {
    const bad = await post(dev, '/spa/send-chat-link-sms', body);
    expect(bad.status).toBeGreaterThanOrEqual(400);
    expect(bad.status).toBeLessThan(500);
  }
});

test('production without an SMS provider: 503 with the §8 text; with one, it is delivered', async () => {
  const prod = testServer(t.db, { devMode: false });
  const delivered: OutgoingMessage[] = [];
  const withSms = testServer(t.db, { devMode: false }, { providers: { sms: { send: async (m) => void delivered.push(m) } } });
  try {
    const r = await request(prod, { phone: '+79161234511' });
    const res = await post(prod, '/spa/send-chat-link-sms', { request_id: r.id, requestUUID: r.uuid });
    expect(res.status).toBe(503);
    expect(res.body.message).toBe(SMS_UNAVAILABLE_MESSAGE);
    const ok = await post(withSms, '/spa/send-chat-link-sms', { request_id: r.id, requestUUID: r.uuid });
    expect(ok.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(delivered.map((m) => m.recipient)).toEqual(['+79161234511']);
  } finally {
    await prod.close();
    await withSms.close();
  }
});
