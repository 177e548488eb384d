/** The session around the account page's calls: the profile the header shows, and a token the server no longer knows. */
import { sessionAtom, signInAtom } from '@tours/shared/core';
import type { HostContext } from '@tours/shared/contract';
import { applyServerErrors, type UserProfile } from '@tours/shared/api';
import { isSessionOver } from '../common/errors';
import { endSession } from '../common/session';

/** The session's profile follows a saved one (the header shows the name) — only the session that asked. */
export function saveSessionProfile(host: HostContext, token: string, user: UserProfile): void {
  if (host.store.get(sessionAtom)?.token === token) host.store.set(signInAtom, { token, profile: user });
}

/** A 401 ends the session here (common/session.ts: My trips does the same). */
export { endSession };

/**
 * A failed call of a signed-in form: a 401 ends the session; otherwise field errors go back to the form (to be set on
 * its fields, what was typed kept) and the general message is a toast (applyServerErrors).
 */
export function settingsFailure(host: HostContext, token: string, error: unknown): Record<string, string> {
  if (isSessionOver(error)) {
    endSession(host, token);
    return {};
  }
  return applyServerErrors(error, host.toast);
}
