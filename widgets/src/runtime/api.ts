/**
 * The widgets' calls to the main site's API (public-site §7.1 headers), without the site's API client
 * (which validates answers with superstruct: too heavy for a 20 KB bundle). No cookies are sent; the API
 * answers CORS for exactly these calls. Errors are the shared ApiError; failures are logged as '[status] url' (§8).
 */
import { ApiError, fieldErrorsFromBody, messageFromBody } from '@tours/shared/core';
import { CAPTCHA_HEADER, captchaAction, captchaRetryBody, commonHeaders, type CaptchaHandler } from '@tours/shared/widgets';
import type { WidgetConfig, WidgetEnv } from './protocol';

export interface CallOptions {
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  signal?: AbortSignal;
  /** Sent with the common headers (x-captcha-token on a captcha's retry). */
  headers?: Record<string, string>;
}

export async function callApi<T>(env: WidgetEnv, config: Pick<WidgetConfig, 'locale' | 'currency'>, method: 'GET' | 'POST', path: string, options: CallOptions = {}): Promise<T> {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(options.query ?? {})) if (v !== undefined && v !== '') params.set(k, String(v));
  const qs = params.toString();
  const url = `${env.api}${path}${qs ? `?${qs}` : ''}`;
  const headers = commonHeaders({ locale: config.locale, currency: config.currency });
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  Object.assign(headers, options.headers);
  let response: Response;
  try {
    response = await fetch(url, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body), signal: options.signal, credentials: 'omit', mode: 'cors' });
  } catch (error) {
    if ((error as Error)?.name !== 'AbortError') console.error(`[0] ${url}`);
    throw error;
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    console.error(`[${response.status}] ${url}`);
    const data = body && typeof body === 'object' ? (body as { data?: ApiError['data'] }).data : undefined;
    throw new ApiError(response.status, url, messageFromBody(body, `[${response.status}] ${url}`), fieldErrorsFromBody(body), data);
  }
  return body as T;
}

/**
 * A call marked captcha (the request form's), with the site client's captcha protocol (accounts-and-comms §4, §7): a
 * captcha-required answer (429, data.type 'captcha' or 'hard_captcha') asks `captcha` to show the captcha for the
 * call's action; solved, the call is sent again once with x-captcha-token and the error's request_id, requestUUID and
 * subscriber_id merged into the body; dismissed (null), the original error propagates. Widgets send no invisible
 * captcha token (no invisible provider runs on a partner's page).
 */
export async function callWithCaptcha<T>(
  env: WidgetEnv,
  config: Pick<WidgetConfig, 'locale' | 'currency'>,
  method: 'GET' | 'POST',
  path: string,
  options: CallOptions,
  captcha: Pick<CaptchaHandler, 'solve'>,
): Promise<T> {
  try {
    return await callApi<T>(env, config, method, path, options);
  } catch (error) {
    if (!(error instanceof ApiError) || !error.needsCaptcha) throw error;
    const token = await captcha.solve(error.data?.type === 'hard_captcha' ? 'hard_captcha' : 'captcha', captchaAction(path)).catch(() => null);
    if (!token) throw error;
    return callApi<T>(env, config, method, path, { ...options, body: captchaRetryBody(options.body, error.data), headers: { ...options.headers, [CAPTCHA_HEADER]: token } });
  }
}
