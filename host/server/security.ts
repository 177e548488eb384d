/**
 * Security headers of the host server's answers.
 * - Every answer (HOST_HEADERS, set by one onRequest hook in host/server/plugins/security-headers.ts): nosniff, Referrer-Policy
 *   strict-origin-when-cross-origin, X-Frame-Options SAMEORIGIN, helmet's other defaults, HSTS only on https (as
 *   fastify sees it through TRUST_PROXY), and for the host's own non-page answers (JSON, assets) `default-src
 *   'none'; frame-ancestors 'self'`. A proxied answer keeps the API's own headers where it sends them (its helmet
 *   policy; its /api-docs page has its own CSP). A constant object rather than the helmet plugin: helmet builds
 *   its headers anew on every request, a measurable share of the proxy hop's CPU (docs/decisions.md, hardening).
 * - HTML pages: the policy of buildCsp, with a fresh nonce per page.
 */
import { randomBytes } from 'node:crypto';

export const HSTS = 'max-age=31536000';
/** Headers set by hand where helmet's hooks do not run (answers to malformed URLs). */
const BASELINE_CSP = "default-src 'none'; frame-ancestors 'self'";
export const BASELINE_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': BASELINE_CSP,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'SAMEORIGIN',
};

/**
 * The headers of every answer of the host server: the baseline, plus what helmet's defaults add (minus HSTS, per
 * request; Cross-Origin-Resource-Policy, since partner sites show /media images; X-DNS-Prefetch-Control, so link
 * prefetching stays as the browser does it).
 */
export const HOST_HEADERS: Readonly<Record<string, string>> = {
  ...BASELINE_HEADERS,
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Origin-Agent-Cluster': '?1',
  'X-Download-Options': 'noopen',
  'X-Permitted-Cross-Domain-Policies': 'none',
  'X-XSS-Protection': '0',
};

export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * The tour map (mfe-tour/src/features/tour/map): the keyless embed (an iframe, probed first with a no-cors fetch)
 * and, with a token, Yandex Maps JS API v3 (script, styles, tiles, workers) — hosts from Yandex's CSP guide.
 */
const MAP_EMBED = ['https://yandex.com', 'https://yandex.ru'];
const MAPS_API = ['https://api-maps.yandex.ru', 'https://*.api-maps.yandex.ru', 'https://yastatic.net'];
const MAPS_DATA = ['https://*.maps.yandex.net'];
/** Embedded video players of the media viewer (shared/src/ui/media-viewer-rules.ts VIDEO_HOSTS). */
const VIDEO_FRAMES = ['https://youtube.com', 'https://*.youtube.com', 'https://www.youtube-nocookie.com', 'https://youtu.be', 'https://vimeo.com', 'https://*.vimeo.com', 'https://rutube.ru', 'https://*.rutube.ru'];

export interface CspInput {
  /** The page's nonce, also on every <script> of the document. */
  nonce: string;
  /** Origins of the runtime manifest's microfrontends: their mf-manifest.json, remoteEntry.js, chunks and CSS. */
  remoteOrigins: readonly string[];
  /** The widget server (the manifest's `widgets` entry): the /for-agencies preview runs its loader and bundles. */
  widgetOrigins: readonly string[];
  /** MFE_OVERRIDE_ORIGINS: where a developer may point a microfrontend (?siteDebug overrides). */
  debugOrigins: readonly string[];
  /** MAPS_TOKEN is set: Yandex Maps JS API's vector engine parses tiles with eval. */
  mapsScriptApi: boolean;
}

const uniq = (values: readonly string[]) => [...new Set(values)];

/**
 * The Content-Security-Policy of an HTML page (pure; table-tested in security.test.ts).
 * script-src: the nonce with 'strict-dynamic' — the host's entry scripts carry the nonce and everything they
 * insert (the federation runtime's remoteEntry.js, webpack chunks, the widget loader, the maps script) is
 * trusted through them, whether or not webpack sets `nonce` (no __webpack_nonce__ is set). The origin list after
 * it is for browsers without 'strict-dynamic' (CSP3 browsers ignore it). style-src has no 'strict-dynamic': the
 * stylesheets the runtime inserts (<link> from the remotes' origins) are allowed by origin, and no
 * 'unsafe-inline' is needed — the code renders no style attributes (React styles go through the CSSOM, which CSP
 * does not govern; the sanitiser forbids `style` in data HTML), so style attributes stay blocked too.
 */
export function buildCsp(input: CspInput): string {
  const nonce = `'nonce-${input.nonce}'`;
  const code = uniq([...input.remoteOrigins, ...input.debugOrigins]);
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', [nonce, "'strict-dynamic'", "'self'", ...code, ...input.widgetOrigins, ...MAPS_API, ...(input.mapsScriptApi ? ["'unsafe-eval'"] : [])]],
    ['style-src', ["'self'", nonce, ...code, ...MAPS_API]],
    ['img-src', ["'self'", 'data:', 'blob:', ...code, ...MAPS_API, ...MAPS_DATA]],
    ['font-src', ["'self'", 'data:', ...code]],
    ['connect-src', ["'self'", ...code, ...input.widgetOrigins, ...MAP_EMBED, ...MAPS_API, ...MAPS_DATA]],
    ['frame-src', [...MAP_EMBED, ...VIDEO_FRAMES]],
    ['media-src', ["'self'", 'https:', 'blob:']],
    ['worker-src', ["'self'", 'blob:', ...(input.mapsScriptApi ? ['data:', ...MAPS_API] : [])]],
    ['manifest-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'self'"]],
  ];
  return directives.map(([name, values]) => `${name} ${uniq(values).join(' ')}`).join('; ');
}

/** Origins named by the runtime manifest (host/mfe-manifest.json shape): microfrontends, and the `widgets` entry. */
export function manifestOrigins(manifest: unknown): { remotes: string[]; widgets: string[] } {
  const remotes: string[] = [];
  const widgets: string[] = [];
  if (manifest && typeof manifest === 'object') {
    for (const [name, entry] of Object.entries(manifest as Record<string, unknown>)) {
      const url = entry && typeof entry === 'object' ? (entry as { url?: unknown }).url : undefined;
      const origin = typeof url === 'string' ? httpOrigin(url) : null;
      if (origin) (name === 'widgets' ? widgets : remotes).push(origin);
    }
  }
  return { remotes: uniq(remotes), widgets: uniq(widgets) };
}

/** The origin of an absolute http(s) URL that a CSP host-source can name; null otherwise (relative URLs are 'self'). */
function httpOrigin(url: string): string | null {
  try {
    const u = new URL(url);
    if (u.protocol !== 'http:' && u.protocol !== 'https:' || u.hostname.startsWith('[')) return null;
    return u.origin;
  } catch {
    return null;
  }
}
