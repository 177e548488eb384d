import type { ToastInput } from '../contract/host';
import { ApiError } from '@tours/shared/core';

/**
 * Server errors on forms (§5.8): field errors land on their fields, the general message becomes a toast.
 * Returns the field errors so the form can keep everything the user typed and show them.
 * `place` puts the field errors on the form itself and returns the texts it showed: a message the answer only repeats
 * from a field (the API's 422 carries its first field error as `message`) is then not toasted too (issue 29:
 * 'Incorrect code' showed twice, on the field and in a toast). A message no field shows is still a toast.
 */
export function applyServerErrors(
  error: unknown,
  toast: (t: ToastInput) => void,
  fallbackMessageId = 'common.requestFailed',
  place?: (fieldErrors: Record<string, string>) => readonly string[],
): Record<string, string> {
  if (error instanceof ApiError) {
    const fields = error.fieldErrors;
    const shown = place ? place(fields) : [];
    if (error.message && shown.includes(error.message)) return fields;
    if (error.message) toast({ kind: 'error', text: error.message });
    else if (!Object.keys(fields).length) toast({ kind: 'error', messageId: fallbackMessageId });
    return fields;
  }
  place?.({});
  toast({ kind: 'error', messageId: fallbackMessageId });
  return {};
}

/**
 * applyServerErrors' `place` for a form of the kit's `useForm`: the field errors (mapped onto the form's own fields by
 * `map`, e.g. send_error_reason onto the login field) set on the form, and the texts it showed returned.
 */
export function onForm<K extends string>(
  form: { setServerErrors(fieldErrors: Readonly<Record<string, string>>): K[] },
  map: (fieldErrors: Record<string, string>) => Record<string, string> = (f) => f,
): (fieldErrors: Record<string, string>) => string[] {
  return (fieldErrors) => {
    const mine = map(fieldErrors);
    return form.setServerErrors(mine).map((name) => mine[name]!);
  };
}
