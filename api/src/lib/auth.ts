/**
 * Who is asking (issue 30: the helpers every signed-in call shares, formerly in routes/accounts.ts, routes/agent.ts and
 * routes/staff-tools.ts): a traveller's bearer token, a staff member's (the agent console's), and the admin session of
 * the staff tools (the same staff token, in X-Authorization or the admin_auth cookie) with its permissions.
 * Routes call these to authorise; a refusal is the spec's 401/403 error shape.
 */
import type { FastifyRequest } from 'fastify';
import { AUTHORIZATION_HEADER } from '@tours/shared/src/api/headers';
import { ADMIN_AUTH_COOKIE, type StaffPermission, type StaffPermissions } from '@tours/shared/src/api/schemas/staff';
import type { Db } from '../db';
import { chatById, staffByToken, staffServes, type ChatRow, type StaffAccountRow } from '../db/queries/chat';
import { staffPermissions } from '../db/queries/staff';
import { travellerByToken, type Traveller } from '../db/queries/travellers';
import { HttpError } from './errors';

/** What the checks read: the database and the service's clock (the Services container is one). */
export interface AuthDeps {
  readonly db: Db;
  date(): Date;
}

const TOKEN_RE = /^[A-Za-z0-9._~+/=-]{16,512}$/;

/** The bearer token of X-Authorization, or null. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers[AUTHORIZATION_HEADER.toLowerCase()];
  const value = (Array.isArray(header) ? header[0] : header)?.trim() ?? '';
  return /^Bearer\s+([A-Za-z0-9._~+/=-]{16,512})$/i.exec(value)?.[1] ?? null;
}

/** The signed-in traveller (a live token: neither expired nor revoked), or undefined. */
export async function signedInTraveller(s: AuthDeps, request: FastifyRequest): Promise<Traveller | undefined> {
  const token = bearerToken(request);
  return token ? travellerByToken(s.db, token, s.date()) : undefined;
}

/** The signed-in traveller, or a 401 in the error shape. */
export async function requireTraveller(s: AuthDeps, request: FastifyRequest): Promise<Traveller> {
  const traveller = await signedInTraveller(s, request);
  if (!traveller) throw new HttpError(401, 'Unauthorized');
  return traveller;
}

/** The signed-in staff member (a live staff token), or undefined. */
async function signedInStaff(s: AuthDeps, request: FastifyRequest): Promise<StaffAccountRow | undefined> {
  const token = bearerToken(request);
  return token ? staffByToken(s.db, token, s.date()) : undefined;
}

/** The signed-in staff member, or a 401 in the error shape. */
export async function requireStaff(s: AuthDeps, request: FastifyRequest): Promise<StaffAccountRow> {
  const staff = await signedInStaff(s, request);
  if (!staff) throw new HttpError(401, 'Unauthorized');
  return staff;
}

/** Whether the request is the chat's own traveller or staff serving it: the chat, or undefined. */
export async function chatReader(s: AuthDeps, request: FastifyRequest, chatId: number, travellerId: number | undefined): Promise<ChatRow | undefined> {
  const chat = await chatById(s.db, chatId);
  if (!chat) return undefined;
  if (travellerId !== undefined && chat.traveller_id === travellerId) return chat;
  const staff = await signedInStaff(s, request);
  return staff && staffServes(staff, chat) ? chat : undefined;
}

export interface AdminSession {
  staff: StaffAccountRow;
  permissions: StaffPermissions;
}

/** The admin_auth cookie's token, or null. */
function adminCookieToken(request: FastifyRequest): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== ADMIN_AUTH_COOKIE) continue;
    let value = part.slice(eq + 1).trim();
    try {
      value = decodeURIComponent(value);
    } catch {
      return null;
    }
    return TOKEN_RE.test(value) ? value : null;
  }
  return null;
}

/** The admin session (a live staff token in X-Authorization or the admin_auth cookie) with its permissions, or undefined. */
export async function adminSession(s: AuthDeps, request: FastifyRequest): Promise<AdminSession | undefined> {
  for (const token of [bearerToken(request), adminCookieToken(request)]) {
    const staff = token ? await staffByToken(s.db, token, s.date()) : undefined;
    if (staff) return { staff, permissions: await staffPermissions(s.db, Number(staff.id)) };
  }
  return undefined;
}

/** The admin session holding one of `any` of the permissions: 401 without a session, 403 without the permission. */
export async function requireAdmin(s: AuthDeps, request: FastifyRequest, any: readonly StaffPermission[]): Promise<AdminSession> {
  const session = await adminSession(s, request);
  if (!session) throw new HttpError(401, 'Unauthorized');
  if (any.length && !any.some((p) => session.permissions[p])) throw new HttpError(403, 'Forbidden');
  return session;
}
