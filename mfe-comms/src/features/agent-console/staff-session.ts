/**
 * The agent console's staff session: kept in this tab's sessionStorage (never in the traveller's session atom, so a
 * traveller and a staff member can be signed in side by side on one machine), read back only when well-formed.
 */
import { is } from 'superstruct';
import { AgentAuthAnswer } from '@tours/shared/api';

export const STAFF_SESSION_KEY = 'tours.agent-session';

export function readStaffSession(storage: Pick<Storage, 'getItem'> | undefined): AgentAuthAnswer | null {
  try {
    const value: unknown = JSON.parse(storage?.getItem(STAFF_SESSION_KEY) ?? 'null');
    return is(value, AgentAuthAnswer) ? value : null;
  } catch {
    return null;
  }
}

export function writeStaffSession(storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined, session: AgentAuthAnswer | null): void {
  try {
    if (session) storage?.setItem(STAFF_SESSION_KEY, JSON.stringify(session));
    else storage?.removeItem(STAFF_SESSION_KEY);
  } catch {
    // Storage refused (private mode, quota): the session lives in memory for this page.
  }
}
