/**
 * Browser hardening on every answer (@fastify/helmet): the API answers JSON and pictures, never a page that runs
 * anything, so its policy forbids everything.
 * - `Content-Security-Policy: default-src 'none'; frame-ancestors 'none'` (a JSON or SVG answer opened as a
 *   document can load and run nothing, and cannot be framed); X-Frame-Options DENY for old browsers;
 * - `X-Content-Type-Options: nosniff`, `Referrer-Policy: no-referrer`;
 * - `Cross-Origin-Resource-Policy: same-origin`, except /media (`cross-origin`): the site's pages load pictures
 *   through the host's proxy and partner widgets load them from the API's origin. CORP does not apply to CORS
 *   requests, so the widgets' calls (CORS on their three calls) are unaffected;
 * - HSTS only when the visitor's connection was https (TLS here, or the trusted proxy's X-Forwarded-Proto):
 *   on plain http it means nothing, and a local http deployment must not pin browsers to https.
 * - /api-docs (an HTML index with one inline <style>) adds `style-src 'unsafe-inline'`; it has no script.
 * Answers written outside fastify's reply path (bad URLs, parser errors) get RAW_ERROR_HEADERS.
 */
import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { RouteOptions } from 'fastify';

const JSON_CSP = { defaultSrc: ["'none'"], frameAncestors: ["'none'"] };

export const HELMET_OPTIONS: FastifyHelmetOptions = {
  global: true,
  contentSecurityPolicy: { useDefaults: false, directives: JSON_CSP },
  strictTransportSecurity: false,
  referrerPolicy: { policy: 'no-referrer' },
  xFrameOptions: { action: 'deny' },
  crossOriginResourcePolicy: { policy: 'same-origin' },
  crossOriginOpenerPolicy: { policy: 'same-origin' },
  crossOriginEmbedderPolicy: false,
};

/** Route-level helmet options (merged over HELMET_OPTIONS by the plugin). */
const MEDIA = { crossOriginResourcePolicy: { policy: 'cross-origin' as const } };
const DOCS_PAGE = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { ...JSON_CSP, styleSrc: ["'unsafe-inline'"], baseUri: ["'none'"], formAction: ["'none'"] },
  },
};

/**
 * onRoute hook: gives /media and the docs page their own options. It sets `config.helmet` itself because the
 * plugin's onRoute hook (which reads a route's `helmet` option) is not there yet when the routes are declared.
 */
export function routeHelmetOptions(route: RouteOptions): void {
  const url = route.url ?? '';
  const helmet = url.startsWith('/media/') ? MEDIA : url === '/api-docs' ? DOCS_PAGE : null;
  if (helmet) route.config = { ...(route.config ?? {}), helmet } as RouteOptions['config'];
}

export const HSTS = 'max-age=31536000';

/** For answers written without fastify's reply (clientError, bad URLs): the JSON policy's headers. */
export const RAW_ERROR_HEADERS: Record<string, string> = {
  'content-type': 'application/json; charset=utf-8',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-resource-policy': 'same-origin',
  'cache-control': 'no-store',
};
