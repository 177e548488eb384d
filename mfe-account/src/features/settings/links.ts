/**
 * The links the API e-mails to /{locale}/account (accounts-and-comms §4, §7): which one a URL carries, the URL without
 * it (so a reload or a shared URL never spends it again), and what a failed answer means for the visitor.
 */
import { ApiError } from '@tours/shared/core';

/** The query parameters of the links, in the order they are looked for. */
const LINK_PARAMS = {
  one_time_token: 'sign-in',
  password_reset_token: 'password-reset',
  confirm_email_token: 'confirm-email',
} as const;
type LinkParam = keyof typeof LINK_PARAMS;
export type LinkKind = (typeof LINK_PARAMS)[LinkParam];
export interface AccountLink { kind: LinkKind; token: string }

type Query = Readonly<Record<string, string | string[] | undefined>>;

/** A token as the API issues them (OneTimeTokenBody, ResetTokenBody: 1…128 of A–Z, a–z, 0–9, '_' and '-'). */
export function isLinkToken(value: string): boolean {
  return /^[A-Za-z0-9_-]{1,128}$/.test(value);
}

/** The first value of a query parameter (a repeated one gives a list). */
function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** The link a URL's query carries (the first of LINK_PARAMS present with a value), or null. */
export function linkOfQuery(query: Query): AccountLink | null {
  for (const [param, kind] of Object.entries(LINK_PARAMS) as Array<[LinkParam, LinkKind]>) {
    const token = first(query[param])?.trim();
    if (token) return { kind, token };
  }
  return null;
}

/**
 * The page's URL without any link parameter (every one of them: each is a secret that works once), the rest of the
 * query kept in its order, repeated parameters too.
 */
export function urlWithoutLinks(path: string, query: Query): string {
  const rest = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (name in LINK_PARAMS || value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) rest.append(name, v);
  }
  const search = rest.toString();
  return search ? `${path}?${search}` : path;
}

/** What a failed link call means: its own words (an expired or used link, an address taken), the generic 'invalid', or 'retry' (no answer). */
export type LinkFailure = { kind: 'message'; text: string } | { kind: 'invalid' } | { kind: 'retry' };

/**
 * A failed link call: the API's `errors.token` ('The link has expired. Request a new one'), else the message of a
 * field-less refusal (409 'This e-mail is used by another account'), else, for any other refusal (a 4xx about the
 * body), the generic invalid-link text. No answer, a server error or a rate limit may pass: 'retry'.
 */
export function linkFailure(error: unknown): LinkFailure {
  if (!(error instanceof ApiError)) return { kind: 'retry' };
  const token = error.fieldErrors.token;
  if (token) return { kind: 'message', text: token };
  if (error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429) {
    return !Object.keys(error.fieldErrors).length && error.message && error.status !== 422 ? { kind: 'message', text: error.message } : { kind: 'invalid' };
  }
  return { kind: 'retry' };
}
