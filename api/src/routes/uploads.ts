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
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ImageUploadFields, ImageUploadForm, ImageUrlUploadBody, FileUploadFields, FileUploadForm, UPLOAD_MAX_BYTES, UPLOAD_MIME_TYPES, UploadAnswer, VideoUploadFields, VideoUploadForm, VideoUploadQuery, VideoUrlUploadBody, type UploadKind } from '@tours/shared/src/api/schemas/uploads';
import { uploadByStoredName, type Upload } from '../db/queries/uploads';
import type { Traveller } from '../db/queries/travellers';
import { HttpError, notFound, validationError } from '../lib/errors';
import { isValidMediaPath, parseSize, renderPng } from '../lib/images';
import { sniffMime, UploadTooLarge, UPLOADS_PATH, type Received } from '../lib/uploads';
import { fetchPublicUrl, UrlFetchRefused, UrlFileTooLarge } from '../lib/url-fetch';
import { parseInput } from '../lib/validation';
import type { Services } from '../services';
import { closeOnRefusedForm, FORM_LIMITS, MB, NO_SUCH_FILE, tooLarge, TYPE_TEXT, uploadPipeline, type Incoming } from '../use-cases/upload-pipeline';
import type { ApiRouter } from './router';
import { requireTraveller, signedInTraveller } from '../lib/auth';


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


export function registerUploadRoutes(app: FastifyInstance, router: ApiRouter, s: Services): void {
  const store = s.uploads;
  const { checkQuota, keep, readForm, serve } = uploadPipeline(s);
  const tags = ['uploads'];
  const common = 'Needs X-Authorization: Bearer {token} (401 otherwise). Captcha-protected (§7): the writes limit answers 429 with data.type captcha.';
  const limits = (kind: UploadKind) => `At most ${UPLOAD_MAX_BYTES[kind] / MB} MB (413 past it); the type is what the file's first bytes say, whatever its name or Content-Type (422 otherwise).`;

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
  function upload<T>(request: FastifyRequest, reply: FastifyReply, field: string, work: (traveller: Traveller) => Promise<T>): Promise<T> {
    return closeOnRefusedForm(request, reply, async () => {
      const traveller = await requireTraveller(s, request);
      await checkQuota(traveller, 1, field);
      // An upload is a stream to the disk and a type check: it costs the visitor's work budget (issue 28).
      await s.work.charge(request, 'upload');
      return work(traveller);
    });
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

  router.document({
    method: 'GET', url: `${UPLOADS_PATH}/:name`, tags, produces: 'application/octet-stream', errors: [404],
    summary: 'An uploaded file',
    description: 'name: the file of an upload answer\'s url. Its type as uploaded, `X-Content-Type-Options: nosniff`, a download name (`attachment` but for images). Public files are cached for a year (immutable); a private one answers only with its owner\'s X-Authorization (404 to anyone else) and is never cached. One byte range (`Range: bytes=…`, video seeking): 206 with Content-Range; past the end: 416.',
  });
}
