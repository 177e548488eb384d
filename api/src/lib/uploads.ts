/**
 * Uploaded files on disk (accounts-and-comms §3 'Uploaded files'; docs/decisions.md 'File uploads').
 *
 * - What a file is comes from its first bytes (`sniffMime`), never from its name or the Content-Type the client sent.
 * - A file is streamed into `{dir}/.tmp/` while its bytes are counted (over the limit the stream fails: nothing is
 *   buffered whole), then kept in the storage (`FileStorage`: the disk's `{dir}/{2 hex}/{32 hex}.{ext}` or an
 *   S3-compatible bucket) under a random name of our own (the client's name is only ever a download name, cleaned
 *   by `cleanFileName`).
 * - `dir` is the configuration's (UPLOADS_DIR); it is created on the first upload.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { UploadMime } from '@tours/shared/src/api/schemas/uploads';

/** The extension of each type: of the stored name and of the download name. */
const EXTENSION_OF: Readonly<Record<UploadMime, string>> = {
  'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'image/gif': 'gif', 'application/pdf': 'pdf', 'video/mp4': 'mp4', 'video/webm': 'webm',
};

/** Where uploaded files are served: `${UPLOADS_PATH}/{stored name}`. */
export const UPLOADS_PATH = '/media/uploads';

/** The URL of a stored file (the answer's `url`, a profile's avatar_url). */
export function uploadUrl(storedName: string): string {
  return `${UPLOADS_PATH}/${storedName}`;
}

/** A stored name: 32 random hex digits and the extension of its type. */
const STORED_NAME_RE = /^[0-9a-f]{32}\.(jpg|png|webp|gif|pdf|mp4|webm)$/;

/** Bytes `sniffMime` looks at. */
const HEAD_BYTES = 64;

/** ISO base media (MP4) major brands of video files; HEIF/AVIF images (heic, mif1, avif) and QuickTime ('qt  ') are not among them. */
const MP4_BRANDS = new Set(['isom', 'iso2', 'iso3', 'iso4', 'iso5', 'iso6', 'mp41', 'mp42', 'avc1', 'M4V ', 'M4VH', 'M4VP', 'dash', 'mmp4', 'MSNV', 'f4v ']);

const startsWith = (head: Buffer, bytes: readonly number[], at = 0): boolean => head.length >= at + bytes.length && bytes.every((b, i) => head[at + i] === b);
const ascii = (head: Buffer, from: number, to: number): string => head.subarray(from, to).toString('latin1');

/** The type of a file from its first bytes (HEAD_BYTES of them), or null when it is none the uploads take. */
export function sniffMime(head: Buffer): UploadMime | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a') return 'image/gif';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'image/webp';
  if (ascii(head, 0, 5) === '%PDF-') return 'application/pdf';
  if (ascii(head, 4, 8) === 'ftyp' && MP4_BRANDS.has(ascii(head, 8, 12))) return 'video/mp4';
  // Matroska's EBML header, whose DocType (element 0x4282) is 'webm' (a .mkv says 'matroska').
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) {
    // The element's id, its size (a variable-length integer of 1–8 bytes), then the text.
    const docType = head.indexOf(Buffer.from([0x42, 0x82]), 4);
    const text = docType < 0 ? -1 : head.indexOf('webm', docType + 2, 'latin1');
    if (text >= docType + 3 && text <= docType + 10) return 'video/webm';
  }
  return null;
}

/** Characters a file name never keeps: control, format (bidi overrides, zero-width), separators of lines. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}]/gu;
/** Characters file systems or headers do not take in a name. */
const RESERVED = /[<>:"/\\|?*;]/g;
const MAX_NAME = 100;

/**
 * The client's file name as a download name: no folders, no invisible characters (a right-to-left override makes
 * 'photo\u202Egpj.exe' look like 'photoexe.jpg'), no characters file systems refuse, at most 100 characters, never a
 * hidden file, and always the extension of the type its bytes proved ('report.exe' holding a PDF is 'report.exe.pdf').
 */
export function cleanFileName(name: string | undefined, mime: UploadMime): string {
  const ext = EXTENSION_OF[mime];
  const base = (name ?? '').split(/[/\\]/).pop() ?? '';
  let clean = base.normalize('NFC').replace(INVISIBLE, '').replace(RESERVED, '_').replace(/\s+/g, ' ').trim().replace(/^[.\s]+/, '');
  const lower = clean.toLowerCase();
  const sameType = lower.endsWith(`.${ext}`) || (ext === 'jpg' && lower.endsWith('.jpeg'));
  if (sameType) clean = clean.slice(0, clean.lastIndexOf('.'));
  clean = clean.replace(/[.\s]+$/, '');
  const chars = [...clean];
  if (chars.length > MAX_NAME) clean = chars.slice(0, MAX_NAME).join('').trim();
  return `${clean || 'file'}.${ext}`;
}

/** RFC 5987 encoding (encodeURIComponent leaves ' ( ) * as they are). */
const rfc5987 = (text: string): string => encodeURIComponent(text).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Content-Disposition with a download name: an ASCII fallback and the UTF-8 name (RFC 6266). */
export function contentDisposition(type: 'attachment' | 'inline', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_');
  return `${type}; filename="${fallback}"; filename*=UTF-8''${rfc5987(name)}`;
}

/** A stream over the limit: the upload is a 413. */
export class UploadTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super('Upload too large');
    this.name = 'UploadTooLarge';
  }
}

/** A file written to the temporary folder, not yet kept. */
export interface Received {
  tmp: string;
  size: number;
  /** Its first HEAD_BYTES bytes (fewer for a smaller file). */
  head: Buffer;
}

/** Counts the bytes going through, keeps the first ones, and fails past `max`. */
class Meter extends Transform {
  size = 0;
  private readonly first: Buffer[] = [];
  private firstLength = 0;

  constructor(private readonly max: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.max) {
      callback(new UploadTooLarge(this.max));
      return;
    }
    if (this.firstLength < HEAD_BYTES) {
      const part = chunk.subarray(0, HEAD_BYTES - this.firstLength);
      this.first.push(Buffer.from(part));
      this.firstLength += part.length;
    }
    callback(null, chunk);
  }

  get head(): Buffer {
    return Buffer.concat(this.first);
  }
}

/** A byte range of a kept file, both ends included. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where kept files live (docs/decisions.md 'File uploads'): the local disk (`DiskStorage`, the default) or an
 * S3-compatible object store (`S3Storage` in lib/s3-storage.ts, with UPLOADS_S3_URL). Files arrive as finished
 * temporary files on the local disk (checked, counted, stripped there) and leave as streams: no file is held in memory.
 */
export interface FileStorage {
  /** What the logs and the health line call it. */
  readonly name: string;
  /** Takes a finished temporary file under a stored name (the temporary file is gone afterwards). */
  put(tmp: string, storedName: string, mime: UploadMime): Promise<void>;
  /** The size of a kept file; null when there is none. */
  size(storedName: string): Promise<number | null>;
  /** The bytes of a kept file (a range of them); null when there is none. */
  read(storedName: string, range?: ByteRange): Promise<Readable | null>;
  /** Copies a kept file into a temporary file; false when there is none. */
  copyTo(storedName: string, tmp: string): Promise<boolean>;
  /** Removes a kept file; a missing one is fine. */
  remove(storedName: string): Promise<void>;
}

const isMissing = (err: unknown): boolean => (err as NodeJS.ErrnoException).code === 'ENOENT';

/** Kept files on the local disk: `{dir}/{2 hex}/{stored name}`, spread over 256 folders. */
class DiskStorage implements FileStorage {
  readonly name = 'disk';

  constructor(readonly dir: string) {}

  private pathOf(storedName: string): string {
    return path.join(this.dir, storedName.slice(0, 2), storedName);
  }

  async put(tmp: string, storedName: string): Promise<void> {
    const to = this.pathOf(storedName);
    await fs.promises.mkdir(path.dirname(to), { recursive: true });
    await fs.promises.rename(tmp, to);
  }

  async size(storedName: string): Promise<number | null> {
    try {
      const stat = await fs.promises.stat(this.pathOf(storedName));
      return stat.isFile() ? stat.size : null;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async read(storedName: string, range?: ByteRange): Promise<Readable | null> {
    // Opened before answering, so that a file removed meanwhile is a 404 and not a broken answer.
    let handle: fs.promises.FileHandle;
    try {
      handle = await fs.promises.open(this.pathOf(storedName), 'r');
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
    return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async copyTo(storedName: string, tmp: string): Promise<boolean> {
    try {
      await fs.promises.copyFile(this.pathOf(storedName), tmp, fs.constants.COPYFILE_EXCL | fs.constants.COPYFILE_FICLONE);
      return true;
    } catch (err) {
      if (isMissing(err)) return false;
      throw err;
    }
  }

  async remove(storedName: string): Promise<void> {
    await fs.promises.rm(this.pathOf(storedName), { force: true });
  }
}

/**
 * Uploads on their way in and kept: temporary files in `{dir}/.tmp/` (always the local disk: a file is checked there
 * before it is kept), kept ones in the storage.
 */
export class UploadStore {
  readonly storage: FileStorage;

  constructor(readonly dir: string, storage?: FileStorage) {
    this.storage = storage ?? new DiskStorage(dir);
  }

  private get tmpDir(): string {
    return path.join(this.dir, '.tmp');
  }

  /** Whether a name is one this store gives (anything else names no file: a 404 without asking the storage). */
  isStoredName(storedName: string): boolean {
    return STORED_NAME_RE.test(storedName);
  }

  /** A new random stored name of a type. */
  newStoredName(mime: UploadMime): string {
    return `${randomBytes(16).toString('hex')}.${EXTENSION_OF[mime]}`;
  }

  private async newTmp(): Promise<string> {
    await fs.promises.mkdir(this.tmpDir, { recursive: true });
    return path.join(this.tmpDir, randomBytes(16).toString('hex'));
  }

  /**
   * Streams `source` into a temporary file, at most `maxBytes` (UploadTooLarge past them; the partial file is
   * removed). Whatever fails, nothing is left behind.
   */
  async receive(source: Readable, maxBytes: number): Promise<Received> {
    const tmp = await this.newTmp();
    const meter = new Meter(maxBytes);
    try {
      await pipeline(source, meter, fs.createWriteStream(tmp, { flags: 'wx', mode: 0o600 }));
    } catch (err) {
      await this.discard(tmp);
      throw err;
    }
    return { tmp, size: meter.size, head: meter.head };
  }

  /** Writes bytes made here (a rendered picture) into a temporary file. */
  async receiveBuffer(bytes: Buffer): Promise<Received> {
    const tmp = await this.newTmp();
    await fs.promises.writeFile(tmp, bytes, { flag: 'wx', mode: 0o600 });
    return { tmp, size: bytes.length, head: bytes.subarray(0, HEAD_BYTES) };
  }

  /** Copies a kept file into a temporary one (a copy-on-write clone where the disk can); null when there is none. */
  async receiveCopy(storedName: string): Promise<Received | null> {
    if (!this.isStoredName(storedName)) return null;
    const tmp = await this.newTmp();
    try {
      if (!(await this.storage.copyTo(storedName, tmp))) {
        await this.discard(tmp);
        return null;
      }
      const handle = await fs.promises.open(tmp, 'r');
      try {
        const head = Buffer.alloc(HEAD_BYTES);
        const { bytesRead } = await handle.read(head, 0, HEAD_BYTES, 0);
        return { tmp, size: (await handle.stat()).size, head: head.subarray(0, bytesRead) };
      } finally {
        await handle.close();
      }
    } catch (err) {
      await this.discard(tmp);
      throw err;
    }
  }

  /** Keeps a received file under its stored name; the temporary file is removed whatever happens. */
  async keep(received: Received, storedName: string, mime: UploadMime): Promise<void> {
    if (!this.isStoredName(storedName)) throw new Error('Not a stored name');
    try {
      await this.storage.put(received.tmp, storedName, mime);
    } finally {
      await this.discard(received.tmp);
    }
  }

  /** The size of a kept file; null for a name that is not one of ours or a file that is gone. */
  async size(storedName: string): Promise<number | null> {
    return this.isStoredName(storedName) ? this.storage.size(storedName) : null;
  }

  /** The bytes of a kept file (a range of them); null for a name that is not one of ours or a file that is gone. */
  async read(storedName: string, range?: ByteRange): Promise<Readable | null> {
    return this.isStoredName(storedName) ? this.storage.read(storedName, range) : null;
  }

  /** Removes a temporary file; a missing one is fine. */
  async discard(file: string): Promise<void> {
    await fs.promises.rm(file, { force: true });
  }

  /** Removes a kept file (its row could not be written). */
  async remove(storedName: string): Promise<void> {
    if (this.isStoredName(storedName)) await this.storage.remove(storedName);
  }
}

/**
 * The one byte range of a `Range` header (RFC 9110 §14): `bytes=start-end`, `bytes=start-` or `bytes=-suffix`, within a
 * file of `size` bytes. null: no range asked (or a form this server does not serve: several ranges, another unit) —
 * the whole file; 'unsatisfiable': a range past the end (416).
 */
export function parseByteRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}
