/**
 * The agent console's line (issue 15 'Agent console'): the staff member's SIP identity registered in the browser
 * (support's, or their organizer's: POST /crm/api/agent/web-call-data), answering the travellers' calls. Pure rules:
 * the registration's state, the wait before registering again after a drop, and who is calling.
 */
import type { CalleeType } from '../common/call/call-machine';
import type { Caller } from '../common/call/sip-adapter';

/** 'Calls: online' once the registrar accepted the line; connecting while it registers; offline between attempts. */
type LineStatus = 'offline' | 'connecting' | 'online';

export interface LineState {
  status: LineStatus;
  /** Failed or dropped registrations since the line was last online: how long the next wait is. */
  failures: number;
}

export type LineEvent = { type: 'connect' } | { type: 'registered' } | { type: 'lost' } | { type: 'stop' };

export const INITIAL_LINE: LineState = { status: 'offline', failures: 0 };

export function lineReducer(state: LineState, event: LineEvent): LineState {
  switch (event.type) {
    case 'connect':
      return { ...state, status: 'connecting' };
    case 'registered':
      return { status: 'online', failures: 0 };
    case 'lost':
      return { status: 'offline', failures: state.failures + 1 };
    case 'stop':
      return INITIAL_LINE;
    default:
      return state;
  }
}

/** Waits before registering again (ms), by failures so far: soon after a first drop, then backing off to 30 s. */
const RETRY_DELAYS_MS = [1000, 2000, 5000, 10_000, 30_000] as const;
export const retryDelay = (failures: number): number => RETRY_DELAYS_MS[Math.min(Math.max(failures - 1, 0), RETRY_DELAYS_MS.length - 1)]!;

/** The identities web-calls.ts mints: 'traveller-<id>', 'organizer-<id>', 'support'. */
const IDENTITY = /^(traveller|organizer)-(\d+)$/;

/** The SIP user a traveller calls from (web-calls.ts travellerSipUser): whose call takes a call back. */
export const travellerLineUser = (travellerId: number): string => `traveller-${travellerId}`;

/**
 * Who calls, as the console shows them: a traveller by the name their chat gives them (the server's), else the
 * display name their client sent, else `unnamed(id)`; an organizer's or support's line by its display name.
 */
export function callerOf(caller: Caller, knownTravellers: ReadonlyMap<number, string>, unnamed: (travellerId: number) => string): { name: string; type: CalleeType } {
  const match = IDENTITY.exec(caller.user);
  const display = caller.displayName.trim();
  if (caller.user === 'support') return { name: display || caller.user, type: 'support' };
  if (match?.[1] === 'organizer') return { name: display || caller.user, type: 'organizer' };
  if (match?.[1] === 'traveller') {
    const id = Number(match[2]);
    return { name: knownTravellers.get(id) || display || unnamed(id), type: 'tourist' };
  }
  return { name: display || caller.user, type: 'tourist' };
}
