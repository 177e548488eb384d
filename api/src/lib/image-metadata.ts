/**
 * Strips what a photo says about its taker before it is kept (issue 13: a profile photo must not publish where it
 * was taken): EXIF (GPS position, camera serial, time), XMP, IPTC and comments. The picture's own bytes are not
 * touched (no re-encoding); what the picture needs to be shown right stays: the JPEG's JFIF and colour profile
 * (APP0, APP2, APP14) and its orientation, rewritten as a minimal EXIF holding only that tag; the PNG's colour
 * chunks; the WebP's image chunks and colour profile.
 *
 * A file that is not what its first bytes said (a broken structure) is returned unchanged: the type check has already
 * passed, and a picture the parser does not understand carries nothing we could strip reliably anyway.
 */

/** The EXIF orientation (1–8) of a JPEG APP1 payload ('Exif\0\0' + TIFF), or null. */
export function exifOrientation(app1: Buffer): number | null {
  if (app1.length < 14 || app1.toString('latin1', 0, 6) !== 'Exif\0\0') return null;
  const tiff = app1.subarray(6);
  const order = tiff.toString('latin1', 0, 2);
  if (order !== 'II' && order !== 'MM') return null;
  const le = order === 'II';
  const u16 = (o: number) => (le ? tiff.readUInt16LE(o) : tiff.readUInt16BE(o));
  const u32 = (o: number) => (le ? tiff.readUInt32LE(o) : tiff.readUInt32BE(o));
  if (tiff.length < 8 || u16(2) !== 42) return null;
  const ifd = u32(4);
  if (ifd + 2 > tiff.length) return null;
  const count = u16(ifd);
  for (let i = 0; i < count; i += 1) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiff.length) return null;
    if (u16(entry) === 0x0112) {
      const value = u16(entry + 8);
      return value >= 1 && value <= 8 ? value : null;
    }
  }
  return null;
}

/** An APP1 segment (marker and length included) holding only the orientation tag. */
export function orientationSegment(orientation: number): Buffer {
  const tiff = Buffer.alloc(8 + 2 + 12 + 4);
  tiff.write('MM', 0, 'latin1');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4);
  tiff.writeUInt16BE(1, 8); // one entry
  tiff.writeUInt16BE(0x0112, 10); // Orientation
  tiff.writeUInt16BE(3, 12); // SHORT
  tiff.writeUInt32BE(1, 14); // count
  tiff.writeUInt16BE(orientation, 18);
  tiff.writeUInt32BE(0, 22); // no next IFD
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const head = Buffer.alloc(4);
  head.writeUInt16BE(0xffe1, 0);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
}

/** JPEG segments that describe the taker, not the picture: APP1 (EXIF, XMP), APP3–APP13 but APP14, APP15, COM. */
const isMetadataMarker = (marker: number) => marker === 0xe1 || (marker >= 0xe3 && marker <= 0xed) || marker === 0xef || marker === 0xfe;

export function stripJpeg(bytes: Buffer): Buffer {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return bytes;
  const kept: Buffer[] = [bytes.subarray(0, 2)];
  let orientation: number | null = null;
  let i = 2;
  while (i + 4 <= bytes.length) {
    if (bytes[i] !== 0xff) return bytes;
    const marker = bytes[i + 1]!;
    if (marker === 0xff) {
      i += 1; // fill byte
      continue;
    }
    if (marker === 0xd9) break;
    const length = bytes.readUInt16BE(i + 2);
    if (length < 2 || i + 2 + length > bytes.length) return bytes;
    const segment = bytes.subarray(i, i + 2 + length);
    if (marker === 0xda) {
      // Start of scan: the compressed picture and everything after it stay as they are.
      if (orientation !== null && orientation !== 1) kept.splice(1, 0, orientationSegment(orientation));
      kept.push(bytes.subarray(i));
      return Buffer.concat(kept);
    }
    if (marker === 0xe1) orientation ??= exifOrientation(segment.subarray(4));
    if (!isMetadataMarker(marker)) kept.push(segment);
    i += 2 + length;
  }
  return bytes;
}

/** PNG chunks that carry text, time or EXIF. */
const PNG_METADATA = new Set(['eXIf', 'tEXt', 'iTXt', 'zTXt', 'tIME']);

export function stripPng(bytes: Buffer): Buffer {
  const SIGNATURE = 8;
  if (bytes.length < SIGNATURE + 12) return bytes;
  const kept: Buffer[] = [bytes.subarray(0, SIGNATURE)];
  let i = SIGNATURE;
  while (i + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(i);
    const type = bytes.toString('latin1', i + 4, i + 8);
    const end = i + 12 + length;
    if (end > bytes.length) return bytes;
    if (!PNG_METADATA.has(type)) kept.push(bytes.subarray(i, end));
    i = end;
    if (type === 'IEND') return Buffer.concat(kept);
  }
  return bytes;
}

export function stripWebp(bytes: Buffer): Buffer {
  if (bytes.length < 20 || bytes.toString('latin1', 0, 4) !== 'RIFF' || bytes.toString('latin1', 8, 12) !== 'WEBP') return bytes;
  const kept: Buffer[] = [];
  let i = 12;
  while (i + 8 <= bytes.length) {
    const type = bytes.toString('latin1', i, i + 4);
    const size = bytes.readUInt32LE(i + 4);
    const end = i + 8 + size + (size % 2);
    if (end > bytes.length + (size % 2)) return bytes;
    let chunk = bytes.subarray(i, Math.min(end, bytes.length));
    if (type === 'VP8X' && chunk.length >= 9) {
      // The extended header's flags say which chunks follow: EXIF (0x08) and XMP (0x04) no longer do.
      chunk = Buffer.from(chunk);
      chunk[8] = chunk[8]! & ~0x0c;
    }
    if (type !== 'EXIF' && type !== 'XMP ') kept.push(chunk);
    i = end;
  }
  const body = Buffer.concat(kept);
  const head = Buffer.alloc(12);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(body.length + 4, 4);
  head.write('WEBP', 8, 'latin1');
  return Buffer.concat([head, body]);
}

/** The picture without its taker's metadata (JPEG, PNG, WebP; other types unchanged). */
export function stripImageMetadata(bytes: Buffer, mime: string): Buffer {
  if (mime === 'image/jpeg') return stripJpeg(bytes);
  if (mime === 'image/png') return stripPng(bytes);
  if (mime === 'image/webp') return stripWebp(bytes);
  return bytes;
}
