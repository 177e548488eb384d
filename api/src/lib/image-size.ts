/**
 * The pixel size an image declares, read from its header without decoding it (issue 16: 'images re-encoded or
 * checked'). A few kilobytes of PNG can declare 100,000 × 100,000 pixels: 40 GB once a browser decodes it, which
 * would crash the tab of every traveller shown that photo. Uploads over MAX_IMAGE_SIDE or MAX_IMAGE_PIXELS are
 * refused; so is an image whose size cannot be read (a broken header is no picture a browser shows right anyway).
 */

/** The longest side an uploaded picture may have (a 48-megapixel phone photo is 8000 × 6000). */
export const MAX_IMAGE_SIDE = 12_000;
/** The most pixels an uploaded picture may have (≈ 200 MB decoded at 4 bytes a pixel). */
export const MAX_IMAGE_PIXELS = 50_000_000;

export interface ImageSize {
  width: number;
  height: number;
}

/** JPEG start-of-frame markers (baseline, progressive, lossless…; not DHT 0xC4, JPG 0xC8, DAC 0xCC). */
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function jpegSize(bytes: Buffer): ImageSize | null {
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    // Fill bytes, and markers without a length (RSTn, TEM).
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image, or scan data before any frame header
    const length = bytes.readUInt16BE(at + 2);
    if (length < 2) return null;
    if (SOF.has(marker)) {
      if (at + 9 > bytes.length) return null;
      return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    }
    at += 2 + length;
  }
  return null;
}

function webpSize(bytes: Buffer): ImageSize | null {
  if (bytes.length < 16) return null;
  const chunk = bytes.toString('latin1', 12, 16);
  if (chunk === 'VP8X') return bytes.length < 30 ? null : { width: 1 + bytes.readUIntLE(24, 3), height: 1 + bytes.readUIntLE(27, 3) };
  if (chunk === 'VP8L') {
    if (bytes.length < 25 || bytes[20] !== 0x2f) return null;
    const bits = bytes.readUInt32LE(21);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >>> 14) & 0x3fff) };
  }
  if (chunk === 'VP8 ') {
    // The key frame's start code, then 14-bit sizes (the top 2 bits are the scale).
    if (bytes.length < 30 || bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return null;
    return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  }
  return null;
}

/** The declared size of a JPEG, PNG, GIF or WebP (by its mime type, already proved from its bytes); null if unreadable. */
export function imageSize(bytes: Buffer, mime: string): ImageSize | null {
  try {
    switch (mime) {
      case 'image/png':
        // The signature, then the IHDR chunk (length, 'IHDR', width, height): it must come first.
        return bytes.length >= 24 && bytes.toString('latin1', 12, 16) === 'IHDR' ? { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) } : null;
      case 'image/gif':
        return bytes.length >= 10 ? { width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) } : null;
      case 'image/jpeg':
        return jpegSize(bytes);
      case 'image/webp':
        return webpSize(bytes);
      default:
        return null;
    }
  } catch {
    return null;
  }
}

/** Why an image may not be kept, or null when its size is fine. */
export function imageSizeProblem(bytes: Buffer, mime: string): 'unreadable' | 'too-large' | null {
  const size = imageSize(bytes, mime);
  if (!size || size.width < 1 || size.height < 1) return 'unreadable';
  if (size.width > MAX_IMAGE_SIDE || size.height > MAX_IMAGE_SIDE || size.width * size.height > MAX_IMAGE_PIXELS) return 'too-large';
  return null;
}
