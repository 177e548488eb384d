/**
 * Uploads kept in an S3-compatible object store (UPLOADS_S3_URL; lib/s3-storage.ts), against a real one on this
 * machine: s3rver, an S3 API server from npm, with its files in a temporary folder.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import S3rver from 's3rver';
import { insertTraveller, issueToken } from '../src/db/queries/travellers';
import { readConfig } from '../src/config';
import { renderPng } from '../src/lib/images';
import { parseS3Url } from '../src/lib/s3-storage';
import { createTestDb, testServer, type TestDb } from './helpers';

const PNG = renderPng('reviewers', 's3-upload', { width: 16, height: 16 });
const PDF = Buffer.from('%PDF-1.4\n% a contract\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

function multipart(name: string, filename: string, type: string, data: Buffer, fields: Record<string, string> = {}) {
  const boundary = 'x-s3-boundary';
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`), data, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('parseS3Url', () => {
  test('the endpoint, bucket, prefix, region and keys of one setting', () => {
    expect(parseS3Url('https://AKIA%2Fx:s%40cret@storage.yandexcloud.net/tours-uploads/prod/files?region=ru-central1')).toEqual({
      endpoint: 'https://storage.yandexcloud.net', bucket: 'tours-uploads', prefix: 'prod/files', region: 'ru-central1', accessKeyId: 'AKIA/x', secretAccessKey: 's@cret',
    });
    expect(parseS3Url('http://k:s@127.0.0.1:9000/b')).toMatchObject({ endpoint: 'http://127.0.0.1:9000', bucket: 'b', prefix: '', region: 'us-east-1' });
  });

  test.each([
    ['not a url', /not a URL/], ['ftp://k:s@host/b', /http\(s\)/], ['https://k:s@host/', /no bucket/], ['https://host/b', /access key/],
  ])('%s is refused at start', (value, message) => {
    expect(() => parseS3Url(value)).toThrow(message);
    expect(() => readConfig({ UPLOADS_S3_URL: value }).uploadsS3Url).not.toThrow();
  });
});

describe('uploads in an S3-compatible store', () => {
  let s3: S3rver;
  let s3Dir: string;
  let uploadsDir: string;
  let t: TestDb;
  let app: FastifyInstance;
  let token: string;
  let endpoint: string;

  beforeAll(async () => {
    s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-'));
    uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 's3-uploads-'));
    s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3Dir, configureBuckets: [{ name: 'tours-uploads', configs: [] }] });
    const { port } = await s3.run();
    endpoint = `http://S3RVER:S3RVER@127.0.0.1:${port}`;
    t = await createTestDb({ seed: false });
    app = testServer(t.db, { uploadsDir, uploadsS3Url: `${endpoint}/tours-uploads/test?region=ru-central1`, siteOrigin: 'https://tours.example' });
    token = await issueToken(t.db, await insertTraveller(t.db, { first_name: 'Sofia', last_name: 'Bucket' }));
  });
  afterAll(async () => {
    await app.close();
    await t.cleanup();
    await s3.close();
    fs.rmSync(s3Dir, { recursive: true, force: true });
    fs.rmSync(uploadsDir, { recursive: true, force: true });
  });

  const auth = () => ({ 'x-authorization': `Bearer ${token}` });
  /** Files under UPLOADS_DIR (temporary ones included): none stay there when the store keeps them. */
  const localFiles = () => (fs.readdirSync(uploadsDir, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(uploadsDir, f)).isFile());
  /** Objects s3rver holds, by key. */
  const objectKeys = () => (fs.readdirSync(path.join(s3Dir, 'tours-uploads'), { recursive: true }) as string[])
    .filter((f) => f.endsWith('._S3rver_object')).map((f) => f.replace(/\._S3rver_object$/, ''));

  test('an image goes to the bucket under the prefix, nothing stays on the disk, and it is served whole, by range and by HEAD', async () => {
    const form = multipart('image', 'photo.png', 'image/png', PNG, { bucket: 'avatars' });
    const res = await app.inject({ method: 'POST', url: '/crm/api/image/upload', payload: form.payload, headers: { ...form.headers, ...auth() } });
    expect(res.statusCode).toBe(200);
    const { url } = res.json() as { url: string };
    const name = url.split('/').pop()!;
    expect(objectKeys()).toContain(`test/${name.slice(0, 2)}/${name}`);
    expect(localFiles()).toEqual([]);

    const whole = await app.inject({ method: 'GET', url });
    expect([whole.statusCode, whole.headers['content-length'], whole.rawPayload.equals(PNG)]).toEqual([200, String(PNG.length), true]);
    const part = await app.inject({ method: 'GET', url, headers: { range: 'bytes=1-3' } });
    expect([part.statusCode, part.headers['content-range'], part.rawPayload.toString('latin1')]).toEqual([206, `bytes 1-3/${PNG.length}`, 'PNG']);
    const head = await app.inject({ method: 'HEAD', url });
    expect([head.statusCode, head.headers['content-length'], head.body]).toEqual([200, String(PNG.length), '']);
  });

  test('a private PDF is served to its owner only; copying an upload by its URL reads it back from the store', async () => {
    const form = multipart('file', 'contract.pdf', 'application/pdf', PDF);
    const pdf = await app.inject({ method: 'POST', url: '/crm/api/file/upload', payload: form.payload, headers: { ...form.headers, ...auth() } });
    expect(pdf.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: pdf.json().url })).statusCode).toBe(404);
    const mine = await app.inject({ method: 'GET', url: pdf.json().url, headers: auth() });
    expect(mine.rawPayload.equals(PDF)).toBe(true);

    const imageForm = multipart('image', 'a.png', 'image/png', PNG, { bucket: 'reviews' });
    const image = await app.inject({ method: 'POST', url: '/crm/api/image/upload', payload: imageForm.payload, headers: { ...imageForm.headers, ...auth() } });
    const copy = await app.inject({ method: 'POST', url: '/crm/api/image/upload', payload: { url: image.json().url, bucket: 'avatars' }, headers: auth() });
    expect(copy.statusCode).toBe(200);
    expect(copy.json().url).not.toBe(image.json().url);
    expect((await app.inject({ method: 'GET', url: copy.json().url })).rawPayload.equals(PNG)).toBe(true);
    expect(localFiles()).toEqual([]);
  });

  test('an object gone from the store is a 404; a store that does not answer fails the one call and loses nothing on the disk', async () => {
    const form = multipart('image', 'gone.png', 'image/png', PNG, { bucket: 'avatars' });
    const { url } = (await app.inject({ method: 'POST', url: '/crm/api/image/upload', payload: form.payload, headers: { ...form.headers, ...auth() } })).json() as { url: string };
    const name = url.split('/').pop()!;
    fs.rmSync(path.join(s3Dir, 'tours-uploads', 'test', name.slice(0, 2), `${name}._S3rver_object`), { force: true });
    fs.rmSync(path.join(s3Dir, 'tours-uploads', 'test', name.slice(0, 2), `${name}._S3rver_metadata.json`), { force: true });
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404);

    const broken = testServer(t.db, { uploadsDir, uploadsS3Url: 'http://k:s@127.0.0.1:9/tours-uploads' });
    try {
      const again = multipart('image', 'x.png', 'image/png', PNG, { bucket: 'avatars' });
      const res = await broken.inject({ method: 'POST', url: '/crm/api/image/upload', payload: again.payload, headers: { ...again.headers, ...auth() } });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({ message: expect.any(String) });
      expect(localFiles()).toEqual([]);
      expect((await broken.inject({ method: 'GET', url: '/spa/site-settings' })).statusCode).toBeLessThan(500);
    } finally {
      await broken.close();
    }
  });
});
