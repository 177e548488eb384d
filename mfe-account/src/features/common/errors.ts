/**
 * How the account area reads a failed call (accounts-and-comms §5 'Server-side errors', §8): whether the answer's
 * own message belongs on the form's field, and whether it means the session is over.
 */
import { ApiError } from '@tours/shared/core';

/**
 * Whether a failed call's own message belongs on the step's field rather than in a toast: an answer about what was
 * typed (400, 401, 403, 404, 409, 410, 422) that names no field — e.g. a wrong code. Lost connections, server
 * errors and rate limits stay general messages (toasts).
 */
export function isFieldAnswer(error: unknown): error is ApiError {
  return error instanceof ApiError && [400, 401, 403, 404, 409, 410, 422].includes(error.status) && !Object.keys(error.fieldErrors).length && Boolean(error.message);
}

/** A 401: the server no longer knows the token (expired, revoked by a password change elsewhere). */
export function isSessionOver(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}
