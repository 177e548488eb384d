import { UPLOAD_MAX_BYTES } from '@tours/shared/src/api/schemas/uploads';

/** Request bodies above 1 MiB are refused with 413 by the host itself (the API's limit is the same). */
export const BODY_LIMIT = 1024 * 1024;
/** A multipart form's fields and boundaries around the file. */
const FORM_OVERHEAD = 64 * 1024;
/** The upload calls take a file up to their kind's size (the API checks the file itself). */
const UPLOAD_BODY_LIMITS: Readonly<Record<string, number>> = {
  '/crm/api/image/upload': UPLOAD_MAX_BYTES.image + FORM_OVERHEAD,
  '/crm/api/file/upload': UPLOAD_MAX_BYTES.file + FORM_OVERHEAD,
  '/crm/api/file/upload-video': UPLOAD_MAX_BYTES.video + FORM_OVERHEAD,
};

/** The largest body the host forwards to a path. */
export function bodyLimitFor(url: string): number {
  const q = url.indexOf('?');
  return UPLOAD_BODY_LIMITS[q < 0 ? url : url.slice(0, q)] ?? BODY_LIMIT;
}
/** A page or call the API could not serve: a 503 the browser may retry shortly. */
export const RETRY_AFTER_S = '10';

const ERROR_MESSAGES: Record<number, string> = {
  400: 'Bad request',
  404: 'Not found',
  405: 'Method not allowed',
  408: 'Request timeout',
  413: 'Payload too large',
  414: 'URI too long',
  415: 'Unsupported media type',
  431: 'Request header fields too large',
  503: 'The service is temporarily unavailable',
};

/** The error shape of the spec (§8: `message`), never echoing the request. */
export function errorBody(status: number): { message: string } {
  return { message: ERROR_MESSAGES[status] ?? (status >= 500 ? 'Internal server error' : 'Bad request') };
}
