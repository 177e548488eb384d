/**
 * Known devices (issue 28): a device an account has signed in from before still gets in while the account refuses
 * password tries from other devices (lib/password-guard.ts) and still gets codes past a login's caps
 * (lib/one-time-codes.ts), so an attacker who trips those locks does not lock the owner out.
 *
 * A device is the `device_id` cookie: 32 random bytes (base64url) the API sets on every successful sign-in when the
 * browser has none, HttpOnly (a page's script cannot read it), SameSite=Strict, Path=/crm/api (only the sign-in
 * and account calls carry it), 400 days (the longest a browser keeps a cookie), Secure over https. The database
 * keeps only its SHA-256 with the account it signed in (known_devices), so a leaked table names no device; the
 * cookie alone says nothing without a row, so one cookie serves every account signed in on that browser.
 * It is not a session: it signs nobody in, it only lifts the locks an attacker could set off.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cookieOf } from '@tours/shared/src/api/session-cookie';
import type { Db } from '../db';
import { isKnownDevice, rememberDevice, sweepKnownDevices } from '../db/queries/sign-in-guards';
import { lastEntry } from './client-address';

const DEVICE_COOKIE = 'device_id';
/** Browsers keep a cookie 400 days at most (RFC 6265bis); a device seen again is kept that much longer. */
const DEVICE_MAX_AGE_S = 400 * 86_400;
const DEVICE_ID = /^[A-Za-z0-9_-]{43}$/;
const SWEEP_EVERY_MS = 3_600_000;

/** An account as the guards name it. */
export type AccountKey = `traveller:${number}` | `staff:${number}`;

/** The request's device cookie, or null (absent or not one we could have set). */
function deviceIdOf(request: FastifyRequest): string | null {
  const value = cookieOf(request.headers.cookie, DEVICE_COOKIE);
  return value !== undefined && DEVICE_ID.test(value) ? value : null;
}

const deviceHash = (deviceId: string): string => createHash('sha256').update(deviceId).digest('hex');

/** Whether the visitor's connection was https (TLS here, or the host server's / load balancer's word for it). */
function overHttps(request: FastifyRequest): boolean {
  return request.protocol === 'https' || (request.fromTrustedProxy && lastEntry(request.headers['x-forwarded-proto']).toLowerCase() === 'https');
}

function deviceCookie(deviceId: string, secure: boolean): string {
  return `${DEVICE_COOKIE}=${deviceId}; Path=/crm/api; Max-Age=${DEVICE_MAX_AGE_S}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}

export class KnownDevices {
  private lastSweep = 0;

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  /** The request's device if the account signed in from it before, else null. */
  async knownDevice(request: FastifyRequest, account: AccountKey): Promise<string | null> {
    const id = deviceIdOf(request);
    if (!id) return null;
    const hash = deviceHash(id);
    return (await isKnownDevice(this.db, account, hash)) ? hash : null;
  }

  /** The account signed in on this request: its device becomes known to it (a device cookie is set when there is none). */
  async remember(request: FastifyRequest, reply: FastifyReply, account: AccountKey): Promise<void> {
    const now = new Date(this.now());
    let id = deviceIdOf(request);
    if (!id) {
      id = randomBytes(32).toString('base64url');
      void reply.header('set-cookie', deviceCookie(id, overHttps(request)));
    }
    await rememberDevice(this.db, account, deviceHash(id), now);
    if (now.getTime() - this.lastSweep >= SWEEP_EVERY_MS) {
      this.lastSweep = now.getTime();
      await sweepKnownDevices(this.db, new Date(now.getTime() - DEVICE_MAX_AGE_S * 1000));
    }
  }
}
