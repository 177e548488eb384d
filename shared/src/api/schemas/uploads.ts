/**
 * File uploads (accounts-and-comms §3 'Uploaded files', §7 'File uploads (all captcha)'): an image with a bucket, a
 * file, a video — each a multipart form, or (image, video) the URL of a file the site already serves. The spec does
 * not show the answer: it is `{ id, url, mime, size }` (docs/decisions.md 'File uploads'). The limits and types here
 * are the API's and the client's alike (the client checks before sending; the API checks the bytes themselves).
 */
import { type Infer, enums, integer, string, type } from 'superstruct';
import { bodyText, opt, queryBool, withMeta } from './common';

const MB = 1024 * 1024;

/** What was uploaded: through image/upload, file/upload, file/upload-video. */
export const UPLOAD_KINDS = ['image', 'file', 'video'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

/** The largest upload of each kind, in bytes (a bigger body is a 413). */
export const UPLOAD_MAX_BYTES: Readonly<Record<UploadKind, number>> = { image: 5 * MB, file: 10 * MB, video: 50 * MB };

/** Types each kind takes, decided by the file's first bytes (never by the name or the type the browser gives). */
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export const FILE_MIME_TYPES = [...IMAGE_MIME_TYPES, 'application/pdf'] as const;
export const VIDEO_MIME_TYPES = ['video/mp4', 'video/webm'] as const;
export type UploadMime = (typeof FILE_MIME_TYPES)[number] | (typeof VIDEO_MIME_TYPES)[number];
export const UPLOAD_MIME_TYPES: Readonly<Record<UploadKind, readonly UploadMime[]>> = { image: IMAGE_MIME_TYPES, file: FILE_MIME_TYPES, video: VIDEO_MIME_TYPES };

/** Where an uploaded image is for: a profile photo, a review's photos, a chat message. */
export const IMAGE_BUCKETS = ['avatars', 'reviews', 'chat'] as const;
export type ImageBucket = (typeof IMAGE_BUCKETS)[number];

const bucket = withMeta(enums(IMAGE_BUCKETS), { description: `One of ${IMAGE_BUCKETS.join(', ')}` });
const isPublic = (what: string) => queryBool(`Whether anyone with the URL may fetch the ${what} (default false: only its owner, with X-Authorization)`);
const url = withMeta(bodyText(2048), {
  maxLength: 2048,
  description: "A file this site serves: /media/… (or the site's origin and /media/…). Other hosts are refused (422): the API fetches nothing from elsewhere",
});
const binary = (description: string) => withMeta(string(), { format: 'binary', description });

/** POST /crm/api/image/upload, JSON form: the URL of an image of this site, copied into a new upload. */
export const ImageUrlUploadBody = type({ url, bucket });
export type ImageUrlUploadBody = Infer<typeof ImageUrlUploadBody>;

/** POST /crm/api/image/upload, multipart form (described for OpenAPI; the API reads the parts as they stream). */
export const ImageUploadForm = type({
  image: binary(`JPEG, PNG, WebP or GIF, at most ${UPLOAD_MAX_BYTES.image / MB} MB`),
  bucket,
});
/** Its text fields, as the API checks them. */
export const ImageUploadFields = type({ bucket });

/** POST /crm/api/file/upload, multipart form. */
export const FileUploadForm = type({
  file: binary(`JPEG, PNG, WebP, GIF or PDF, at most ${UPLOAD_MAX_BYTES.file / MB} MB`),
  is_public: opt(isPublic('file')),
});
export const FileUploadFields = type({ is_public: opt(isPublic('file')) });

/** POST /crm/api/file/upload-video, multipart form. */
export const VideoUploadForm = type({
  file: binary(`MP4 or WebM, at most ${UPLOAD_MAX_BYTES.video / MB} MB`),
  is_public: opt(isPublic('video')),
});
/** The video form's other fields: the same as a file's. @alias of FileUploadFields */
export const VideoUploadFields = FileUploadFields;

/** POST /crm/api/file/upload-video, JSON form: the URL of a video of this site; is_public in the query (§3). */
export const VideoUrlUploadBody = type({ url });
export type VideoUrlUploadBody = Infer<typeof VideoUrlUploadBody>;
export const VideoUploadQuery = type({ is_public: opt(isPublic('video')) });

/** The answer of the three calls: the upload's id (update-profile-photo's avatar_id), where it is served, its type and size. */
export const UploadAnswer = type({
  id: integer(),
  url: withMeta(string(), { description: '/media/uploads/{random}.{ext}; a private file is served only to its owner (X-Authorization)' }),
  mime: string(),
  size: integer(),
});
export type UploadAnswer = Infer<typeof UploadAnswer>;

/** Why a picked file cannot be uploaded as `kind` (the client's check, before sending); null when it may go. */
export function uploadProblem(kind: UploadKind, file: { size: number; type: string }): 'type' | 'size' | 'empty' | null {
  if (!(UPLOAD_MIME_TYPES[kind] as readonly string[]).includes(file.type)) return 'type';
  if (file.size === 0) return 'empty';
  if (file.size > UPLOAD_MAX_BYTES[kind]) return 'size';
  return null;
}
