/**
 * The host → API forwarding protocol, one definition for both sides (host/server/api-call.ts sends it,
 * api/src/lib/client-address.ts trusts it). A pure file: Node code imports it by path.
 * - Every request the host proxies carries X-Internal-Secret; only then does the API believe X-Forwarded-For.
 * - The host's own calls (route checks, the tour head) add X-Internal-Call: host-server.
 */
export const INTERNAL_SECRET_HEADER = 'x-internal-secret';
export const INTERNAL_CALL_HEADER = 'x-internal-call';
export const HOST_SERVER_CALL = 'host-server';

/**
 * TRUST_PROXY (host and API): the load balancers' addresses or CIDRs. `true`, `false`, `*`, `all` or a hop count
 * would trust whoever connects (or mean nothing), so they are returned as refused for the caller to report.
 */
export function splitTrustProxy(value: string | undefined): { proxies: string[]; refused: string[] } {
  const entries = (value ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const isRefused = (e: string) => /^(true|false|\*|all)$/i.test(e) || /^\d+$/.test(e);
  return { proxies: entries.filter((e) => !isRefused(e)), refused: entries.filter(isRefused) };
}
