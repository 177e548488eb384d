/**
 * The pipeline of the upload calls (issue 30: a use case, formerly inside routes/uploads.ts): the streamed form, the
 * type by its bytes, the limits and the quota, the kept file and its row, serving it. The upload calls
 * (routes/uploads.ts) and the calls that take files otherwise than as a signed-in traveller (routes/organizer-meet.ts)
 * use the same one.
 */
import fs from 'node:fs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { UPLOAD_MAX_BYTES, UPLOAD_MIME_TYPES, UploadAnswer, type UploadKind, type UploadMime } from '@tours/shared/src/api/schemas/uploads';
import type { AnyStruct } from '@tours/shared/src/api/schemas/common';
import { bytesUploadedSince, insertUpload, type Upload } from '../db/queries/uploads';
import type { Traveller } from '../db/queries/travellers';
import { clientErrorMessage, HttpError, notFound, validationError } from '../lib/errors';
import { stripImageMetadata } from '../lib/image-metadata';
import { imageSizeProblem, MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE } from '../lib/image-size';
import { cleanFileName, contentDisposition, parseByteRange, sniffMime, UploadTooLarge, uploadUrl, type Received } from '../lib/uploads';
import { fieldErrors, validateInput } from '../lib/validation';
import type { Services } from '../services';
import { AUTHORIZATION_HEADER } from '@tours/shared/src/api/headers';

export const MB = 1024 * 1024;
const DAY_MS = 86_400_000;
/** What a form may hold besides its file: boundaries, part headers, a few short fields. */
const FORM_OVERHEAD = 64 * 1024;
/** busboy's limits besides the file's size: one file, a few short fields (a longer value is cut, and then refused). */
export const FORM_LIMITS = { fieldNameSize: 100, fieldSize: 1024, fields: 8, files: 1, parts: 12, headerPairs: 20 };

export const TYPE_TEXT: Record<UploadKind, string> = {
  image: 'The image must be a JPEG, PNG, WebP or GIF file',
  file: 'The file must be a JPEG, PNG, WebP, GIF or PDF file',
  video: 'The video must be an MP4 or WebM file',
};
const tooLargeText = (kind: UploadKind) => `The file is larger than ${UPLOAD_MAX_BYTES[kind] / MB} MB`;
export const NO_SUCH_FILE = 'No such file';
const IMAGE_TOO_LARGE = `The picture is too large: at most ${MAX_IMAGE_SIDE} pixels a side and ${MAX_IMAGE_PIXELS / 1_000_000} megapixels`;
const IMAGE_UNREADABLE = 'The picture is damaged: its size cannot be read';

/** A stored file on its way to becoming an upload. */
export interface Incoming {
  received: Received;
  mime: UploadMime;
  originalName: string;
}

/** Runs `work`; when it refuses a multipart request, the connection closes (the form's body is left unread). */
export async function closeOnRefusedForm<T>(request: FastifyRequest, reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (request.isMultipart()) void reply.header('connection', 'close');
    throw err;
  }
}

/** The 413 of a file over its kind's limit, keyed by the form's file field. */
export function tooLarge(kind: UploadKind, field: string): HttpError {
  const text = tooLargeText(kind);
  return new HttpError(413, text, { [field]: text });
}

/**
 * An error met while reading a form, as the answer: ours as they are; the plugin's by their status (413: too many
 * parts or fields); a form busboy cannot parse is a 400. The disk's own errors (ENOSPC…) stay server errors.
 */
function formError(err: unknown, kind: UploadKind, field: string): unknown {
  if (err instanceof HttpError) return err;
  if (err instanceof UploadTooLarge || (err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(kind, field);
  const e = err as { statusCode?: unknown; code?: string; errno?: unknown; syscall?: unknown };
  if (typeof e.errno === 'number' || typeof e.syscall === 'string') return err;
  if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) return new HttpError(e.statusCode, clientErrorMessage(e.statusCode, e.code, ''));
  return new HttpError(400, 'Malformed multipart body');
}

/** Reads a stream to its end, keeping nothing (a file part the form does not take). */
async function drain(stream: Readable): Promise<void> {
  for await (const chunk of stream) void chunk;
}

/**
 * The pipeline of the upload calls (the streamed form, the type by its bytes, the limits, the kept file and its row,
 * serving it), for calls that take files otherwise than as a signed-in traveller (routes/organizer-meet.ts): one
 * mechanism for every upload. Set by registerUploadRoutes.
 */
export interface UploadPipeline {
  /** 422 when the traveller's uploads of the last 24 hours and `adding` bytes exceed the quota. */
  checkQuota(traveller: Traveller, adding: number, field: string): Promise<void>;
  readForm<T>(request: FastifyRequest, kind: UploadKind, fileField: string, fields: AnyStruct): Promise<{ incoming: Incoming; values: T }>;
  keep(traveller: Traveller | null, kind: UploadKind, incoming: Incoming, options: { bucket: string | null; isPublic: boolean; field: string }): Promise<UploadAnswer>;
  serve(request: FastifyRequest, reply: FastifyReply, row: Upload): Promise<FastifyReply>;
}
const pipelines = new WeakMap<Services, UploadPipeline>();

/** The upload pipeline of a server's services (one per Services: its store and limits). */
export function uploadPipeline(s: Services): UploadPipeline {
  let pipeline = pipelines.get(s);
  if (!pipeline) {
    pipeline = createPipeline(s);
    pipelines.set(s, pipeline);
  }
  return pipeline;
}

function createPipeline(s: Services): UploadPipeline {
  const store = s.uploads;

  /** 422 when the traveller's uploads of the last 24 hours and `adding` bytes exceed the quota. */
  async function checkQuota(traveller: Traveller, adding: number, field: string): Promise<void> {
    const quota = s.config.uploadQuotaMbPerDay * MB;
    if (!quota) return;
    const used = await bytesUploadedSince(s.db, Number(traveller.id), new Date(s.now() - DAY_MS));
    if (used + adding > quota) throw validationError({ [field]: `You have uploaded ${s.config.uploadQuotaMbPerDay} MB in the last 24 hours: try again later` });
  }

  /**
   * The received picture checked and rewritten without its metadata (lib/image-metadata.ts; unchanged when it has
   * none). A picture whose declared size cannot be read, or is over MAX_IMAGE_SIDE / MAX_IMAGE_PIXELS (a
   * decompression bomb: kilobytes that decode to gigabytes in every viewer's browser), is a 422 on `field`.
   */
  async function checkedPicture(received: Received, mime: string, field: string): Promise<Received> {
    const bytes = await fs.promises.readFile(received.tmp);
    const problem = imageSizeProblem(bytes, mime);
    if (problem) throw validationError({ [field]: problem === 'too-large' ? IMAGE_TOO_LARGE : IMAGE_UNREADABLE });
    const stripped = stripImageMetadata(bytes, mime);
    if (stripped === bytes || stripped.equals(bytes)) return received;
    await fs.promises.writeFile(received.tmp, stripped);
    return { tmp: received.tmp, size: stripped.length, head: stripped.subarray(0, received.head.length) };
  }

  /** Keeps a received file under a new random name and records it; the answer of the calls. No traveller (a contract's file): no quota, owner 0. */
  async function keep(traveller: Traveller | null, kind: UploadKind, incoming: Incoming, options: { bucket: string | null; isPublic: boolean; field: string }): Promise<UploadAnswer> {
    const { mime } = incoming;
    let { received } = incoming;
    try {
      // A picture loses what it says about its taker (EXIF with the GPS position, XMP, comments) before it is kept.
      if (mime.startsWith('image/')) received = await checkedPicture(received, mime, options.field);
      if (traveller) await checkQuota(traveller, received.size, options.field);
    } catch (err) {
      await store.discard(received.tmp);
      throw err;
    }
    const storedName = store.newStoredName(mime);
    await store.keep(received, storedName, mime);
    try {
      const id = await insertUpload(s.db, {
        stored_name: storedName, traveller_id: traveller ? Number(traveller.id) : 0, kind, bucket: options.bucket, mime, size: received.size,
        is_public: options.isPublic ? 1 : 0, original_name: cleanFileName(incoming.originalName, mime), created_at: s.date().toISOString(),
      });
      return { id, url: uploadUrl(storedName), mime, size: received.size };
    } catch (err) {
      await store.remove(storedName);
      throw err;
    }
  }

  /**
   * Reads a multipart form: its one file (`fileField`) streamed to a temporary file within the kind's limit, and its
   * text fields, checked with `fields`. 422 with every field's error at once; the temporary file never outlives it.
   */
  async function readForm<T>(request: FastifyRequest, kind: UploadKind, fileField: string, fields: AnyStruct): Promise<{ incoming: Incoming; values: T }> {
    const max = UPLOAD_MAX_BYTES[kind];
    const length = Number(request.headers['content-length']);
    if (Number.isFinite(length) && length > max + FORM_OVERHEAD) throw tooLarge(kind, fileField);
    const names = Object.keys(fields.schema as Record<string, unknown>);
    const texts: Record<string, unknown> = {};
    let file: (Received & { filename: string }) | null = null;
    try {
      for await (const part of request.parts({ limits: { ...FORM_LIMITS, fileSize: max } })) {
        if (part.type === 'file') {
          // Past the limit busboy drops the rest of the file but ends it only with its part (the whole body): fail at once.
          part.file.once('limit', () => part.file.destroy(new UploadTooLarge(max)));
          // A file under another name, or a second one: read past it (within the same limit).
          if (part.fieldname !== fileField || file) {
            await drain(part.file);
            continue;
          }
          const received = await store.receive(part.file, max);
          if (part.file.truncated) {
            await store.discard(received.tmp);
            throw tooLarge(kind, fileField);
          }
          // An empty part is a file input left empty (browsers send it so): no file.
          if (received.size === 0) await store.discard(received.tmp);
          else file = { ...received, filename: part.filename };
        } else if (names.includes(part.fieldname) && !Object.prototype.hasOwnProperty.call(texts, part.fieldname)) {
          texts[part.fieldname] = part.value;
        }
      }
    } catch (err) {
      if (file) await store.discard(file.tmp);
      throw formError(err, kind, fileField);
    }
    const errors: Record<string, string> = {};
    const mime = file ? sniffMime(file.head) : null;
    if (!file) errors[fileField] = 'Required field';
    else if (!mime || !UPLOAD_MIME_TYPES[kind].includes(mime)) errors[fileField] = TYPE_TEXT[kind];
    const [error, values] = validateInput(texts, fields);
    if (error) Object.assign(errors, fieldErrors(error));
    if (Object.keys(errors).length || !file || !mime) {
      if (file) await store.discard(file.tmp);
      throw validationError(errors);
    }
    return { incoming: { received: file, mime, originalName: file.filename }, values: values as T };
  }

  /** Sends a stored file whose access was checked: its headers, one byte range, nothing for a HEAD. */
  async function serve(request: FastifyRequest, reply: FastifyReply, row: Upload): Promise<FastifyReply> {
    const name = row.stored_name;
    const size = await store.size(name);
    if (size === null) throw notFound();
    // One byte range (a video player seeking, a resumed download): 206 with that part; past the end: 416.
    const range = request.method === 'GET' ? parseByteRange(request.headers.range, size) : null;
    // Opened before any header is set: a file gone meanwhile is a plain 404. A HEAD reads nothing.
    const bytes = request.method === 'GET' && range !== 'unsatisfiable' ? await store.read(name, range ?? undefined) : null;
    if (request.method === 'GET' && range !== 'unsatisfiable' && !bytes) throw notFound();
    const image = row.kind === 'image' || row.mime.startsWith('image/');
    void reply
      .header('content-type', row.mime)
      .header('content-length', String(size))
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', contentDisposition(image ? 'inline' : 'attachment', row.original_name))
      .header('last-modified', new Date(row.created_at).toUTCString());
    if (row.is_public) {
      // The name is random and never reused: the bytes behind it never change.
      void reply.header('cache-control', 'public, max-age=31536000, immutable');
    } else {
      void reply.header('cache-control', 'private, no-store').header('vary', AUTHORIZATION_HEADER).header('cross-origin-resource-policy', 'same-origin');
    }
    void reply.header('accept-ranges', 'bytes');
    if (range === 'unsatisfiable') {
      return reply.code(416).header('content-range', `bytes */${size}`).header('content-length', '0').send();
    }
    if (range) {
      void reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`).header('content-length', String(range.end - range.start + 1));
    }
    // A HEAD's empty stream keeps the Content-Length of the file (an empty payload would be counted as 0).
    return reply.send(bytes ?? Readable.from([]));
  }

  return { checkQuota, keep, readForm, serve };
}
