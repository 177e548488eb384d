/**
 * File uploads (accounts-and-comms §3 'Uploaded files', §7 'File uploads (all captcha)') and the files they stored
 * (docs/decisions.md 'File uploads'):
 *
 * - POST /crm/api/image/upload: multipart `image` + `bucket`, or JSON `{ url, bucket }`;
 * - POST /crm/api/file/upload: multipart `file` + `is_public`;
 * - POST /crm/api/file/upload-video: multipart `file` + `is_public`, or JSON `{ url }` with `?is_public=true`;
 * - GET /media/uploads/{name}: the stored file; a private one only to its owner.
 *
 * Signed in only (401). The type is what the first bytes say (lib/uploads.ts), the size is counted as the file streams
 * to disk (413 past UPLOAD_MAX_BYTES, the rest of the body unread: the connection closes), a traveller uploads at
 * most UPLOAD_QUOTA_MB_PER_DAY in 24 hours. A URL of a file this site serves (/media/…) is copied; any other is fetched
 * only from a public web server, within the kind's size limit and UPLOAD_URL_TIMEOUT_MS (lib/url-fetch.ts: no loopback,
 * private or reserved addresses, redirects checked too). Kept files go to the storage (`s.uploads`: the disk, or an
 * S3-compatible store with UPLOADS_S3_URL). The three calls are POSTs under /crm: the 'writes' class of the rate limiter,
 * whose 429 asks for the captcha (the spec marks them 'captcha'). The answer is `{ id, url, mime, size }`.
 *
 * @fastify/multipart is registered in this module's own scope: other calls keep answering a multipart body 415.
 */
import fs from 'node:fs';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { ImageUploadFields, ImageUploadForm, ImageUrlUploadBody, FileUploadFields, FileUploadForm, UPLOAD_MAX_BYTES, UPLOAD_MIME_TYPES, UploadAnswer, VideoUploadFields, VideoUploadForm, VideoUploadQuery, VideoUrlUploadBody, type UploadKind, type UploadMime } from '@tours/shared/src/api/schemas/uploads';
import type { AnyStruct } from '@tours/shared/src/api/schemas/common';
import { bytesUploadedSince, insertUpload, uploadByStoredName, type Upload } from '../db/queries/uploads';
import type { Traveller } from '../db/queries/travellers';
import { clientErrorMessage, HttpError, notFound, validationError } from '../lib/errors';
import { isValidMediaPath, parseSize, renderPng } from '../lib/images';
import { stripImageMetadata } from '../lib/image-metadata';
import { imageSizeProblem, MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE } from '../lib/image-size';
import { cleanFileName, contentDisposition, parseByteRange, sniffMime, UploadTooLarge, uploadUrl, UPLOADS_PATH, type Received } from '../lib/uploads';
import { fetchPublicUrl, UrlFetchRefused, UrlFileTooLarge } from '../lib/url-fetch';
import { fieldErrors, parseInput, validateInput } from '../lib/validation';
import type { Services } from '../services';
import type { ApiRouter } from './router';
import { requireTraveller, signedInTraveller } from '../lib/auth';

const MB = 1024 * 1024;
const DAY_MS = 86_400_000;
/** What a form may hold besides its file: boundaries, part headers, a few short fields. */
const FORM_OVERHEAD = 64 * 1024;
/** busboy's limits besides the file's size: one file, a few short fields (a longer value is cut, and then refused). */
export const FORM_LIMITS = { fieldNameSize: 100, fieldSize: 1024, fields: 8, files: 1, parts: 12, headerPairs: 20 };

const TYPE_TEXT: Record<UploadKind, string> = {
  image: 'The image must be a JPEG, PNG, WebP or GIF file',
  file: 'The file must be a JPEG, PNG, WebP, GIF or PDF file',
  video: 'The video must be an MP4 or WebM file',
};
const tooLargeText = (kind: UploadKind) => `The file is larger than ${UPLOAD_MAX_BYTES[kind] / MB} MB`;
const NO_SUCH_FILE = 'No such file';
const IMAGE_TOO_LARGE = `The picture is too large: at most ${MAX_IMAGE_SIDE} pixels a side and ${MAX_IMAGE_PIXELS / 1_000_000} megapixels`;
const IMAGE_UNREADABLE = 'The picture is damaged: its size cannot be read';

/** A stored file on its way to becoming an upload. */
export interface Incoming {
  received: Received;
  mime: UploadMime;
  originalName: string;
}

/** The 413 of a file over its kind's limit, keyed by the form's file field. */
function tooLarge(kind: UploadKind, field: string): HttpError {
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
 * The path of a URL of this site's media (`/media/…`, given as a path or with SITE_ORIGIN), decoded; null for
 * anything else: another host (fetched, if public), another path, a scheme that is not http(s), a malformed one.
 */
export function ownMediaPath(url: string, siteOrigin: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url, siteOrigin);
  } catch {
    return null;
  }
  if (parsed.origin !== siteOrigin || parsed.username || parsed.password) return null;
  let path: string;
  try {
    path = decodeURIComponent(parsed.pathname);
  } catch {
    return null;
  }
  // Encoded dots and slashes ('..%2F') decode to segments no media path has.
  return path.startsWith('/media/') && !path.includes('\\') && !path.split('/').some((segment) => segment === '.' || segment === '..') ? path : null;
}

/** Whether a URL (or a path) is on this site: another host's is fetched, this site's served from here. */
function isOwnUrl(url: string, siteOrigin: string): boolean {
  try {
    return new URL(url, siteOrigin).origin === siteOrigin;
  } catch {
    return false;
  }
}

/**
 * The pipeline of the upload calls (the streamed form, the type by its bytes, the limits, the kept file and its row,
 * serving it), for calls that take files otherwise than as a signed-in traveller (routes/organizer-meet.ts): one
 * mechanism for every upload. Set by registerUploadRoutes.
 */
export interface UploadPipeline {
  readForm<T>(request: FastifyRequest, kind: UploadKind, fileField: string, fields: AnyStruct): Promise<{ incoming: Incoming; values: T }>;
  keep(traveller: Traveller | null, kind: UploadKind, incoming: Incoming, options: { bucket: string | null; isPublic: boolean; field: string }): Promise<UploadAnswer>;
  serve(request: FastifyRequest, reply: FastifyReply, row: Upload): Promise<FastifyReply>;
}
const pipelines = new WeakMap<Services, UploadPipeline>();

/** The upload pipeline of a server's services (registerUploadRoutes first). */
export function uploadPipeline(s: Services): UploadPipeline {
  const pipeline = pipelines.get(s);
  if (!pipeline) throw new Error('registerUploadRoutes must run first');
  return pipeline;
}

export function registerUploadRoutes(app: FastifyInstance, router: ApiRouter, s: Services): void {
  const store = s.uploads;
  const tags = ['uploads'];
  const common = 'Needs X-Authorization: Bearer {token} (401 otherwise). Captcha-protected (§7): the writes limit answers 429 with data.type captcha.';
  const limits = (kind: UploadKind) => `At most ${UPLOAD_MAX_BYTES[kind] / MB} MB (413 past it); the type is what the file's first bytes say, whatever its name or Content-Type (422 otherwise).`;

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

  /**
   * The file of a URL on another host: fetched from a public web server only (lib/url-fetch.ts), streamed to a
   * temporary file within the kind's limit (413 past it), its type then proved by its bytes like any upload's.
   */
  async function fetched(url: string, kind: 'image' | 'video'): Promise<Incoming> {
    const max = UPLOAD_MAX_BYTES[kind];
    let received: Received;
    let fileName: string;
    try {
      const file = await fetchPublicUrl(url, { maxBytes: max, timeoutMs: s.config.uploadUrlTimeoutMs, allowHosts: s.config.uploadUrlAllowHosts });
      fileName = file.fileName;
      try {
        received = await store.receive(file.body, max);
      } finally {
        file.done();
      }
    } catch (err) {
      if (err instanceof UrlFileTooLarge || err instanceof UploadTooLarge) throw tooLarge(kind, 'url');
      if (err instanceof UrlFetchRefused) throw validationError({ url: err.message });
      // The connection broke while the bytes came: the other server's failure, told as such.
      if ((err as NodeJS.ErrnoException).code === 'ECONNRESET' || (err as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE') throw validationError({ url: 'The file could not be downloaded' });
      throw err;
    }
    const mime = sniffMime(received.head);
    if (!mime || !UPLOAD_MIME_TYPES[kind].includes(mime)) {
      await store.discard(received.tmp);
      throw validationError({ url: TYPE_TEXT[kind] });
    }
    return { received, mime, originalName: fileName };
  }

  /**
   * The file a URL names: one of this site's copied (an upload the traveller may see) or drawn (a placeholder
   * picture); another host's fetched.
   */
  async function fromUrl(traveller: Traveller, url: string, kind: 'image' | 'video'): Promise<Incoming> {
    const path = ownMediaPath(url, s.config.siteOrigin)?.replace('/{{size}}', '');
    // Another page of this site (a path, or the site's URL) is no file; only another host's URL is fetched.
    if (!path && isOwnUrl(url, s.config.siteOrigin)) throw validationError({ url: NO_SUCH_FILE });
    if (!path) return fetched(url, kind);
    if (path.startsWith(`${UPLOADS_PATH}/`)) {
      const name = path.slice(UPLOADS_PATH.length + 1);
      const row = store.isStoredName(name) ? await uploadByStoredName(s.db, name) : undefined;
      // Another traveller's private file is as unknown as a file that never was.
      if (!row || (!row.is_public && row.traveller_id !== Number(traveller.id))) throw validationError({ url: NO_SUCH_FILE });
      if (!UPLOAD_MIME_TYPES[kind].includes(row.mime)) throw validationError({ url: TYPE_TEXT[kind] });
      const received = await store.receiveCopy(row.stored_name);
      if (!received) throw validationError({ url: NO_SUCH_FILE });
      return { received, mime: row.mime, originalName: row.original_name };
    }
    const m = /^\/media\/([^/]+)\/([^/]+)\/(?:([^/]+)\/)?([^/]+)$/.exec(path);
    const dims = m ? parseSize(m[3]) : null;
    if (!m || !dims || !isValidMediaPath(m[1]!, m[2]!, m[4]!)) throw validationError({ url: NO_SUCH_FILE });
    if (kind === 'video') throw validationError({ url: TYPE_TEXT.video });
    // The placeholder pictures are drawn here: the PNG of that size (image.svg, .jpg and .webp too).
    const received = await store.receiveBuffer(renderPng(m[1] as Parameters<typeof renderPng>[0], m[2]!, dims));
    return { received, mime: 'image/png', originalName: `${m[2]}.png` };
  }

  /** The handler's frame: signed in, under the quota; a refused multipart request closes its connection (its body unread). */
  async function upload<T>(request: FastifyRequest, reply: FastifyReply, field: string, work: (traveller: Traveller) => Promise<T>): Promise<T> {
    try {
      const traveller = await requireTraveller(s, request);
      await checkQuota(traveller, 1, field);
      // An upload is a stream to the disk and a type check: it costs the visitor's work budget (issue 28).
      await s.work.charge(request, 'upload');
      return await work(traveller);
    } catch (err) {
      if (request.isMultipart()) void reply.header('connection', 'close');
      throw err;
    }
  }

  void app.register(async function uploadScope(scope) {
    await scope.register(multipart, { limits: FORM_LIMITS, throwFileSizeLimit: true });
    const r = router.in(scope);

    r.add({
      method: 'POST', url: '/crm/api/image/upload', tags, summary: 'Uploads an image (a profile photo, a review photo, a chat picture)',
      description: `${common} multipart: image and bucket; or JSON { url, bucket } with an image's http(s) URL: this site's (/media/…) is copied, another host's fetched from a public server only (a private, loopback or reserved address, a redirect to one, a timeout or a non-200 answer: 422 on url). ${limits('image')} Images are public. Answers { id, url, mime, size }.`,
      multipart: { form: ImageUploadForm, json: ImageUrlUploadBody }, answer: UploadAnswer, errors: [401, 413, 415],
      handler: ({ request, reply }) => upload(request, reply, request.isMultipart() ? 'image' : 'url', async (traveller) => {
        if (request.isMultipart()) {
          const { incoming, values } = await readForm<{ bucket: string }>(request, 'image', 'image', ImageUploadFields);
          return keep(traveller, 'image', incoming, { bucket: values.bucket, isPublic: true, field: 'image' });
        }
        const body = parseInput(request.body, ImageUrlUploadBody);
        return keep(traveller, 'image', await fromUrl(traveller, body.url, 'image'), { bucket: body.bucket, isPublic: true, field: 'url' });
      }),
    });

    r.add({
      method: 'POST', url: '/crm/api/file/upload', tags, summary: 'Uploads a file (a picture or a PDF)',
      description: `${common} multipart only (415 otherwise): file and is_public (default false: only the owner may fetch it). ${limits('file')} Answers { id, url, mime, size }.`,
      multipart: { form: FileUploadForm }, answer: UploadAnswer, errors: [401, 413, 415],
      handler: ({ request, reply }) => upload(request, reply, 'file', async (traveller) => {
        if (!request.isMultipart()) throw new HttpError(415, 'Unsupported media type: send the file as multipart/form-data');
        const { incoming, values } = await readForm<{ is_public?: boolean }>(request, 'file', 'file', FileUploadFields);
        return keep(traveller, 'file', incoming, { bucket: null, isPublic: values.is_public ?? false, field: 'file' });
      }),
    });

    r.add({
      method: 'POST', url: '/crm/api/file/upload-video', tags, summary: 'Uploads a video',
      description: `${common} multipart: file and is_public (default: the query's, else false); or JSON { url } with a video's http(s) URL (as for images) and is_public in the query. ${limits('video')} Answers { id, url, mime, size }.`,
      query: VideoUploadQuery, multipart: { form: VideoUploadForm, json: VideoUrlUploadBody }, answer: UploadAnswer, errors: [401, 413, 415],
      handler: ({ query, request, reply }) => upload(request, reply, request.isMultipart() ? 'file' : 'url', async (traveller) => {
        if (request.isMultipart()) {
          const { incoming, values } = await readForm<{ is_public?: boolean }>(request, 'video', 'file', VideoUploadFields);
          return keep(traveller, 'video', incoming, { bucket: null, isPublic: values.is_public ?? query.is_public ?? false, field: 'file' });
        }
        const body = parseInput(request.body, VideoUrlUploadBody);
        return keep(traveller, 'video', await fromUrl(traveller, body.url, 'video'), { bucket: null, isPublic: query.is_public ?? false, field: 'url' });
      }),
    });
  });

  app.get<{ Params: { name: string } }>(`${UPLOADS_PATH}/:name`, async (request, reply) => {
    const { name } = request.params;
    const row: Upload | undefined = store.isStoredName(name) ? await uploadByStoredName(s.db, name) : undefined;
    if (!row) throw notFound();
    if (!row.is_public) {
      // Only its owner: anyone else (signed in or not) learns nothing, not even that it exists.
      const traveller = await signedInTraveller(s, request);
      if (!traveller || Number(traveller.id) !== row.traveller_id) throw notFound();
    }
    return serve(request, reply, row);
  });
  pipelines.set(s, { readForm, keep, serve });

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
      void reply.header('cache-control', 'private, no-store').header('vary', 'X-Authorization').header('cross-origin-resource-policy', 'same-origin');
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
  router.document({
    method: 'GET', url: `${UPLOADS_PATH}/:name`, tags, produces: 'application/octet-stream', errors: [404],
    summary: 'An uploaded file',
    description: 'name: the file of an upload answer\'s url. Its type as uploaded, `X-Content-Type-Options: nosniff`, a download name (`attachment` but for images). Public files are cached for a year (immutable); a private one answers only with its owner\'s X-Authorization (404 to anyone else) and is never cached. One byte range (`Range: bytes=…`, video seeking): 206 with Content-Range; past the end: 416.',
  });
}
