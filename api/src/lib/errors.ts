/**
 * Errors as the spec describes them (public-site §8, accounts-and-comms §8):
 * `{ message, errors?: { [field]: string }, data?: {...} }`. Never a stack trace.
 */
import type { CaptchaType } from '@tours/shared/src/api/captcha';
import type { ErrorBody } from '@tours/shared/src/api/schemas/common';

export class HttpError extends Error {
  readonly status: number;
  readonly errors: Record<string, string> | undefined;
  readonly data: Record<string, unknown> | undefined;
  /** Headers the answer carries (a refused piece of work's Retry-After). */
  readonly headers: Record<string, string> | undefined;

  constructor(status: number, message: string, errors?: Record<string, string>, data?: Record<string, unknown>, headers?: Record<string, string>) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.errors = errors;
    this.data = data;
    this.headers = headers;
  }

  body(): ErrorBody {
    return { message: this.message, ...(this.errors ? { errors: this.errors } : {}), ...(this.data ? { data: this.data } : {}) };
  }
}

export function notFound(message = 'Not found'): HttpError {
  return new HttpError(404, message);
}

/** 422 with field errors; the general message is the first field's message. */
export function validationError(errors: Record<string, string>): HttpError {
  const first = Object.values(errors)[0] ?? 'Incorrect value';
  return new HttpError(422, first, errors);
}

/** 429 asking for the captcha step (accounts-and-comms §4 'Captcha', §8): 'captcha' or 'hard_captcha'. */
export function captchaRequired(type: CaptchaType = 'captcha'): HttpError {
  return new HttpError(429, 'Too many requests. Please confirm that you are not a robot.', undefined, { type });
}

const STATUS_MESSAGES: Record<number, string> = {
  400: 'Bad request',
  404: 'Not found',
  405: 'Method not allowed',
  406: 'Not acceptable',
  408: 'Request timeout',
  411: 'Length required',
  413: 'Payload too large',
  414: 'URI too long',
  415: 'Unsupported media type',
  431: 'Request header fields too large',
  500: 'Internal server error',
  503: 'Service unavailable',
};

/**
 * The fixed message for a framework (fastify, node) error: by status and code, never the error's own text, which
 * may repeat the input (a bad URL, a header, a JSON fragment).
 */
export function clientErrorMessage(status: number, code: string | undefined, message: string): string {
  if (status === 400) {
    if (code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return 'Empty JSON body';
    if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || /JSON|Unexpected token|Unexpected end/i.test(message)) return 'Malformed JSON';
  }
  return STATUS_MESSAGES[status] ?? (status >= 500 ? 'Internal server error' : 'Bad request');
}

/** The error shape's JSON for a status answered outside the normal reply path (framework and parser errors). */
export function errorJson(status: number, code?: string): string {
  return JSON.stringify({ message: clientErrorMessage(status, code, '') });
}
