import type { ToastInput } from '../contract/host';
import { ApiError } from '@tours/shared/core';

/**
 * Server errors on forms (§5.8): field errors land on their fields, the general message becomes a toast.
 * Returns the field errors so the form can keep everything the user typed and show them.
 */
export function applyServerErrors(error: unknown, toast: (t: ToastInput) => void, fallbackMessageId = 'common.requestFailed'): Record<string, string> {
  if (error instanceof ApiError) {
    const fields = error.fieldErrors;
    if (error.message) toast({ kind: 'error', text: error.message });
    else if (!Object.keys(fields).length) toast({ kind: 'error', messageId: fallbackMessageId });
    return fields;
  }
  toast({ kind: 'error', messageId: fallbackMessageId });
  return {};
}
