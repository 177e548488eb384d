/**
 * The host server's side of the forwarding protocol with the API, in one place:
 * - a proxied request (/spa, /crm/api, /node-api, /media, /api-docs, /socket.io) reaches the API with
 *   X-Forwarded-For OVERWRITTEN with the visitor's address (the socket's peer, or what fastify derives through
 *   TRUST_PROXY), X-Forwarded-Proto/-Host set by the host, X-Internal-Secret added (when configured), and any
 *   client-sent X-Internal-Secret/X-Internal-Call or other forwarding header removed;
 * - the host's own calls (route checks, the tour head) carry X-Internal-Secret and X-Internal-Call: host-server,
 *   so the API can tell them from visitors' calls (they must not share a visitor's rate-limit bucket).
 */
import { HOST_SERVER_CALL, INTERNAL_CALL_HEADER, INTERNAL_SECRET_HEADER } from '@tours/shared/src/api/forwarding';

/** Client headers the host never passes on: the API must be able to trust what it gets under these names. */
const STRIPPED = [INTERNAL_SECRET_HEADER, INTERNAL_CALL_HEADER, 'x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'x-forwarded-port', 'x-forwarded-prefix', 'forwarded', 'x-real-ip', 'x-client-ip'];

/** Who the visitor is, as the host server decided it (fastify's request.ip, request.protocol, the site's host). */
export interface Visitor { ip: string; protocol: string; host: string }

type Headers = Record<string, string | string[] | number | undefined>;

/** Headers of a proxied request: the client's, minus forwarding/internal ones, plus the host's own. */
export function forwardedHeaders<H extends Headers>(incoming: H, visitor: Visitor, secret: string | undefined): H {
  const out: Headers = {};
  for (const [name, value] of Object.entries(incoming)) {
    if (!STRIPPED.includes(name.toLowerCase())) out[name] = value;
  }
  out['x-forwarded-for'] = visitor.ip;
  out['x-forwarded-proto'] = visitor.protocol;
  out['x-forwarded-host'] = visitor.host;
  if (secret) out[INTERNAL_SECRET_HEADER] = secret;
  return out as H;
}

/** Headers that mark one of the host server's own calls. */
export function ownCallHeaders(secret: string | undefined): Record<string, string> {
  return { [INTERNAL_CALL_HEADER]: HOST_SERVER_CALL, ...(secret ? { [INTERNAL_SECRET_HEADER]: secret } : {}) };
}

/** Route checks wait this long for the API; longer than that and the page is a 503 (never a guessed 200 or 404). */
export const ROUTE_CHECK_TIMEOUT_MS = 3000;

/** How the host server reaches the API for its own calls. */
export interface ApiTarget {
  apiUrl: string;
  internalSecret?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** The API's definite 'there is no such thing' (422: the value cannot exist). */
export function definitelyNotFound(status: number): boolean {
  return status === 404 || status === 410 || status === 422;
}

/** GET one of the API's paths as the host server; null when it cannot be reached in time. */
export async function askApi(target: ApiTarget, pathAndQuery: string, headers: Record<string, string>): Promise<Response | null> {
  const doFetch = target.fetch ?? fetch;
  try {
    return await doFetch(`${target.apiUrl}${pathAndQuery}`, {
      headers: { Accept: 'application/json', ...headers, ...ownCallHeaders(target.internalSecret) },
      signal: AbortSignal.timeout(target.timeoutMs ?? ROUTE_CHECK_TIMEOUT_MS),
    });
  } catch {
    return null;
  }
}
