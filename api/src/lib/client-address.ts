/**
 * Who is asking: the client address the limits (and geo) use, and whether the request comes from the host server.
 *
 * The protocol with the host server (host/server/api-call.ts): it overwrites X-Forwarded-For with the visitor's
 * socket address and adds `X-Internal-Secret: <INTERNAL_API_SECRET>` to every request it proxies; its own calls
 * (route checks, the tour head) carry the secret and `X-Internal-Call: host-server` and no X-Forwarded-For.
 *
 * - With the right secret (compared in constant time) the client is the last X-Forwarded-For entry (the one the
 *   host wrote), or the socket's peer when there is none.
 * - Without it, X-Forwarded-For is ignored, whoever sends it: the client is fastify's `request.ip`, which is the
 *   socket's peer unless TRUST_PROXY names a load balancer in front of the API (then fastify's trustProxy rules).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import { HOST_SERVER_CALL, INTERNAL_CALL_HEADER, INTERNAL_SECRET_HEADER } from '@tours/shared/src/api/forwarding';


declare module 'fastify' {
  interface FastifyRequest {
    /** The address limits and geo use (see lib/client-address.ts); set in the first onRequest hook. */
    clientIp: string;
    /** The request carried the right X-Internal-Secret (it comes from the host server). */
    fromTrustedProxy: boolean;
    /** The host server's own call (trusted, X-Internal-Call: host-server): not a visitor's. */
    internalCall: boolean;
  }
}

export interface ClientInfo {
  ip: string;
  fromTrustedProxy: boolean;
  internalCall: boolean;
  /** The visitor's connection was https (TLS here, or the trusted proxy's / load balancer's X-Forwarded-Proto). */
  https: boolean;
}

const sha256 = (value: string): Buffer => createHash('sha256').update(value).digest();

/** A constant-time check of X-Internal-Secret; with no secret configured nothing is trusted. */
export function secretChecker(secret: string): (given: string | string[] | undefined) => boolean {
  if (!secret) return () => false;
  // Digests have one length whatever was sent, so the comparison time says nothing about the secret.
  const expected = sha256(secret);
  return (given) => typeof given === 'string' && given.length > 0 && timingSafeEqual(sha256(given), expected);
}

/** The last entry of a comma-separated forwarding header ('' when absent). */
export function lastEntry(value: string | string[] | undefined): string {
  const joined = Array.isArray(value) ? value.join(',') : value ?? '';
  const comma = joined.lastIndexOf(',');
  return (comma === -1 ? joined : joined.slice(comma + 1)).trim();
}

export function clientInfo(request: FastifyRequest, isSecret: (given: string | string[] | undefined) => boolean): ClientInfo {
  const encrypted = Boolean((request.raw.socket as { encrypted?: boolean } | undefined)?.encrypted);
  if (!isSecret(request.headers[INTERNAL_SECRET_HEADER])) {
    // request.ip / request.protocol follow TRUST_PROXY (none by default: the socket's peer and protocol).
    return { ip: request.ip ?? '', fromTrustedProxy: false, internalCall: false, https: request.protocol === 'https' };
  }
  const forwarded = lastEntry(request.headers['x-forwarded-for']);
  return {
    ip: forwarded && isIP(forwarded) ? forwarded : request.ip ?? '',
    fromTrustedProxy: true,
    internalCall: request.headers[INTERNAL_CALL_HEADER] === HOST_SERVER_CALL,
    https: encrypted || lastEntry(request.headers['x-forwarded-proto']).toLowerCase() === 'https',
  };
}
