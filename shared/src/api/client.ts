import { create, StructError, type Struct } from 'superstruct';
import { ApiError, fieldErrorsFromBody, messageFromBody } from '@tours/shared/core';
import { CAPTCHA_HEADER, INVISIBLE_CAPTCHA_HEADER, captchaAction, captchaRetryBody, type CaptchaType } from './captcha';

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type Query = Record<string, QueryValue>;

export interface RequestOptions<T> {
  /** Every answer is checked (and coerced) with its schema before anyone reads it. */
  schema: Struct<T, unknown>;
  query?: Query;
  /** A newer request of the same kind cancels the one still running (public-site §7.2). */
  kind?: string;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Milliseconds before the call gives up (the client's default unless given; 0 = never). */
  timeout?: number;
  /** A call the spec marks 'captcha': it carries the invisible captcha token when an invisible provider is set. */
  captcha?: boolean;
}

/**
 * The browser's side of the captcha protocol (accounts-and-comms §4, §7), given by whoever can show a modal (the host).
 * `solve` shows the captcha for a captcha-required answer and resolves with the solved token, or null when the
 * visitor dismissed it; `invisibleToken` computes the invisible token of a marked call (null: no invisible provider).
 */
export interface CaptchaHandler {
  solve(type: CaptchaType, action: string): Promise<string | null>;
  invisibleToken?(action: string): Promise<string | null>;
}

export interface ApiClient {
  get<T>(path: string, options: RequestOptions<T>): Promise<T>;
  /** `body` goes as JSON, or as multipart/form-data when it is a FormData (file uploads). */
  post<T>(path: string, body: unknown, options: RequestOptions<T>): Promise<T>;
}

export interface ApiClientOptions {
  /** Prefix for every path; '' on the site (one origin), the API origin in widgets and tests. */
  baseUrl?: string;
  /** The common headers of §7.1, read at request time so locale and currency changes apply at once. */
  headers: () => Record<string, string>;
  fetch?: typeof fetch;
  logger?: Pick<Console, 'error'>;
  /** Default of every call's `timeout`: a hanging connection fails like a network error. */
  timeout?: number;
  /** Without it a captcha-required answer is an error like any other (widgets, tests, the host server). */
  captcha?: CaptchaHandler;
}

/** A call fails after 10 s without a complete answer (headers and body). */
export const DEFAULT_TIMEOUT_MS = 10_000;

/** Serialises a query: arrays repeat their key (`cities=1&cities=2`), empty values are left out. */
export function toQueryString(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else if (typeof value === 'boolean') params.append(key, value ? '1' : '0');
    else params.append(key, String(value));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** Whether a body is a multipart form (FormData): sent as it is, its Content-Type (with the boundary) left to fetch. */
export function isFormData(body: unknown): body is FormData {
  return typeof FormData !== 'undefined' && body instanceof FormData;
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException ? error.name === 'AbortError' : (error as { name?: string })?.name === 'AbortError';
}

/**
 * Whether waiting and asking again may help: no answer (network, timeout: status 0), 408, 429 without a captcha,
 * or a server error (the host answers 503 while the API is down). A 4xx answer is the answer; an error that is not
 * the client's (an illegal redirect, a bug) is not retried either.
 */
export function isRetryableError(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const s = error.status;
  return s === 0 || s === 408 || s >= 500 || (s === 429 && !error.needsCaptcha);
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const logger = options.logger ?? console;
  const running = new Map<string, AbortController>();

  // One captcha on screen at a time: answers that ask for it while it is open wait for the same solve.
  let solving: Promise<string | null> | null = null;

  /**
   * A call with the captcha protocol (§4 'Captcha', §7 'Captcha headers'): a captcha-required answer (429 with
   * data.type 'captcha' or 'hard_captcha') shows the captcha; once solved, the same call is sent again once, with
   * x-captcha-token instead of the invisible token and with the error's request_id, requestUUID and subscriber_id
   * merged into the body. Dismissing it lets the original error propagate. A call that found the captcha already
   * open waits for it and is sent again without a token: solving it reset the visitor's limit on the server.
   */
  async function request<T>(method: 'GET' | 'POST', path: string, body: unknown, opts: RequestOptions<T>): Promise<T> {
    const handler = options.captcha;
    const action = captchaAction(path);
    const first: Record<string, string> = {};
    if (opts.captcha && handler?.invisibleToken) {
      const token = await handler.invisibleToken(action).catch(() => null);
      if (token) first[INVISIBLE_CAPTCHA_HEADER] = token;
    }
    try {
      return await send(method, path, body, opts, first);
    } catch (error) {
      if (!handler || !(error instanceof ApiError) || !error.needsCaptcha) throw error;
      if (solving) {
        if (!(await solving)) throw error;
        return send(method, path, body, opts, {});
      }
      const solve = handler.solve(error.data?.type === 'hard_captcha' ? 'hard_captcha' : 'captcha', action).catch(() => null);
      solving = solve;
      let token: string | null;
      try {
        token = await solve;
      } finally {
        if (solving === solve) solving = null;
      }
      if (!token) throw error;
      return send(method, path, captchaRetryBody(body, error.data), opts, { [CAPTCHA_HEADER]: token });
    }
  }

  async function send<T>(method: 'GET' | 'POST', path: string, body: unknown, opts: RequestOptions<T>, captchaHeaders: Record<string, string>): Promise<T> {
    const url = `${options.baseUrl ?? ''}${path.startsWith('/') ? path : `/${path}`}${toQueryString(opts.query)}`;
    const controller = new AbortController();
    if (opts.kind) {
      running.get(opts.kind)?.abort();
      running.set(opts.kind, controller);
    }
    const onOuterAbort = () => controller.abort();
    opts.signal?.addEventListener('abort', onOuterAbort, { once: true });
    if (opts.signal?.aborted) controller.abort();
    const timeout = opts.timeout ?? options.timeout ?? DEFAULT_TIMEOUT_MS;
    let timedOut = false;
    const timer = timeout > 0 ? setTimeout(() => {
      if (controller.signal.aborted) return;
      timedOut = true;
      controller.abort();
    }, timeout) : undefined;
    try {
      const headers: Record<string, string> = { Accept: 'application/json', ...options.headers(), ...opts.headers, ...captchaHeaders };
      // A FormData's Content-Type names its boundary: fetch writes it, so none is set here.
      const form = isFormData(body);
      if (body !== undefined && !form) headers['Content-Type'] = 'application/json';
      let response: Response;
      let text: string;
      // The timeout covers the body too: a connection may stall after the headers.
      try {
        response = await doFetch(url, { method, headers, body: body === undefined ? undefined : form ? body : JSON.stringify(body), signal: controller.signal });
        text = await response.text();
      } catch (error) {
        if (timedOut) {
          logger.error(`[0] ${url} timed out after ${timeout} ms`);
          throw new ApiError(0, url, 'Timeout');
        }
        if (controller.signal.aborted) throw isAbortError(error) ? error : new DOMException('Aborted', 'AbortError');
        logger.error(`[0] ${url}`);
        throw new ApiError(0, url, 'Network error');
      }
      let json: unknown = undefined;
      try { json = text ? JSON.parse(text) : undefined; } catch { json = undefined; }
      if (!response.ok) {
        logger.error(`[${response.status}] ${url}`);
        const data = json && typeof json === 'object' ? (json as { data?: ApiError['data'] }).data : undefined;
        throw new ApiError(response.status, url, messageFromBody(json, response.statusText || 'Error'), fieldErrorsFromBody(json), data);
      }
      try {
        return create(json, opts.schema);
      } catch (error) {
        if (error instanceof StructError) {
          logger.error(`[${response.status}] ${url} answer does not match its schema: ${error.message}`);
          throw new ApiError(response.status, url, 'Unexpected answer');
        }
        throw error;
      }
    } finally {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onOuterAbort);
      if (opts.kind && running.get(opts.kind) === controller) running.delete(opts.kind);
    }
  }

  return {
    get: (path, opts) => request('GET', path, undefined, opts),
    post: (path, body, opts) => request('POST', path, body, opts),
  };
}
