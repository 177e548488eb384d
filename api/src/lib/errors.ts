/**
 * Errors as the spec describes them (public-site §8, accounts-and-comms §8):
 * `{ message, errors?: { [field]: string }, data?: {...} }`. Never a stack trace.
 */
import type { ErrorBody } from '@tours/shared/src/api/schemas/common';

export class HttpError extends Error {
  readonly status: number;
  readonly errors: Record<string, string> | undefined;
  readonly data: Record<string, unknown> | undefined;

  constructor(status: number, message: string, errors?: Record<string, string>, data?: Record<string, unknown>) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.errors = errors;
    this.data = data;
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

/** 429 asking for the captcha step (accounts-and-comms §4 'Captcha', §8). */
export function captchaRequired(): HttpError {
  return new HttpError(429, 'Too many requests. Please confirm that you are not a robot.', undefined, { type: 'captcha' });
}

/** The general message for a framework (fastify) 4xx error, without internals. */
export function clientErrorMessage(status: number, code: string | undefined, message: string): string {
  if (status === 400) {
    if (code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return 'Empty JSON body';
    if (/JSON|Unexpected token|Unexpected end/i.test(message)) return 'Malformed JSON';
    return 'Bad request';
  }
  if (status === 404) return 'Not found';
  if (status === 413) return 'Payload too large';
  if (status === 415) return 'Unsupported media type';
  if (status === 431) return 'Request header fields too large';
  return 'Bad request';
}
