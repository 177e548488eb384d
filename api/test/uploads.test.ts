/**
 * File uploads (accounts-and-comms §3 'Uploaded files', §7 'File uploads (all captcha)', 'update-profile-photo'):
 * the three calls (multipart and URL forms), the files they serve, who may fetch a private one, the limits (type by the
 * first bytes, size as the file streams, the daily quota), the profile photo, and the pure helpers of lib/uploads.ts.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { ProfileAnswer, UpdateProfilePhotoAnswer } from '@tours/shared/src/api/schemas/accounts';
import { UPLOAD_MAX_BYTES, UploadAnswer, uploadProblem } from '@tours/shared/src/api/schemas/uploads';
import { readConfig } from '../src/config';
import { insertTraveller, issueToken, travellerById } from '../src/db/queries/travellers';
import { uploadById } from '../src/db/queries/uploads';
import { renderPng } from '../src/lib/images';
import { limitClass } from '../src/lib/rate-limit';
import { cleanFileName, contentDisposition, parseByteRange, sniffMime, UploadStore, UploadTooLarge } from '../src/lib/uploads';
import { ownMediaPath } from '../src/routes/uploads';
import { buildServer } from '../src/server';
import { createTestDb, expectShape, testServer, withTestServer, testUploadsDir } from './helpers';

// Files as their first bytes make them (the rest is filler: only the head decides the type).
const PNG = renderPng('reviewers', 'upload-test', { width: 8, height: 8 });
// Headers a viewer reads the size from (640 × 480), then filler.
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0'), Buffer.alloc(9),
  Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, 0x01, 0xe0, 0x02, 0x80, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01]), randomBytes(200),
]);
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.from([0x80, 0x02, 0xe0, 0x01]), randomBytes(40)]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8X'), Buffer.from([10, 0, 0, 0, 0, 0, 0, 0, 0x7f, 0x02, 0, 0xdf, 0x01, 0]), randomBytes(40)]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isommp41'), randomBytes(64)]);
const WEBM = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81, 0x04, 0x42, 0xf3, 0x81, 0x08, 0x42, 0x82, 0x84]), Buffer.from('webm'), randomBytes(40)]);
const MKV = Buffer.concat([WEBM.subarray(0, 23), Buffer.from([0x88]), Buffer.from('matroska'), randomBytes(40)]);
const HEIC = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic'), randomBytes(40)]);
const EXE = Buffer.concat([Buffer.from('MZ'), randomBytes(100)]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>');
const HTML = Buffer.from('<!doctype html><script>alert(1)</script>');

type Part = { name: string; value: string } | { name: string; filename: string; type?: string; data: Buffer };

/** A multipart/form-data body. */
function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----upload-test-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('data' in part) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`));
      chunks.push(part.data, Buffer.from('\r\n'));
    } else {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const uploadsDir = testUploadsDir('uploads-test-');
let anna: { id: number; token: string };
let boris: { id: number; token: string };

/** X-Authorization of a traveller; null: signed out. */
const auth = (who: { token: string } | null | undefined) => (who ? { 'x-authorization': `Bearer ${who.token}` } : {});
const send = (url: string, parts: Part[], who: { token: string } | null = anna) => {
  const { payload, headers } = multipart(parts);
  return app.inject({ method: 'POST', url, payload, headers: { ...headers, ...auth(who) } });
};
const sendJson = (url: string, body: unknown, who: { token: string } | null = anna) =>
  app.inject({ method: 'POST', url, payload: JSON.stringify(body), headers: { 'content-type': 'application/json', ...auth(who) } });
const image = (data: Buffer, bucket = 'avatars', filename = 'photo.png', type = 'image/png', who: { token: string } | null = anna) =>
  send('/crm/api/image/upload', [{ name: 'bucket', value: bucket }, { name: 'image', filename, type, data }], who);
const fetchFile = (url: string, who: { token: string } | null = null) => app.inject({ method: 'GET', url, headers: auth(who) });

/** Every file under the uploads folder (temporary ones included), relative. */
function filesOnDisk(): string[] {
  if (!fs.existsSync(uploadsDir)) return [];
  return (fs.readdirSync(uploadsDir, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(uploadsDir, f)).isFile()).sort();
}

const uploadRows = () => (t.db.kysely as unknown as Kysely<{ uploads: { id: number } }>).selectFrom('uploads').select('id').execute();

async function newTraveller(first: string): Promise<{ id: number; token: string }> {
  const id = await insertTraveller(t.db, { first_name: first, last_name: 'Uploader' });
  return { id, token: await issueToken(t.db, id) };
}

const { t, app } = withTestServer({ uploadsDir, siteOrigin: 'https://tours.example' }, {}, { seed: false });
beforeAll(async () => {
  anna = await newTraveller('Anna');
  boris = await newTraveller('Boris');
});

describe('POST /crm/api/image/upload (multipart)', () => {
  test('stores the image under a random name, records it, answers { id, url, mime, size } and serves it', async () => {
    const res = await image(PNG, 'avatars', '../../etc/passwd\u202Egnp.png', 'application/pdf');
    expect(res.statusCode).toBe(200);
    const answer = expectShape(res.json(), UploadAnswer);
    expect(answer).toEqual({ id: expect.any(Number), url: expect.stringMatching(/^\/media\/uploads\/[0-9a-f]{32}\.png$/), mime: 'image/png', size: PNG.length });
    const storedName = answer.url.split('/').pop()!;
    // On disk by the random name only (in a folder of its first two digits), nothing left in the temporary folder.
    expect(filesOnDisk()).toContain(path.join(storedName.slice(0, 2), storedName));
    expect(filesOnDisk().some((f) => f.includes('passwd') || f.startsWith('.tmp/'))).toBe(false);
    expect(await uploadById(t.db, answer.id)).toMatchObject({
      stored_name: storedName, traveller_id: anna.id, kind: 'image', bucket: 'avatars', mime: 'image/png', size: PNG.length, is_public: 1,
      original_name: 'passwdgnp.png', created_at: expect.stringMatching(/^\d{4}-/),
    });
    // Served to anyone (images are public), as the bytes were, with the type they proved.
    const served = await fetchFile(answer.url);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect(served.headers).toMatchObject({
      'content-type': 'image/png', 'x-content-type-options': 'nosniff', 'cache-control': 'public, max-age=31536000, immutable', 'content-length': String(PNG.length),
    });
    expect(served.headers['content-disposition']).toMatch(/^inline; filename="passwdgnp.png"/);
    const head = await app.inject({ method: 'HEAD', url: answer.url });
    expect([head.statusCode, head.headers['content-type'], head.headers['content-length'], head.body]).toEqual([200, 'image/png', String(PNG.length), '']);
  });

  test.each([
    ['JPEG', JPEG, 'image/jpeg', 'jpg'], ['GIF', GIF, 'image/gif', 'gif'], ['WebP', WEBP, 'image/webp', 'webp'],
  ])('%s is taken (the field after the file, as some clients send it)', async (_name, data, mime, ext) => {
    const res = await send('/crm/api/image/upload', [{ name: 'image', filename: 'x', data }, { name: 'bucket', value: 'reviews' }]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ mime, url: expect.stringMatching(new RegExp(`\\.${ext}$`)) });
    expect((await uploadById(t.db, res.json().id))?.bucket).toBe('reviews');
  });

  test.each([
    ['an executable named .png', EXE, 'photo.png', 'image/png'],
    ['an SVG (scripts: never an image here)', SVG, 'photo.svg', 'image/svg+xml'],
    ['an HTML page', HTML, 'photo.jpg', 'image/jpeg'],
    ['a PDF (a file, not an image)', PDF, 'photo.pdf', 'application/pdf'],
    ['a video', MP4, 'photo.mp4', 'video/mp4'],
  ])('%s: 422 on image, whatever its name and Content-Type; nothing kept', async (_label, data, filename, type) => {
    const rows = (await uploadRows()).length;
    const before = filesOnDisk();
    const res = await image(data, 'avatars', filename, type);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: 'The image must be a JPEG, PNG, WebP or GIF file', errors: { image: 'The image must be a JPEG, PNG, WebP or GIF file' } });
    expect((await uploadRows()).length).toBe(rows);
    expect(filesOnDisk()).toEqual(before);
  });

  /** A PNG declaring width × height whose pixel data is one tiny compressed block (what a decompression bomb is). */
  const pngDeclaring = (width: number, height: number): Buffer => {
    const chunk = (kind: string, data: Buffer) => {
      const length = Buffer.alloc(4);
      length.writeUInt32BE(data.length);
      return Buffer.concat([length, Buffer.from(kind, 'latin1'), data, Buffer.alloc(4)]);
    };
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(width, 0);
    ihdr.writeUInt32BE(height, 4);
    ihdr.set([8, 6, 0, 0, 0], 8);
    return Buffer.concat([PNG.subarray(0, 8), chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(Buffer.alloc(1 << 20))), chunk('IEND', Buffer.alloc(0))]);
  };

  test.each([
    ['a decompression bomb (100,000 × 100,000 px in a few kilobytes)', pngDeclaring(100_000, 100_000), 'The picture is too large: at most 12000 pixels a side and 50 megapixels'],
    ['a strip 20,000 px long', pngDeclaring(20_000, 10), 'The picture is too large: at most 12000 pixels a side and 50 megapixels'],
    ['8,000 × 8,000 px (64 megapixels)', pngDeclaring(8_000, 8_000), 'The picture is too large: at most 12000 pixels a side and 50 megapixels'],
    ['a PNG without its header chunk', Buffer.concat([PNG.subarray(0, 8), randomBytes(64)]), 'The picture is damaged: its size cannot be read'],
    ['a JPEG with no frame header', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0'), Buffer.alloc(9), Buffer.from([0xff, 0xd9])]), 'The picture is damaged: its size cannot be read'],
  ])('%s: 422 on image, nothing kept', async (_label, data, message) => {
    expect(data.length).toBeLessThan(10_000);
    const rows = (await uploadRows()).length;
    const before = filesOnDisk();
    const res = await image(data, 'avatars', 'photo.png', 'image/png');
    expect([res.statusCode, res.json().errors]).toEqual([422, { image: message }]);
    expect((await uploadRows()).length).toBe(rows);
    expect(filesOnDisk()).toEqual(before);
  });

  test('a picture at the limits is taken (8000 × 6000 px, a 48-megapixel phone photo)', async () => {
    const res = await image(pngDeclaring(8_000, 6_000));
    expect(res.statusCode).toBe(200);
  });

  test.each([
    ['a bucket it does not know', [{ name: 'bucket', value: 'tours' }, { name: 'image', filename: 'a.png', data: PNG }], { bucket: 'Incorrect value' }],
    ['no bucket', [{ name: 'image', filename: 'a.png', data: PNG }], { bucket: 'Required field' }],
    ['a bucket of 10 kB (cut at 1 kB, then refused)', [{ name: 'bucket', value: 'avatars'.repeat(1500) }, { name: 'image', filename: 'a.png', data: PNG }], { bucket: 'Incorrect value' }],
    ['no image', [{ name: 'bucket', value: 'avatars' }], { image: 'Required field' }],
    ['an empty file input', [{ name: 'bucket', value: 'avatars' }, { name: 'image', filename: '', data: Buffer.alloc(0) }], { image: 'Required field' }],
    ['the image under another name', [{ name: 'bucket', value: 'avatars' }, { name: 'file', filename: 'a.png', data: PNG }], { image: 'Required field' }],
    ['nothing', [], { image: 'Required field', bucket: 'Required field' }],
    ['a wrong bucket and a wrong file at once', [{ name: 'bucket', value: 'x' }, { name: 'image', filename: 'a.png', data: EXE }], { image: 'The image must be a JPEG, PNG, WebP or GIF file', bucket: 'Incorrect value' }],
  ] as [string, Part[], Record<string, string>][])('%s: 422 with the field errors, nothing kept', async (_label, parts, errors) => {
    const before = filesOnDisk();
    const rows = (await uploadRows()).length;
    const res = await send('/crm/api/image/upload', parts);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual(errors);
    expect(filesOnDisk()).toEqual(before);
    expect((await uploadRows()).length).toBe(rows);
  });

  test('signed out (no token, or one nobody was given): 401 in the error shape, nothing read or kept', async () => {
    const before = filesOnDisk();
    for (const who of [null, { token: 'x'.repeat(43) }]) {
      const res = await image(PNG, 'avatars', 'a.png', 'image/png', who);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Unauthorized' });
      expect(res.headers.connection).toBe('close');
    }
    expect(filesOnDisk()).toEqual(before);
  });

  test('too large: 413 keyed by image, by the declared length or as the file streams; exactly the limit is fine', async () => {
    const max = UPLOAD_MAX_BYTES.image;
    const before = filesOnDisk();
    const big = Buffer.alloc(max + 1, 0);
    PNG.copy(big);
    // Within the form's allowance for boundaries: the declared length passes, the stream is cut at the limit.
    const streamed = await image(big);
    expect(streamed.statusCode).toBe(413);
    expect(streamed.json()).toEqual({ message: 'The file is larger than 5 MB', errors: { image: 'The file is larger than 5 MB' } });
    expect(streamed.headers.connection).toBe('close');
    // Far over: refused by its Content-Length before a byte is read.
    const huge = await image(Buffer.concat([big, Buffer.alloc(1024 * 1024)]));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().errors).toEqual({ image: 'The file is larger than 5 MB' });
    // A file under another name is read past within the same limit.
    const elsewhere = await send('/crm/api/image/upload', [{ name: 'bucket', value: 'avatars' }, { name: 'photo', filename: 'a.png', data: big }]);
    expect([elsewhere.statusCode, elsewhere.json().errors]).toEqual([413, { image: 'The file is larger than 5 MB' }]);
    expect(filesOnDisk()).toEqual(before);
    const exact = await image(big.subarray(0, max));
    expect(exact.statusCode).toBe(200);
    // Kept without what follows the picture's end (IEND): the zeros padding it to the limit are not stored.
    expect(exact.json().size).toBe(PNG.length);
  });

  test('over a socket, a chunked body (no Content-Length) past the limit: 413 while it is still sending, the connection closed', async () => {
    const server = testServer(t.db, { uploadsDir });
    await server.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = server.server.address() as { port: number };
      const boundary = 'socket-boundary';
      let sent = 0;
      const outcome = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        let answered = false;
        const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/crm/api/image/upload', headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'transfer-encoding': 'chunked', ...auth(anna) } });
        req.on('response', (res) => {
          answered = true;
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          res.on('error', reject);
        });
        // The server closes the connection after its answer: writes still on their way fail then.
        req.on('error', (err) => {
          if (!answered) reject(err);
        });
        req.write(`--${boundary}\r\nContent-Disposition: form-data; name="bucket"\r\n\r\navatars\r\n--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\n`);
        req.write(PNG);
        const chunk = Buffer.alloc(256 * 1024, 0);
        // Up to 40 MB, a chunk whenever the socket takes it, until the answer comes.
        const pump = () => {
          while (!answered && !req.destroyed && sent < 40 * 1024 * 1024) {
            sent += chunk.length;
            if (!req.write(chunk)) return void req.once('drain', pump);
          }
          if (!answered && !req.destroyed) req.end(`\r\n--${boundary}--\r\n`);
        };
        pump();
      });
      expect(outcome.status).toBe(413);
      expect(JSON.parse(outcome.body)).toEqual({ message: 'The file is larger than 5 MB', errors: { image: 'The file is larger than 5 MB' } });
      // Answered at the limit (5 MB and what the sockets hold), not after the 40 MB.
      expect(sent).toBeLessThan(16 * 1024 * 1024);
      expect(filesOnDisk().some((f) => f.startsWith('.tmp/'))).toBe(false);
    } finally {
      await server.close();
    }
  }, 30_000);

  test('two files, or too many fields: 413 in the error shape, nothing kept', async () => {
    const before = filesOnDisk();
    const two = await send('/crm/api/image/upload', [{ name: 'bucket', value: 'avatars' }, { name: 'image', filename: 'a.png', data: PNG }, { name: 'image', filename: 'b.png', data: PNG }]);
    expect(two.statusCode).toBe(413);
    expect(two.json()).toEqual({ message: 'Payload too large' });
    const fields = await send('/crm/api/image/upload', [...Array.from({ length: 20 }, (_, i) => ({ name: `f${i}`, value: 'x' })), { name: 'image', filename: 'a.png', data: PNG }]);
    expect(fields.statusCode).toBe(413);
    expect(filesOnDisk()).toEqual(before);
  });

  test('a malformed multipart body is a 400, a prototype key a 400; never a 5xx', async () => {
    const broken = await app.inject({ method: 'POST', url: '/crm/api/image/upload', payload: '--b\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\n\x89PNG', headers: { 'content-type': 'multipart/form-data; boundary=b', ...auth(anna) } });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ message: expect.any(String) });
    const noBoundary = await app.inject({ method: 'POST', url: '/crm/api/image/upload', payload: 'x', headers: { 'content-type': 'multipart/form-data', ...auth(anna) } });
    expect(noBoundary.statusCode).toBe(400);
    const proto = await send('/crm/api/image/upload', [{ name: '__proto__', value: 'x' }, { name: 'bucket', value: 'avatars' }, { name: 'image', filename: 'a.png', data: PNG }]);
    expect(proto.statusCode).toBe(400);
    expect(proto.json()).toEqual({ message: 'Bad request' });
  });
});

describe('photos lose their metadata (issue 13)', () => {
  test("a JPEG's EXIF (camera, GPS) and comments are not kept; the stored size is the stripped one", async () => {
    const tiff = Buffer.alloc(8 + 2 + 12 + 4 + 16);
    tiff.write('II', 0, 'latin1');
    tiff.writeUInt16LE(42, 2);
    tiff.writeUInt32LE(8, 4);
    tiff.writeUInt16LE(1, 8);
    tiff.writeUInt16LE(0x010f, 10);
    tiff.writeUInt16LE(2, 12);
    tiff.writeUInt32LE(12, 14);
    tiff.writeUInt32LE(26, 18);
    tiff.write('CanonSecret\0', 26, 'latin1');
    const app1Payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
    const app1 = Buffer.concat([Buffer.from([0xff, 0xe1, 0, 0]), app1Payload]);
    app1.writeUInt16BE(app1Payload.length + 2, 2);
    // A frame header (640 × 480) and a scan: what a viewer needs, and what stays.
    const scan = Buffer.from([0xff, 0xc0, 0x00, 0x08, 0x08, 0x01, 0xe0, 0x02, 0x80, 0x00, 0xff, 0xda, 0x00, 0x04, 0x01, 0x02, 0xaa, 0xbb, 0xff, 0xd9]);
    const photo = Buffer.concat([Buffer.from([0xff, 0xd8]), app1, scan]);
    const res = await send('/crm/api/image/upload', [{ name: 'image', filename: 'me.jpg', data: photo }, { name: 'bucket', value: 'avatars' }]);
    expect(res.statusCode).toBe(200);
    const served = await fetchFile(res.json().url);
    expect(served.rawPayload.toString('latin1')).not.toContain('CanonSecret');
    expect(served.rawPayload.equals(Buffer.concat([Buffer.from([0xff, 0xd8]), scan]))).toBe(true);
    expect(res.json().size).toBe(served.rawPayload.length);
  });
});

describe('POST /crm/api/image/upload (JSON url)', () => {
  test('a URL that is not a public http(s) one is refused (422 on url) before anything is fetched', async () => {
    let hits = 0;
    const server = http.createServer((_req, res) => {
      hits += 1;
      res.end(PNG);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      for (const [url, message] of [
        [`http://127.0.0.1:${port}/cat.png`, 'The file must be on a public web server'],
        [`http://localhost:${port}/cat.png`, 'The file must be on a public web server'],
        [`http://[::ffff:127.0.0.1]:${port}/cat.png`, 'The file must be on a public web server'],
        [`http://[::1]:${port}/cat.png`, 'The file must be on a public web server'],
        ['http://169.254.169.254/latest/meta-data/', 'The file must be on a public web server'],
        ['http://10.0.0.1/cat.png', 'The file must be on a public web server'],
        ['http://0x7f000001/cat.png', 'The file must be on a public web server'],
        ['file:///etc/passwd', 'Only an http or https URL can be uploaded'],
        ['javascript:alert(1)', 'Only an http or https URL can be uploaded'],
        ['https://user:pass@cdn.example/cat.png', 'A URL with a user name or password cannot be uploaded'],
        ['//evil.example/media/tours/1-1/image.png', 'This is not a URL'],
        ['/\\evil.example/media/x', 'This is not a URL'],
      ]) {
        const res = await sendJson('/crm/api/image/upload', { url, bucket: 'avatars' });
        expect([url, res.statusCode, res.json().errors]).toEqual([url, 422, { url: message }]);
      }
      expect(hits).toBe(0);
    } finally {
      server.close();
    }
  });

  test('a path of this site that is not media, or media that does not exist: 422 on url', async () => {
    for (const [url, message] of [
      ['/internal/outbox', 'No such file'],
      ['https://tours.example/internal/outbox', 'No such file'],
      ['/media/../internal/outbox', 'No such file'],
      ['/media/nope/1-1/image.png', 'No such file'],
      [`/media/uploads/${'0'.repeat(32)}.png`, 'No such file'],
      ['/media/uploads/passwd', 'No such file'],
    ]) {
      const res = await sendJson('/crm/api/image/upload', { url, bucket: 'avatars' });
      expect([url, res.statusCode, res.json().errors]).toEqual([url, 422, { url: message }]);
    }
  });

  test("a placeholder picture of this site (a path or the site's URL) becomes the traveller's PNG", async () => {
    for (const url of ['/media/reviewers/42-1/{{size}}/image.svg', 'https://tours.example/media/reviewers/42-1/140x140/image.png?x=1']) {
      const res = await sendJson('/crm/api/image/upload', { url, bucket: 'avatars' });
      expect(res.statusCode).toBe(200);
      const answer = expectShape(res.json(), UploadAnswer);
      expect(answer.mime).toBe('image/png');
      expect(sniffMime((await fetchFile(answer.url)).rawPayload)).toBe('image/png');
      expect(await uploadById(t.db, answer.id)).toMatchObject({ traveller_id: anna.id, kind: 'image', bucket: 'avatars', original_name: '42-1.png' });
    }
  });

  test("an upload of this site: a public one is copied under a new name; another traveller's private file is unknown", async () => {
    const mine = expectShape((await image(JPEG, 'chat', 'cat.jpg', 'image/jpeg', boris)).json(), UploadAnswer);
    const copy = await sendJson('/crm/api/image/upload', { url: `https://tours.example${mine.url}`, bucket: 'avatars' }, anna);
    expect(copy.statusCode).toBe(200);
    const answer = expectShape(copy.json(), UploadAnswer);
    expect(answer.url).not.toBe(mine.url);
    expect((await fetchFile(answer.url)).rawPayload.equals(JPEG)).toBe(true);
    expect(await uploadById(t.db, answer.id)).toMatchObject({ traveller_id: anna.id, original_name: 'cat.jpg' });
    const secret = await send('/crm/api/file/upload', [{ name: 'file', filename: 'a.png', data: PNG }, { name: 'is_public', value: 'false' }], boris);
    expect((await sendJson('/crm/api/image/upload', { url: secret.json().url, bucket: 'avatars' }, anna)).json().errors).toEqual({ url: 'No such file' });
    // Its owner may.
    expect((await sendJson('/crm/api/image/upload', { url: secret.json().url, bucket: 'avatars' }, boris)).statusCode).toBe(200);
    // A PDF is not an image.
    const pdf = await send('/crm/api/file/upload', [{ name: 'file', filename: 'a.pdf', data: PDF }, { name: 'is_public', value: '1' }], anna);
    expect((await sendJson('/crm/api/image/upload', { url: pdf.json().url, bucket: 'avatars' })).json().errors).toEqual({ url: 'The image must be a JPEG, PNG, WebP or GIF file' });
  });

  test('JSON shape errors: 422 keyed by url and bucket; not an object: 400', async () => {
    expect((await sendJson('/crm/api/image/upload', {})).json().errors).toEqual({ url: 'Required field', bucket: 'Required field' });
    expect((await sendJson('/crm/api/image/upload', { url: 'x'.repeat(3000), bucket: 'avatars' })).json().errors).toEqual({ url: 'Maximum 2048 characters' });
    expect((await sendJson('/crm/api/image/upload', [1])).statusCode).toBe(400);
  });
});

describe('POST /crm/api/file/upload', () => {
  test('a private PDF: served only to its owner, as a download, never cached', async () => {
    const res = await send('/crm/api/file/upload', [{ name: 'file', filename: 'Договор №1.exe', type: 'text/html', data: PDF }, { name: 'is_public', value: '0' }]);
    expect(res.statusCode).toBe(200);
    const answer = expectShape(res.json(), UploadAnswer);
    expect(answer).toMatchObject({ mime: 'application/pdf', size: PDF.length, url: expect.stringMatching(/\.pdf$/) });
    expect(await uploadById(t.db, answer.id)).toMatchObject({ kind: 'file', bucket: null, is_public: 0, original_name: 'Договор №1.exe.pdf' });
    for (const who of [null, boris, { token: 'y'.repeat(43) }]) {
      const refused = await fetchFile(answer.url, who);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ message: 'Not found' });
    }
    const own = await fetchFile(answer.url, anna);
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(PDF)).toBe(true);
    expect(own.headers).toMatchObject({
      'content-type': 'application/pdf', 'x-content-type-options': 'nosniff', 'cache-control': 'private, no-store', 'cross-origin-resource-policy': 'same-origin',
      'content-disposition': `attachment; filename="_______ _1.exe.pdf"; filename*=UTF-8''${encodeURIComponent('Договор №1.exe.pdf')}`,
    });
  });

  test('is_public defaults to false; is_public=1 (or true) serves it to anyone, cached', async () => {
    const hidden = expectShape((await send('/crm/api/file/upload', [{ name: 'file', filename: 'a.gif', data: GIF }])).json(), UploadAnswer);
    expect((await fetchFile(hidden.url)).statusCode).toBe(404);
    for (const value of ['1', 'true']) {
      const open = expectShape((await send('/crm/api/file/upload', [{ name: 'is_public', value }, { name: 'file', filename: 'a.pdf', data: PDF }])).json(), UploadAnswer);
      const served = await fetchFile(open.url, boris);
      expect(served.statusCode).toBe(200);
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.headers['content-disposition']).toMatch(/^attachment; /);
    }
  });

  test.each([
    ['a video', [{ name: 'file', filename: 'a.mp4', data: MP4 }], { file: 'The file must be a JPEG, PNG, WebP, GIF or PDF file' }],
    ['an HTML page', [{ name: 'file', filename: 'a.pdf', data: HTML }], { file: 'The file must be a JPEG, PNG, WebP, GIF or PDF file' }],
    ['is_public not a boolean', [{ name: 'file', filename: 'a.pdf', data: PDF }, { name: 'is_public', value: 'maybe' }], { is_public: 'Incorrect value' }],
    ['no file', [{ name: 'is_public', value: '1' }], { file: 'Required field' }],
  ] as [string, Part[], Record<string, string>][])('%s: 422 with its field error', async (_label, parts, errors) => {
    const res = await send('/crm/api/file/upload', parts);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual(errors);
  });

  test('10 MB at most; JSON is a 415; signed out a 401', async () => {
    const big = Buffer.alloc(UPLOAD_MAX_BYTES.file + 1, 0x20);
    PDF.copy(big);
    const res = await send('/crm/api/file/upload', [{ name: 'file', filename: 'big.pdf', data: big }]);
    expect([res.statusCode, res.json().errors]).toEqual([413, { file: 'The file is larger than 10 MB' }]);
    const json = await sendJson('/crm/api/file/upload', { file: 'x' });
    expect([json.statusCode, json.json()]).toEqual([415, { message: 'Unsupported media type: send the file as multipart/form-data' }]);
    expect((await send('/crm/api/file/upload', [{ name: 'file', filename: 'a.pdf', data: PDF }], null)).statusCode).toBe(401);
  });
});

describe('POST /crm/api/file/upload-video', () => {
  test('MP4 and WebM by multipart (is_public from the form, else the query); Matroska, HEIF and pictures are refused', async () => {
    const mp4 = await send('/crm/api/file/upload-video', [{ name: 'file', filename: 'clip.mov', data: MP4 }, { name: 'is_public', value: 'true' }]);
    expect(mp4.json()).toMatchObject({ mime: 'video/mp4', url: expect.stringMatching(/\.mp4$/) });
    expect(await uploadById(t.db, mp4.json().id)).toMatchObject({ kind: 'video', is_public: 1, original_name: 'clip.mov.mp4' });
    const served = await fetchFile(mp4.json().url);
    expect(served.headers).toMatchObject({ 'content-type': 'video/mp4', 'content-disposition': expect.stringMatching(/^attachment; /) });
    const webm = await app.inject({ method: 'POST', url: '/crm/api/file/upload-video?is_public=true', ...(() => {
      const { payload, headers } = multipart([{ name: 'file', filename: 'clip.webm', data: WEBM }]);
      return { payload, headers: { ...headers, ...auth(anna) } };
    })() });
    expect(webm.json()).toMatchObject({ mime: 'video/webm' });
    expect((await uploadById(t.db, webm.json().id))?.is_public).toBe(1);
    for (const data of [MKV, HEIC, PNG]) {
      const res = await send('/crm/api/file/upload-video', [{ name: 'file', filename: 'clip.webm', data }]);
      expect(res.json().errors).toEqual({ file: 'The video must be an MP4 or WebM file' });
    }
  });

  test('a video is served in byte ranges (a player seeking): 206 with Content-Range; past the end 416; no range the whole file', async () => {
    const up = await send('/crm/api/file/upload-video', [{ name: 'file', filename: 'clip.mp4', data: MP4 }, { name: 'is_public', value: 'true' }]);
    const url = up.json().url as string;
    const whole = await fetchFile(url);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(MP4)).toBe(true);
    const part = await app.inject({ method: 'GET', url, headers: { range: 'bytes=4-11' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers).toMatchObject({ 'content-range': `bytes 4-11/${MP4.length}`, 'content-length': '8' });
    expect(part.rawPayload.equals(MP4.subarray(4, 12))).toBe(true);
    const tail = await app.inject({ method: 'GET', url, headers: { range: 'bytes=-4' } });
    expect(tail.rawPayload.equals(MP4.subarray(MP4.length - 4))).toBe(true);
    const past = await app.inject({ method: 'GET', url, headers: { range: `bytes=${MP4.length}-` } });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${MP4.length}`);
  });

  test.each([
    ['no header', undefined, 100, null],
    ['start and end', 'bytes=0-9', 100, { start: 0, end: 9 }],
    ['open end', 'bytes=90-', 100, { start: 90, end: 99 }],
    ['an end past the file is cut', 'bytes=90-500', 100, { start: 90, end: 99 }],
    ['suffix', 'bytes=-10', 100, { start: 90, end: 99 }],
    ['suffix longer than the file', 'bytes=-500', 100, { start: 0, end: 99 }],
    ['start past the end', 'bytes=100-', 100, 'unsatisfiable'],
    ['end before start', 'bytes=9-3', 100, 'unsatisfiable'],
    ['zero suffix', 'bytes=-0', 100, 'unsatisfiable'],
    ['several ranges: the whole file', 'bytes=0-1,5-6', 100, null],
    ['another unit: the whole file', 'items=0-1', 100, null],
    ['garbage', 'bytes=abc', 100, null],
  ] as const)('parseByteRange: %s', (_name, header, size, expected) => {
    expect(parseByteRange(header, size)).toEqual(expected);
  });

  test('by the URL of a video of this site, is_public in the query; a picture is not a video; other hosts refused', async () => {
    const mine = expectShape((await send('/crm/api/file/upload-video', [{ name: 'file', filename: 'a.mp4', data: MP4 }])).json(), UploadAnswer);
    const copy = await app.inject({ method: 'POST', url: '/crm/api/file/upload-video?is_public=true', payload: { url: mine.url }, headers: auth(anna) });
    expect(copy.statusCode).toBe(200);
    expect(await uploadById(t.db, copy.json().id)).toMatchObject({ kind: 'video', mime: 'video/mp4', is_public: 1 });
    const privateCopy = await app.inject({ method: 'POST', url: '/crm/api/file/upload-video', payload: { url: mine.url }, headers: auth(anna) });
    expect((await uploadById(t.db, privateCopy.json().id))?.is_public).toBe(0);
    expect((await sendJson('/crm/api/file/upload-video', { url: '/media/tours/1-1/image.png' })).json().errors).toEqual({ url: 'The video must be an MP4 or WebM file' });
    expect((await sendJson('/crm/api/file/upload-video', { url: 'http://192.168.1.10/a.mp4' })).json().errors).toEqual({ url: 'The file must be on a public web server' });
    expect((await app.inject({ method: 'POST', url: '/crm/api/file/upload-video?is_public=maybe', payload: { url: mine.url }, headers: auth(anna) })).json().errors).toEqual({ is_public: 'Incorrect value' });
  });

  test('50 MB at most', async () => {
    const res = await send('/crm/api/file/upload-video', [{ name: 'file', filename: 'a.mp4', data: Buffer.alloc(UPLOAD_MAX_BYTES.video + 1024 * 1024) }]);
    expect([res.statusCode, res.json().errors]).toEqual([413, { file: 'The file is larger than 50 MB' }]);
  });
});

describe('GET /media/uploads/{name}', () => {
  test.each(['x.png', `${'0'.repeat(32)}.png`, `${'0'.repeat(32)}.svg`, '..%2F..%2Fcatalogue.sqlite', `${'A'.repeat(32)}.png`])('%s: 404 in the error shape', async (name) => {
    const res = await fetchFile(`/media/uploads/${name}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found' });
  });
});

describe('POST /crm/api/user/update-profile-photo', () => {
  test("an image the traveller uploaded becomes the photo: the answer's user and the profile carry its URL", async () => {
    const upload = expectShape((await image(PNG)).json(), UploadAnswer);
    const res = await sendJson('/crm/api/user/update-profile-photo', { avatar_id: upload.id });
    expect(res.statusCode).toBe(200);
    expect(expectShape(res.json(), UpdateProfilePhotoAnswer)).toMatchObject({ success: true, user: { id: anna.id, avatar_url: upload.url } });
    const profile = expectShape((await app.inject({ method: 'GET', url: '/crm/api/user/profile', headers: auth(anna) })).json(), ProfileAnswer).profile;
    expect(profile.avatar_url).toBe(upload.url);
    expect((await travellerById(t.db, anna.id))?.avatar_id).toBe(upload.id);
    // Nobody else's profile changes; one without a photo says null.
    expect(expectShape((await app.inject({ method: 'GET', url: '/crm/api/user/profile', headers: auth(boris) })).json(), ProfileAnswer).profile.avatar_url).toBeNull();
  });

  test("another traveller's image, a file that is not an image upload, an id nobody has: 422 on avatar_id, the photo kept", async () => {
    const before = (await travellerById(t.db, anna.id))?.avatar_id ?? null;
    const foreign = (await image(PNG, 'avatars', 'b.png', 'image/png', boris)).json().id as number;
    const pictureAsFile = (await send('/crm/api/file/upload', [{ name: 'file', filename: 'a.png', data: PNG }, { name: 'is_public', value: '1' }])).json().id as number;
    const video = (await send('/crm/api/file/upload-video', [{ name: 'file', filename: 'a.mp4', data: MP4 }])).json().id as number;
    for (const id of [foreign, pictureAsFile, video, 2_000_000]) {
      const res = await sendJson('/crm/api/user/update-profile-photo', { avatar_id: id });
      expect([id, res.statusCode, res.json()]).toEqual([id, 422, { message: 'Not an image you uploaded', errors: { avatar_id: 'Not an image you uploaded' } }]);
    }
    expect((await travellerById(t.db, anna.id))?.avatar_id ?? null).toBe(before);
  });
});

describe('limits', () => {
  test("the daily quota: 422 once a traveller's last 24 hours of uploads would pass it", async () => {
    const db = await createTestDb({ seed: false });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uploads-quota-'));
    const small = testServer(db.db, { uploadsDir: dir, uploadQuotaMbPerDay: 1 });
    try {
      const id = await insertTraveller(db.db, { first_name: 'Q', last_name: 'Q' });
      const headers = { 'x-authorization': `Bearer ${await issueToken(db.db, id)}` };
      const data = Buffer.alloc(600 * 1024, 0);
      PDF.copy(data);
      const upload = () => {
        const form = multipart([{ name: 'file', filename: 'a.pdf', data }]);
        return small.inject({ method: 'POST', url: '/crm/api/file/upload', payload: form.payload, headers: { ...form.headers, ...headers } });
      };
      expect((await upload()).statusCode).toBe(200);
      const over = await upload();
      expect([over.statusCode, over.json().errors]).toEqual([422, { file: 'You have uploaded 1 MB in the last 24 hours: try again later' }]);
      expect((fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.endsWith('.pdf'))).toHaveLength(1);
    } finally {
      await small.close();
      await db.cleanup();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test("the uploads are POSTs of the 'writes' class: over its limit, 429 asking for the captcha", async () => {
    for (const url of ['/crm/api/image/upload', '/crm/api/file/upload', '/crm/api/file/upload-video']) expect(limitClass('POST', url)).toBe('writes');
    const limited = buildServer({ db: t.db, config: { rateLimitPerMin: 100, rateLimitWritesPerMin: 1, uploadsDir }, validateAnswers: true });
    try {
      const form = () => multipart([{ name: 'bucket', value: 'avatars' }, { name: 'image', filename: 'a.png', data: PNG }]);
      const first = form();
      expect((await limited.inject({ method: 'POST', url: '/crm/api/image/upload', payload: first.payload, headers: { ...first.headers, ...auth(anna) } })).statusCode).toBe(200);
      const second = form();
      const res = await limited.inject({ method: 'POST', url: '/crm/api/image/upload', payload: second.payload, headers: { ...second.headers, ...auth(anna) } });
      expect([res.statusCode, res.json().data]).toEqual([429, { type: 'captcha' }]);
    } finally {
      await limited.close();
    }
  });

  test('other calls still refuse a multipart body (415): the multipart parser is the uploads\' alone', async () => {
    const { payload, headers } = multipart([{ name: 'currency_code', value: 'EUR' }]);
    const res = await app.inject({ method: 'POST', url: '/crm/api/user/set-currency', payload, headers: { ...headers, ...auth(anna) } });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: 'Unsupported media type' });
  });

  test('the OpenAPI description gives the multipart form (and the JSON one where there is one)', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api-docs/openapi.json' })).json() as { paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { properties: Record<string, { format?: string }> } }> }; responses: Record<string, unknown> }>> };
    const image = doc.paths['/crm/api/image/upload']!.post!;
    expect(Object.keys(image.requestBody!.content).sort()).toEqual(['application/json', 'multipart/form-data']);
    expect(image.requestBody!.content['multipart/form-data']!.schema.properties.image!.format).toBe('binary');
    expect(Object.keys(image.responses)).toEqual(expect.arrayContaining(['200', '401', '413', '422', '429']));
    expect(Object.keys(doc.paths['/crm/api/file/upload']!.post!.requestBody!.content)).toEqual(['multipart/form-data']);
    expect(doc.paths['/media/uploads/{name}']?.get).toBeDefined();
  });
});

describe('lib/uploads.ts', () => {
  test.each([
    ['PNG', 'image/png', PNG], ['JPEG', 'image/jpeg', JPEG], ['GIF', 'image/gif', GIF], ['WebP', 'image/webp', WEBP], ['PDF', 'application/pdf', PDF],
    ['MP4', 'video/mp4', MP4], ['WebM', 'video/webm', WEBM], ['Matroska', null, MKV], ['HEIF', null, HEIC], ['EXE', null, EXE], ['SVG', null, SVG],
    ['HTML', null, HTML], ['empty', null, Buffer.alloc(0)], ['RIFF but WAVE', null, Buffer.from('RIFF\0\0\0\0WAVEfmt ')], ['JPEG cut short', null, Buffer.from([0xff, 0xd8])],
  ] as const)('sniffMime(%s) = %s', (_name, mime, head) => expect(sniffMime(head.subarray(0, 64))).toBe(mime));

  test.each([
    ['photo.png', 'image/png', 'photo.png'],
    ['PHOTO.JPEG', 'image/jpeg', 'PHOTO.jpg'],
    ['report.exe', 'application/pdf', 'report.exe.pdf'],
    ['C:\\Users\\anna\\Desktop\\me.gif', 'image/gif', 'me.gif'],
    ['../../etc/passwd', 'image/png', 'passwd.png'],
    ['photo\u202Egnp.exe', 'image/png', 'photognp.exe.png'],
    ['a\u0000b\r\nc.pdf', 'application/pdf', 'abc.pdf'],
    ['  ..hidden  ', 'image/png', 'hidden.png'],
    ['a"b;c<d>.png', 'image/png', 'a_b_c_d_.png'],
    ['', 'video/mp4', 'file.mp4'],
    [undefined, 'video/webm', 'file.webm'],
    ['...', 'image/png', 'file.png'],
    ['Договор.pdf', 'application/pdf', 'Договор.pdf'],
    [`${'я'.repeat(300)}.png`, 'image/png', `${'я'.repeat(100)}.png`],
  ] as const)('cleanFileName(%j, %s) = %j', (name, mime, out) => expect(cleanFileName(name, mime)).toBe(out));

  test('contentDisposition: an ASCII fallback and the UTF-8 name', () => {
    expect(contentDisposition('attachment', "it's (1).pdf")).toBe("attachment; filename=\"it's (1).pdf\"; filename*=UTF-8''it%27s%20%281%29.pdf");
    expect(contentDisposition('inline', 'фото.png')).toBe("inline; filename=\"____.png\"; filename*=UTF-8''%D1%84%D0%BE%D1%82%D0%BE.png");
  });

  test('ownMediaPath: /media paths of this site only', () => {
    const site = 'https://tours.example';
    expect(ownMediaPath('/media/uploads/a.png', site)).toBe('/media/uploads/a.png');
    expect(ownMediaPath('https://tours.example/media/x/y/%7B%7Bsize%7D%7D/image.png#z', site)).toBe('/media/x/y/{{size}}/image.png');
    for (const url of ['https://other.example/media/a', '//other.example/media/a', '/spa/tours', '/media/..%2f..%2finternal', '/media/%E0%A4%A', 'data:image/png;base64,AAAA', 'http://tours.example/media/a']) {
      expect([url, ownMediaPath(url, site)]).toEqual([url, null]);
    }
  });

  test('UploadStore.receive stops a stream past the limit and leaves nothing behind', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uploads-store-'));
    try {
      const store = new UploadStore(dir);
      const chunks = (n: number) => Readable.from(Array.from({ length: n }, () => Buffer.alloc(1024, 1)));
      await expect(store.receive(chunks(11), 10 * 1024)).rejects.toBeInstanceOf(UploadTooLarge);
      expect(fs.readdirSync(path.join(dir, '.tmp'))).toEqual([]);
      const ok = await store.receive(chunks(10), 10 * 1024);
      expect([ok.size, ok.head.length]).toEqual([10 * 1024, 64]);
      expect(store.isStoredName('../x.png')).toBe(false);
      expect(store.isStoredName(`${'ab'.repeat(16)}.png`)).toBe(true);
      expect(await store.read('../x.png')).toBeNull();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('UPLOADS_DIR: next to the SQLite file by default, a relative one from the repository root', () => {
    expect(readConfig({}, '/work').uploadsDir.endsWith(path.join('api', '.data', 'uploads'))).toBe(true);
    expect(readConfig({ DB_FILE: 'x/y.sqlite' }, '/work').uploadsDir).toBe('/work/x/uploads');
    expect(readConfig({ UPLOADS_DIR: 'files' }, '/work').uploadsDir).toBe('/work/files');
    expect(readConfig({}).uploadQuotaMbPerDay).toBe(500);
    expect(() => readConfig({ UPLOAD_QUOTA_MB_PER_DAY: '-1' })).toThrow();
  });

  test("uploadProblem: the client's check, with the same limits", () => {
    expect(uploadProblem('image', { size: 1000, type: 'image/png' })).toBeNull();
    expect(uploadProblem('image', { size: UPLOAD_MAX_BYTES.image + 1, type: 'image/jpeg' })).toBe('size');
    expect(uploadProblem('image', { size: 10, type: 'image/svg+xml' })).toBe('type');
    expect(uploadProblem('image', { size: 0, type: 'image/png' })).toBe('empty');
    expect(uploadProblem('file', { size: 10, type: 'application/pdf' })).toBeNull();
    expect(uploadProblem('video', { size: 10, type: 'video/webm' })).toBeNull();
  });
});
