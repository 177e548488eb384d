/**
 * The host server's deployment settings, read from the environment once at start-up (host/server/main.ts and
 * buildHostServer). Each one exists because trusting the request for it was a hole:
 * - SITE_ORIGIN (+ SITE_ORIGINS): the origins the site answers as. Canonical, og:url, hreflang and JSON-LD links
 *   are built from them, never from the Host header; a request for another host still gets the page, with
 *   SITE_ORIGIN's links.
 * - TRUST_PROXY: the peers (addresses, CIDRs, or proxy-addr's names loopback/linklocal/uniquelocal) allowed to
 *   set X-Forwarded-For/-Proto/-Host. Default none: the visitor is the socket's peer and the protocol the socket's.
 * - INTERNAL_API_SECRET: sent to the API as X-Internal-Secret on proxied requests and on the host's own calls.
 * - MFE_OVERRIDE_ORIGINS: origins a developer may point a microfrontend at (?siteDebug overrides); allowed by the
 *   page's CSP and given to the browser as config.debugOrigins.
 * - MAPS_TOKEN: when set, the tour map uses Yandex Maps JS API v3, whose vector engine needs 'unsafe-eval'.
 */
import { splitTrustProxy } from '@tours/shared/src/api/forwarding';

export interface HostSettings {
  /** e.g. https://www.example.com (no path). */
  siteOrigin: string;
  /** Extra origins the site also answers as (their own links use them). */
  siteOrigins: string[];
  /** fastify trustProxy list; empty = trust no proxy. */
  trustProxy: string[];
  internalSecret?: string;
  /** CSP host-sources such as http://localhost:* */
  overrideOrigins: string[];
  mapsScriptApi: boolean;
}

const list = (value: string | undefined): string[] => (value ?? '').split(',').map((s) => s.trim()).filter(Boolean);

/** An origin `scheme://host[:port]` without path; null when the value is not one. */
function normaliseOrigin(value: string): string | null {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash || url.username || url.password) return null;
    return url.origin;
  } catch {
    return null;
  }
}

/** A developer origin, usable both as a CSP host-source and by the browser's allowlist: scheme, host, port or *. */
const OVERRIDE_ORIGIN = /^https?:\/\/[a-z0-9-]+(\.[a-z0-9-]+)*(:(\d{1,5}|\*))?$/i;

export function parseOverrideOrigins(value: string | undefined, warn: (message: string) => void = () => undefined): string[] {
  return list(value).map((s) => s.replace(/\/+$/, '')).filter((s) => {
    const ok = OVERRIDE_ORIGIN.test(s) && normaliseOrigin(s.replace(/:\*$/, '')) !== null;
    if (!ok) warn(`MFE_OVERRIDE_ORIGINS: ignored ${s}`);
    return ok;
  });
}

/** TRUST_PROXY as a list for fastify; `true`/`*` (trust anyone) is refused. */
export function parseTrustProxy(value: string | undefined, warn: (message: string) => void = () => undefined): string[] {
  const { proxies, refused } = splitTrustProxy(value);
  if (refused.length) warn(`TRUST_PROXY: ignored ${refused.join(', ')} (list the proxies' addresses or CIDRs)`);
  return proxies;
}

export function readHostSettings(env: NodeJS.ProcessEnv = process.env, warn: (message: string) => void = (m) => console.warn(m)): HostSettings {
  const port = env.PORT ?? '8080';
  const fallback = `http://localhost:${port}`;
  const siteOrigin = env.SITE_ORIGIN ? normaliseOrigin(env.SITE_ORIGIN) : fallback;
  if (!siteOrigin) warn(`SITE_ORIGIN is not an origin (scheme://host[:port]): using ${fallback}`);
  const siteOrigins = list(env.SITE_ORIGINS).map((o) => {
    const n = normaliseOrigin(o);
    if (!n) warn(`SITE_ORIGINS: ignored ${o}`);
    return n;
  }).filter((o): o is string => o !== null);
  return {
    siteOrigin: siteOrigin ?? fallback,
    siteOrigins,
    trustProxy: parseTrustProxy(env.TRUST_PROXY, warn),
    internalSecret: env.INTERNAL_API_SECRET || undefined,
    overrideOrigins: parseOverrideOrigins(env.MFE_OVERRIDE_ORIGINS, warn),
    mapsScriptApi: Boolean(env.MAPS_TOKEN),
  };
}

/**
 * The origin a request is answered as: the configured origin whose host is the request's Host (through trusted
 * proxies, X-Forwarded-Host), else SITE_ORIGIN. The scheme is the configured one, never a header's.
 */
export function siteOriginFor(host: string | undefined, settings: Pick<HostSettings, 'siteOrigin' | 'siteOrigins'>): string {
  const wanted = (host ?? '').trim().toLowerCase();
  if (wanted) {
    for (const origin of [settings.siteOrigin, ...settings.siteOrigins]) {
      const url = new URL(origin);
      const defaultPort = url.protocol === 'https:' ? '443' : '80';
      if (wanted === url.host || wanted === `${url.hostname}:${url.port || defaultPort}`) return origin;
    }
  }
  return settings.siteOrigin;
}
