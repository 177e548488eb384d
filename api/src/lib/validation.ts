/**
 * Validating call input with the shared superstruct schemas: values are coerced (query strings),
 * failures become field errors keyed by the field the form shows (public-site §5.8, §8).
 *
 * - A failure inside a field (`regions.0`, an item of a list) is the field's (`regions`); inside the `data`
 *   envelope of a form body (`data.phone`) it is the form field's (`phone`).
 * - A failure of the input as a whole (a JSON body that is not an object) has no field: a 400 with a general
 *   message and no `errors`.
 * - Messages are the spec's (`Required field`, `Minimum {min}`, `Maximum {n} characters`, …) or `Incorrect value`;
 *   superstruct's own texts (which print the value received) are never passed on, so input is never echoed.
 */
import { validate, type Struct, type StructError } from 'superstruct';
import { HttpError, validationError } from './errors';

/** The form field a failure belongs to; null for the input as a whole. */
function fieldOf(path: readonly unknown[]): string | null {
  if (path.length === 0) return null;
  return String(path[0] === 'data' && typeof path[1] === 'string' ? path[1] : path[0]);
}

/** Turns superstruct failures into `{ field: message }` (first failure per field wins; failures of the whole input are left out). */
export function fieldErrors(error: StructError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const failure of error.failures()) {
    const field = fieldOf(failure.path);
    if (field === null || Object.prototype.hasOwnProperty.call(out, field)) continue;
    const message = failure.value === undefined
      ? 'Required field'
      : failure.refinement && !failure.message.startsWith('Expected') ? failure.message : 'Incorrect value';
    // A field named like an Object.prototype member ('__proto__') must stay a plain key.
    Object.defineProperty(out, field, { value: message, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** The 400 of an input that is not an object of fields at all (a JSON array, string or number as the body). */
function malformedInput(): HttpError {
  return new HttpError(400, 'Bad request');
}

/**
 * superstruct's `validate` with coercion, where a value it cannot even describe is a 400: its failure messages print
 * the value received, and printing an array nested thousands of levels deep overflows the stack.
 */
export function validateInput<T, S>(input: unknown, struct: Struct<T, S>): [StructError, undefined] | [undefined, T] {
  try {
    return validate(input, struct, { coerce: true });
  } catch (err) {
    if (err instanceof RangeError) throw malformedInput();
    throw err;
  }
}

/**
 * A POST that takes no body (logout, refresh-token): none (`null` is none too, as for every call), or a JSON object
 * whose fields are ignored like unknown fields everywhere; anything else is the same 400 as for any call.
 */
export function refuseNonObjectBody(input: unknown): void {
  if (input !== undefined && input !== null && (typeof input !== 'object' || Array.isArray(input))) throw malformedInput();
}

/** Validates and coerces `input`; throws a 422 HttpError with field errors on failure (a 400 when the input is not an object). */
export function parseInput<T, S>(input: unknown, struct: Struct<T, S>): T {
  const [error, value] = validateInput(input ?? {}, struct);
  if (!error) return value as T;
  if (error.failures().some((f) => f.path.length === 0)) throw malformedInput();
  throw validationError(fieldErrors(error));
}
