/**
 * Validating call input with the shared superstruct schemas: values are coerced (query strings),
 * failures become field errors keyed by the query/body field name.
 */
import { validate, type Struct, type StructError } from 'superstruct';
import { validationError } from './errors';

/** Turns superstruct failures into `{ field: message }` (first failure per field wins). */
export function fieldErrors(error: StructError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const failure of error.failures()) {
    const field = failure.path.length ? failure.path.map(String).join('.') : '_';
    if (out[field]) continue;
    if (failure.value === undefined) out[field] = 'Required field';
    else if (failure.refinement && !failure.message.startsWith('Expected')) out[field] = failure.message;
    else out[field] = 'Incorrect value';
  }
  return out;
}

/** Validates and coerces `input`; throws a 422 HttpError with field errors on failure. */
export function parseInput<T, S>(input: unknown, struct: Struct<T, S>): T {
  const [error, value] = validate(input ?? {}, struct, { coerce: true });
  if (error) throw validationError(fieldErrors(error));
  return value as T;
}
