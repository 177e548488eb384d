import { create, StructError, type Struct } from 'superstruct';
import { ApiError, fieldErrorsFromBody, messageFromBody } from '@tours/shared/core';

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
}

export interface ApiClient {
  get<T>(path: string, options: RequestOptions<T>): Promise<T>;
  post<T>(path: string, body: unknown, options: RequestOptions<T>): Promise<T>;
}

export interface ApiClientOptions {
  /** Prefix for every path; '' on the site (one origin), the API origin in widgets and tests. */
  baseUrl?: string;
  /** The common headers of §7.1, read at request time so locale and currency changes apply at once. */
  headers: () => Record<string, string>;
  fetch?: typeof fetch;
  logger?: Pick<Console, 'error'>;
}

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

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException ? error.name === 'AbortError' : (error as { name?: string })?.name === 'AbortError';
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const logger = options.logger ?? console;
  const running = new Map<string, AbortController>();

  async function request<T>(method: 'GET' | 'POST', path: string, body: unknown, opts: RequestOptions<T>): Promise<T> {
    const url = `${options.baseUrl ?? ''}${path.startsWith('/') ? path : `/${path}`}${toQueryString(opts.query)}`;
    const controller = new AbortController();
    if (opts.kind) {
      running.get(opts.kind)?.abort();
      running.set(opts.kind, controller);
    }
    const onOuterAbort = () => controller.abort();
    opts.signal?.addEventListener('abort', onOuterAbort, { once: true });
    try {
      const headers: Record<string, string> = { Accept: 'application/json', ...options.headers(), ...opts.headers };
      if (body !== undefined) headers['Content-Type'] = 'application/json';
      let response: Response;
      try {
        response = await doFetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: controller.signal });
      } catch (error) {
        if (isAbortError(error)) throw error;
        logger.error(`[0] ${url}`);
        throw new ApiError(0, url, 'Network error');
      }
      const text = await response.text();
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
      opts.signal?.removeEventListener('abort', onOuterAbort);
      if (opts.kind && running.get(opts.kind) === controller) running.delete(opts.kind);
    }
  }

  return {
    get: (path, opts) => request('GET', path, undefined, opts),
    post: (path, body, opts) => request('POST', path, body, opts),
  };
}
