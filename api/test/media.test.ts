/** Placeholder images under /media (URL convention of lib/images.ts). */
import type { FastifyInstance } from 'fastify';
import { createTestDb, get, testServer, type TestDb } from './helpers';
import { resolveImageUrl } from '../src/lib/images';

let t: TestDb;
let app: FastifyInstance;

beforeAll(async () => {
  t = await createTestDb({ seed: false });
  app = testServer(t.db);
});
afterAll(async () => {
  await app.close();
  await t.cleanup();
});

const stored = '/media/tours/1234-2/{{size}}/image.svg';

test.each([
  ['1200x00', 1200, 800],
  ['374x500', 374, 500],
  ['140x140', 140, 140],
  ['400x400', 400, 400],
  ['00x300', 450, 300],
  ['', 1600, 1067],
])('size %s → %ix%i, immutable', async (size, width, height) => {
  const res = await app.inject({ method: 'GET', url: resolveImageUrl(stored, size) });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('image/svg+xml');
  expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(res.body).toContain(`width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"`);
  expect(res.body).toContain('Tour 1234-2');
});

test('the same URL gives the same picture; another URL another colour', async () => {
  const a = (await app.inject({ method: 'GET', url: '/media/tours/1001-1/400x400/image.svg' })).body;
  const b = (await app.inject({ method: 'GET', url: '/media/tours/1001-1/400x400/image.svg' })).body;
  const c = (await app.inject({ method: 'GET', url: '/media/tours/1002-1/400x400/image.svg' })).body;
  expect(a).toBe(b);
  expect(a).not.toBe(c);
});

test.each([
  '/media/tours/1234-2/0x0x0/image.svg',
  '/media/tours/1234-2/99999x1/image.svg',
  '/media/tours/1234-2/abc/image.svg',
  '/media/tours/1234-2/{{size}}/image.svg',
  '/media/unknown/1-1/100x100/image.svg',
  '/media/tours/UPPER/100x100/image.svg',
  '/media/tours/1-1/100x100/other.svg',
  '/media/tours/1-1/100x100/image.exe',
])('%s is a JSON 404', async (url) => {
  const res = await get(app, url);
  expect(res.status).toBe(404);
  expect(res.body).toEqual({ message: 'Not found' });
});
