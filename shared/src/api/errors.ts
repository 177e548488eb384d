/**
 * The error shape every API answer uses (public-site §8, accounts-and-comms §8):
 *   { message: string, errors?: { [field]: string }, data?: { type?: 'captcha' | 'hard_captcha', ... } }
 * `message` is the general text (a client also accepts `error`), `errors` is keyed by form field name.
 */
export interface ApiErrorBody {
  message?: string;
  error?: string;
  errors?: Record<string, string>;
  data?: Record<string, unknown> & { type?: string };
}

export class ApiError extends Error {
  readonly status: number;
  readonly url: string;
  readonly fieldErrors: Record<string, string>;
  readonly data: ApiErrorBody['data'];
  constructor(status: number, url: string, message: string, fieldErrors: Record<string, string> = {}, data?: ApiErrorBody['data']) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.url = url;
    this.fieldErrors = fieldErrors;
    this.data = data;
  }
  /** HTTP 429 with data.type 'captcha' or 'hard_captcha' asks for the captcha step. */
  get needsCaptcha(): boolean {
    return this.status === 429 && (this.data?.type === 'captcha' || this.data?.type === 'hard_captcha');
  }
}

/** The message comes from `message`, failing that from `error` (§8). */
export function messageFromBody(body: unknown, fallback: string): string {
  if (body && typeof body === 'object') {
    const b = body as ApiErrorBody;
    if (typeof b.message === 'string' && b.message) return b.message;
    if (typeof b.error === 'string' && b.error) return b.error;
  }
  return fallback;
}

/** Field errors: a keyed object; arrays of messages are reduced to their first message. */
export function fieldErrorsFromBody(body: unknown): Record<string, string> {
  if (!body || typeof body !== 'object') return {};
  const raw = (body as { errors?: unknown }).errors;
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return {};
  const out: Record<string, string> = {};
  for (const [field, value] of Object.entries(raw as Record<string, unknown>)) {
    if (typeof value === 'string') out[field] = value;
    else if (Array.isArray(value) && typeof value[0] === 'string') out[field] = value[0];
  }
  return out;
}

/** What the error page of public-site §2.8 needs of a failed answer (the host's `page:error` event). */
export interface PageErrorOf {
  status: number;
  data?: Record<string, unknown>;
}

/** The answer's data the 403 page reads: the account the page belongs to. */
const LEGIT_USER_FIELDS = ['legit_user_phone', 'legit_user_email'] as const;

/**
 * The error page a failed page call leads to, for every screen: 404 (a removed tour's with its data: the reason and
 * the similar tours and destinations), 403 (with the account the page belongs to: 'log in again'), 410, 503 when
 * nothing answered, a 5xx as it came; any other answer is the default page (500).
 */
export function pageErrorOf(error: unknown): PageErrorOf {
  if (!(error instanceof ApiError)) return { status: 500 };
  if (error.status === 0) return { status: 503 };
  if (error.status >= 500) return { status: error.status };
  if (error.status === 404) return error.data?.reason === 'removed_from_publication' ? { status: 404, data: error.data } : { status: 404 };
  if (error.status === 410) return { status: 410 };
  if (error.status !== 403) return { status: 500 };
  const data: Record<string, unknown> = {};
  for (const key of LEGIT_USER_FIELDS) {
    const value = error.data?.[key];
    if (typeof value === 'string' && value) data[key] = value;
  }
  return Object.keys(data).length ? { status: 403, data } : { status: 403 };
}
