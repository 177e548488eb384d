/** Photos lose what they say about their taker before they are kept (issue 13): EXIF/GPS, XMP, comments. */
import { exifOrientation, orientationSegment, stripImageMetadata, stripJpeg, stripPng, stripWebp } from '../src/lib/image-metadata';

const seg = (marker: number, payload: Buffer) => {
  const head = Buffer.alloc(4);
  head.writeUInt16BE(0xff00 | marker, 0);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
};

/** An EXIF APP1 payload (little-endian TIFF) with an orientation, a camera make and a GPS IFD pointer. */
function exif(orientation: number): Buffer {
  const tiff = Buffer.alloc(8 + 2 + 3 * 12 + 4 + 16);
  tiff.write('II', 0, 'latin1');
  tiff.writeUInt16LE(42, 2);
  tiff.writeUInt32LE(8, 4);
  tiff.writeUInt16LE(3, 8);
  const entry = (i: number, tag: number, type: number, count: number, value: number) => {
    const o = 10 + i * 12;
    tiff.writeUInt16LE(tag, o);
    tiff.writeUInt16LE(type, o + 2);
    tiff.writeUInt32LE(count, o + 4);
    tiff.writeUInt32LE(value, o + 8);
  };
  entry(0, 0x010f, 2, 12, 50); // Make → 'CanonSecret\0' at 50
  entry(1, 0x0112, 3, 1, orientation);
  entry(2, 0x8825, 4, 1, 0); // GPS IFD pointer
  tiff.write('CanonSecret\0', 50, 'latin1');
  return Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
}

const SCAN = Buffer.from([0xff, 0xda, 0x00, 0x04, 0x01, 0x02, 0xaa, 0xbb, 0xcc, 0xff, 0xd9]);
function jpeg(parts: Buffer[]): Buffer {
  return Buffer.concat([Buffer.from([0xff, 0xd8]), ...parts, SCAN]);
}
const APP0 = seg(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1'));
const ICC = seg(0xe2, Buffer.from('ICC_PROFILE\0profile', 'latin1'));

describe('JPEG', () => {
  test('EXIF, XMP and comments go; JFIF, the colour profile and the scan stay; the orientation is kept alone', () => {
    const xmp = seg(0xe1, Buffer.from('http://ns.adobe.com/xap/1.0/\0<x:gps>55.75,37.61</x:gps>', 'latin1'));
    const input = jpeg([APP0, seg(0xe1, exif(6)), xmp, seg(0xfe, Buffer.from('shot at home', 'latin1')), ICC]);
    const out = stripJpeg(input);
    const text = out.toString('latin1');
    expect(text).not.toContain('CanonSecret');
    expect(text).not.toContain('55.75');
    expect(text).not.toContain('shot at home');
    expect(text).toContain('JFIF');
    expect(text).toContain('ICC_PROFILE');
    expect(out.subarray(out.length - SCAN.length).equals(SCAN)).toBe(true);
    // The orientation survives as a minimal EXIF right after SOI.
    expect(out.readUInt16BE(2)).toBe(0xffe1);
    expect(exifOrientation(out.subarray(6, 4 + out.readUInt16BE(4)))).toBe(6);
  });

  test.each([
    ['upright: no EXIF at all', 1, false],
    ['rotated: the orientation stays', 8, true],
  ])('%s', (_name, orientation, hasApp1) => {
    const out = stripJpeg(jpeg([APP0, seg(0xe1, exif(orientation))]));
    expect(out.includes(Buffer.from([0xff, 0xe1]))).toBe(hasApp1);
  });

  test('a broken structure is left as it is', () => {
    const broken = Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0x7f, 0xff, 0x00]);
    expect(stripJpeg(broken)).toBe(broken);
  });

  test('the orientation segment reads back', () => {
    const s = orientationSegment(3);
    expect(exifOrientation(s.subarray(4))).toBe(3);
  });
});

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, data, Buffer.alloc(4)]);
}

test('PNG: text, time and EXIF chunks go; the picture chunks stay in order', () => {
  const sig = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const ihdr = pngChunk('IHDR', Buffer.alloc(13, 1));
  const idat = pngChunk('IDAT', Buffer.from('pixels'));
  const iend = pngChunk('IEND', Buffer.alloc(0));
  const input = Buffer.concat([sig, ihdr, pngChunk('tEXt', Buffer.from('Author\0Anna', 'latin1')), pngChunk('eXIf', Buffer.from('gps')), idat, pngChunk('tIME', Buffer.alloc(7)), iend]);
  expect(stripPng(input).equals(Buffer.concat([sig, ihdr, idat, iend]))).toBe(true);
});

test('WebP: EXIF and XMP chunks go, their flags are cleared, the RIFF size is right', () => {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.write(type, 0, 'latin1');
    head.writeUInt32LE(data.length, 4);
    return Buffer.concat([head, data, data.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)]);
  };
  const vp8x = Buffer.alloc(10);
  vp8x[0] = 0x0c | 0x10; // EXIF, XMP and alpha
  const body = Buffer.concat([chunk('VP8X', vp8x), chunk('VP8L', Buffer.from('image')), chunk('EXIF', Buffer.from('gps data')), chunk('XMP ', Buffer.from('<xmp/>'))]);
  const head = Buffer.alloc(12);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(body.length + 4, 4);
  head.write('WEBP', 8, 'latin1');
  const out = stripWebp(Buffer.concat([head, body]));
  expect(out.toString('latin1')).not.toContain('gps data');
  expect(out.toString('latin1')).not.toContain('<xmp/>');
  expect(out.readUInt32LE(4)).toBe(out.length - 8);
  expect(out[20]! & 0x0c).toBe(0);
  expect(out[20]! & 0x10).toBe(0x10);
  expect(out.toString('latin1')).toContain('VP8L');
});

test('other types are unchanged', () => {
  const gif = Buffer.from('GIF89a....');
  expect(stripImageMetadata(gif, 'image/gif')).toBe(gif);
});
