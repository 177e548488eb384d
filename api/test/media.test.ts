/** Placeholder images under /media (URL convention of lib/images.ts). */
import { inflateSync } from 'node:zlib';
import { get, withTestServer } from './helpers';
import { imageUrl, resolveImageUrl } from '../src/lib/images';

const { app } = withTestServer({}, {}, { seed: false });

const stored = '/media/tours/1234-2/{{size}}/image.svg';
const storedPhoto = '/media/tours/1234-2/{{size}}/image.png';

/** Reads a PNG as a browser would: checks the chunks' CRCs, inflates IDAT and undoes the row filters (8-bit RGB). */
function decodePng(bytes: Buffer): { width: number; height: number; pixel: (x: number, y: number) => [number, number, number] } {
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  let at = 8;
  let width = 0;
  let height = 0;
  const data: Buffer[] = [];
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const byte of b) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  for (;;) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    const body = bytes.subarray(at + 8, at + 8 + length);
    expect(bytes.readUInt32BE(at + 8 + length)).toBe(crc(bytes.subarray(at + 4, at + 8 + length)));
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      expect([body[8], body[9]]).toEqual([8, 2]);
    }
    if (type === 'IDAT') data.push(body);
    at += 12 + length;
    if (type === 'IEND') break;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * 3 + 1;
  expect(raw.length).toBe(stride * height);
  const out = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    const filter = raw[y * stride];
    for (let i = 0; i < width * 3; i += 1) {
      const left = i >= 3 ? out[y * width * 3 + i - 3]! : 0;
      const up = y > 0 ? out[(y - 1) * width * 3 + i]! : 0;
      const byte = raw[y * stride + 1 + i]!;
      out[y * width * 3 + i] = (byte + (filter === 1 ? left : filter === 2 ? up : 0)) & 0xff;
    }
  }
  return { width, height, pixel: (x, y) => [out[(y * width + x) * 3]!, out[(y * width + x) * 3 + 1]!, out[(y * width + x) * 3 + 2]!] };
}

/** A size in a stored URL and the picture it gives, width × height (00: in proportion to the other side; none: the original). */
const SIZES = [
  ['1200x00', 1200, 800],
  ['374x500', 374, 500],
  ['140x140', 140, 140],
  ['00x300', 450, 300],
  ['', 1600, 1067],
] as const;

test('stored URLs name PNG photos', () => {
  expect(imageUrl('tours', '1234-2')).toBe(storedPhoto);
});

test.each(SIZES)('photo size %s → a %ix%i PNG, immutable', async (size, width, height) => {
  const res = await app.inject({ method: 'GET', url: resolveImageUrl(storedPhoto, size) });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('image/png');
  expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  const png = decodePng(res.rawPayload);
  expect([png.width, png.height]).toEqual([width, height]);
  // A landscape: a light sky at the top, the darker ridge at the bottom.
  const brightness = ([r, g, b]: number[]) => r! + g! + b!;
  expect(brightness(png.pixel(0, 0))).toBeGreaterThan(brightness(png.pixel(0, height - 1)));
});

test('a photo is small and the same URL gives the same bytes; another URL other colours', async () => {
  const url = (key: string) => `/media/tours/${key}/374x500/image.png`;
  const a = (await app.inject({ method: 'GET', url: url('1001-1') })).rawPayload;
  const b = (await app.inject({ method: 'GET', url: url('1001-1') })).rawPayload;
  const c = (await app.inject({ method: 'GET', url: url('1002-1') })).rawPayload;
  expect(a.equals(b)).toBe(true);
  expect(decodePng(a).pixel(0, 0)).not.toEqual(decodePng(c).pixel(0, 0));
  expect(a.length).toBeLessThan(20_000);
});

test('image.jpg and image.webp, which stored URLs may name, are served as the PNG photo', async () => {
  const png = (await app.inject({ method: 'GET', url: '/media/blog/7-1/400x400/image.png' })).rawPayload;
  for (const file of ['image.jpg', 'image.jpeg', 'image.webp']) {
    const res = await app.inject({ method: 'GET', url: `/media/blog/7-1/400x400/${file}` });
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.equals(png)).toBe(true);
  }
});

test.each([...SIZES, ['400x400', 400, 400] as const])('SVG size %s → %ix%i, immutable', async (size, width, height) => {
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
