/**
 * The captcha protocol's pure parts (accounts-and-comms §7 'Captcha headers', §4 'Captcha', §5 'Captcha'), shared
 * by the API client, the captcha modal and the API (which binds a token to the same action name).
 */

/** Header of the invisible captcha token (calls marked captcha, when an invisible provider is configured). */
export const INVISIBLE_CAPTCHA_HEADER = 'x-invisible-captcha-token';
/** Header of a solved visible captcha, on the one retry after a captcha-required answer. */
export const CAPTCHA_HEADER = 'x-captcha-token';
/** Fields of a captcha-required error's `data` that the retry merges into its body (§7). */
export const CAPTCHA_RETRY_FIELDS = ['request_id', 'requestUUID', 'subscriber_id'] as const;

export type CaptchaType = 'captcha' | 'hard_captcha';

/**
 * The action name a token is computed for, from the call's URL (§7): strip the 'crm/api/' prefix, replace 'spa/'
 * with 'rest/', turn hyphens into underscores, drop the query and the hash. An origin and the leading slash go too:
 * '/crm/api/user/send-auth-code?x=1' → 'user/send_auth_code', '/spa/submit-help-request' → 'rest/submit_help_request'.
 */
export function captchaAction(url: string): string {
  let path = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]+/i, '');
  path = path.replace(/[?#].*$/s, '').replace(/^\/+/, '');
  if (path.startsWith('crm/api/')) path = path.slice('crm/api/'.length);
  else if (path.startsWith('spa/')) path = `rest/${path.slice('spa/'.length)}`;
  return path.replace(/-/g, '_');
}

/** The key a captcha of this type uses (§5: 'captcha' the key, 'hard_captcha' the hard key); null when none is set. */
export function captchaKeyFor(type: CaptchaType, settings: { captcha_key: string | null; hard_captcha_key: string | null }): string | null {
  const key = type === 'hard_captcha' ? settings.hard_captcha_key : settings.captcha_key;
  return key && key.trim() ? key : null;
}

/**
 * The body of the retry: the original body with request_id, requestUUID and subscriber_id of the error merged in. A
 * multipart form (FormData: uploads) gets them as fields of a copy; its files are the same objects, sent again.
 */
export function captchaRetryBody(body: unknown, errorData: Record<string, unknown> | undefined): unknown {
  const merged: Record<string, unknown> = {};
  for (const field of CAPTCHA_RETRY_FIELDS) {
    if (errorData && errorData[field] !== undefined && errorData[field] !== null) merged[field] = errorData[field];
  }
  if (!Object.keys(merged).length) return body;
  if (body === undefined || body === null) return merged;
  if (typeof FormData !== 'undefined' && body instanceof FormData) {
    const copy = new FormData();
    body.forEach((value, key) => {
      if (!Object.prototype.hasOwnProperty.call(merged, key)) copy.append(key, value);
    });
    for (const [key, value] of Object.entries(merged)) copy.append(key, typeof value === 'string' ? value : JSON.stringify(value));
    return copy;
  }
  if (typeof body !== 'object' || Array.isArray(body)) return body;
  // Request forms send `{ data: {…} }` (public-site §7.4): the ids go where the form's fields are.
  const b = body as Record<string, unknown>;
  if (b.data && typeof b.data === 'object' && !Array.isArray(b.data)) return { ...b, data: { ...(b.data as object), ...merged } };
  return { ...b, ...merged };
}
