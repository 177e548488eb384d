/** Declared image sizes, read from headers without decoding (lib/image-size.ts). */
import { imageSize, imageSizeProblem } from '../src/lib/image-size';
import { renderPng } from '../src/lib/images';

const bytes = (...parts: (number[] | string)[]) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

describe('imageSize', () => {
  test.each<[string, Buffer, string, ReturnType<typeof imageSize>]>([
    ['a PNG drawn here', renderPng('reviewers', 'size', { width: 30, height: 20 }), 'image/png', { width: 30, height: 20 }],
    ['a GIF', bytes('GIF89a', [0x80, 0x02, 0xe0, 0x01, 0, 0]), 'image/gif', { width: 640, height: 480 }],
    ['a JPEG (APP0, then a baseline frame)', bytes([0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0, 0xff, 0xc0, 0, 0x11, 8, 0x01, 0xe0, 0x02, 0x80, 3]), 'image/jpeg', { width: 640, height: 480 }],
    ['a progressive JPEG after fill bytes', bytes([0xff, 0xd8, 0xff, 0xff, 0xc2, 0, 0x11, 8, 0, 10, 0, 20, 3]), 'image/jpeg', { width: 20, height: 10 }],
    ['a JPEG whose Huffman table (0xC4) comes first', bytes([0xff, 0xd8, 0xff, 0xc4, 0, 4, 0, 0, 0xff, 0xc0, 0, 0x11, 8, 0, 2, 0, 3, 3]), 'image/jpeg', { width: 3, height: 2 }],
    ['a JPEG with scan data before any frame', bytes([0xff, 0xd8, 0xff, 0xda, 0, 4, 0, 0]), 'image/jpeg', null],
    ['a WebP VP8X', bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8X', [10, 0, 0, 0, 0, 0, 0, 0, 0x7f, 0x02, 0, 0xdf, 0x01, 0]), 'image/webp', { width: 640, height: 480 }],
    ['a lossless WebP (VP8L)', bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8L', [0, 0, 0, 0, 0x2f, 0x3f, 0xc0, 0x3f, 0]), 'image/webp', { width: 64, height: 256 }],
    ['a lossy WebP (VP8)', bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 ', [0, 0, 0, 0, 0, 0, 0, 0x9d, 0x01, 0x2a, 0x80, 0x02, 0xe0, 0x01]), 'image/webp', { width: 640, height: 480 }],
    ['a truncated PNG', bytes([0x89, 0x50, 0x4e, 0x47]), 'image/png', null],
    ['a PDF', bytes('%PDF-1.4'), 'application/pdf', null],
  ])('%s', (_name, data, mime, expected) => {
    expect(imageSize(data, mime)).toEqual(expected);
  });
});

describe('imageSizeProblem', () => {
  const gif = (w: number, h: number) => bytes('GIF89a', [w & 255, w >> 8, h & 255, h >> 8]);
  test.each<[number, number, ReturnType<typeof imageSizeProblem>]>([
    [8000, 6000, null], [12_000, 4000, null], [12_001, 10, 'too-large'], [10, 12_001, 'too-large'], [7100, 7100, 'too-large'], [0, 10, 'unreadable'],
  ])('%i × %i → %s', (w, h, expected) => {
    expect(imageSizeProblem(gif(w, h), 'image/gif')).toBe(expected);
  });
});
