/**
 * Who may call each operation, for the OpenAPI document (issue 30: Redocly's `security-defined`). The service has
 * three ways to say who is asking (lib/auth.ts): a traveller's token and a staff member's token, both as
 * `X-Authorization: Bearer {token}`, and the staff tools' `admin_auth` cookie (the staff token again, for GET links
 * opened in a tab). An operation's requirement follows from what it declares already:
 * - it may answer 401: a session is required; a staff one for the agent console (/crm/api/agent/…), an admin session
 *   for the staff tools (tags `staff`, `organizers (staff)`: the cookie too, but for the organizer writes, which take
 *   the header only), else a traveller's;
 * - else it is public, or reads a session when one is sent (OPTIONAL_SESSION below, kept true by
 *   api/test/openapi-lint.test.ts: every entry must name a registered call).
 */
import { AUTHORIZATION_HEADER } from '@tours/shared/src/api/headers';
import type { RouteDoc } from './openapi';

export type SecurityRequirement = Record<string, string[]>;

export const SECURITY_SCHEMES = {
  travellerToken: {
    type: 'apiKey', in: 'header', name: AUTHORIZATION_HEADER,
    description: "A traveller's session: `Bearer {token}`, the token a sign-in call answers (POST /crm/api/user/auth and the other sign-in calls).",
  },
  staffToken: {
    type: 'apiKey', in: 'header', name: AUTHORIZATION_HEADER,
    description: "A staff member's session: `Bearer {token}` of POST /crm/api/agent/auth (a traveller's token is never one).",
  },
  adminCookie: {
    type: 'apiKey', in: 'cookie', name: 'admin_auth',
    description: 'The staff token in the admin_auth cookie (POST /crm/api/user/admin-auth-cookie sets it): the staff tools\' reads accept it.',
  },
} as const;

const TRAVELLER: SecurityRequirement = { travellerToken: [] };
const STAFF: SecurityRequirement = { staffToken: [] };
const COOKIE: SecurityRequirement = { adminCookie: [] };
/** OpenAPI's way of saying 'no session needed': an empty requirement among the alternatives. */
const ANONYMOUS: SecurityRequirement = {};

/** Calls that answer anyone but read a session when one is sent (a traveller's requests by id, own private uploads …). */
export const OPTIONAL_SESSION: Record<string, SecurityRequirement[]> = {
  'GET /spa/user-info-data': [TRAVELLER],
  'POST /crm/api/user/logout': [TRAVELLER],
  'POST /spa/submit-help-request': [TRAVELLER],
  'POST /spa/submit-order': [TRAVELLER],
  'GET /crm/api/request/get': [TRAVELLER],
  'GET /crm/api/request/get-by-uuid': [TRAVELLER],
  'POST /crm/api/request/cancel': [TRAVELLER],
  'POST /crm/api/request/tour-dates': [TRAVELLER],
  'POST /crm/api/request/update-tourists': [TRAVELLER],
  'POST /crm/api/request/add-tourists': [TRAVELLER],
  'POST /crm/api/request/update-tourists-questionnaires': [TRAVELLER],
  'GET /spa/tourists-info': [TRAVELLER],
  'POST /crm/api/request/tour-selection': [TRAVELLER],
  'GET /media/uploads/:name': [TRAVELLER],
  'GET /crm/api/request/list-for-chat': [TRAVELLER, STAFF],
  'POST /crm/api/agent/logout': [STAFF],
};

const ADMIN_TAGS = ['staff', 'organizers (staff)'];

/** The operation's `security`: the alternatives, any one of which lets the call through. */
export function operationSecurity(r: Pick<RouteDoc, 'method' | 'url' | 'tags' | 'errors'>): SecurityRequirement[] {
  if (r.errors.includes(401)) {
    if (r.url.startsWith('/crm/api/agent/')) return [STAFF];
    if (r.tags.some((t) => ADMIN_TAGS.includes(t))) {
      // The organizer writes and the call that sets the cookie take the header only.
      const headerOnly = (r.method === 'POST' && r.tags.includes('organizers (staff)')) || r.url === '/crm/api/user/admin-auth-cookie';
      return headerOnly ? [STAFF] : [STAFF, COOKIE];
    }
    return [TRAVELLER];
  }
  const optional = OPTIONAL_SESSION[`${r.method} ${r.url}`];
  return optional ? [ANONYMOUS, ...optional] : [];
}
