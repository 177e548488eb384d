import { existsSync, readFileSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { AppConfig } from '@tours/shared/src/config/app-config';
import { loadAppConfig } from '@tours/shared/src/node/app-config-file';
import { connectionLimitsFrom, guardConnections, type ConnectionLimits } from '@tours/shared/src/node/connection-guard';
import { loadCatalogues } from './messages';
import { defaultRouteRules, type RouteRule } from './route-rules';
import { faviconLinks, favicons } from './favicon';
import { loadShellRenderer } from './ssr';
import type { ApiTarget } from './api-call';
import { readHostSettings, type HostSettings } from './settings';
import { BASELINE_HEADERS } from './security';
import { BODY_LIMIT, errorBody } from './errors';
import { securityHeaders } from './plugins/security-headers';
import { staticAssets } from './plugins/static';
import { apiProxy } from './plugins/api-proxy';
import { createManifestReader, manifest } from './plugins/manifest';
import { pages } from './plugins/pages';
import { createLayoutData } from './layout-data';
import { createSearchFirstScreen } from './first-screen';

export interface HostServerOptions {
  distDir: string;
  messagesDir: string;
  /** JSON file name → { url, version } per microfrontend; read on every request, so no restart is needed. */
  manifestFile: string;
  apiUrl: string;
  /**
   * The SIP registrar's WebSocket endpoint (kamailio, e.g. http://127.0.0.1:5066): proxied at /sip on the site's own
   * origin, so the page's CSP ('self') lets the call panel reach it (issue 15). None: no /sip.
   */
  sipUrl?: string;
  config?: AppConfig;
  routeRules?: Record<string, RouteRule>;
  logger?: boolean;
  /** Deployment settings (host/server/settings.ts); what is not given comes from the environment. */
  settings?: Partial<HostSettings>;
  /** How long route checks and the tour head wait for the API (default 3 s). */
  apiTimeoutMs?: number;
  /** What a connection may cost before its first request; by default from the environment (connection-guard.ts). */
  connectionLimits?: ConnectionLimits;
}

/**
 * The host server: fastify with the framework's own error answers in the spec's shape, then its plugins in order
 * (host/server/plugins): security headers and the body limit, compression and assets, the API proxy (with the
 * session cookie), the manifest and the site's small files, and the pages.
 */
export async function buildHostServer(opts: HostServerOptions): Promise<FastifyInstance> {
  const settings: HostSettings = { ...readHostSettings(process.env), ...opts.settings };
  const app = Fastify({
    logger: opts.logger ? { level: 'info' } : false,
    // Only the configured proxies may tell fastify the visitor's address, protocol and host (TRUST_PROXY).
    trustProxy: settings.trustProxy.length ? settings.trustProxy : false,
    bodyLimit: BODY_LIMIT,
    // A malformed URL ('/%', '/%E0%A4%A') is refused by the router before any route or hook runs: the error
    // shape and the baseline headers by hand, without echoing the URL (fastify's default answer quotes it).
    frameworkErrors: (error, _req, res) => {
      const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 400;
      void (res as FastifyReply).code(status).headers({ ...BASELINE_HEADERS, 'Cache-Control': 'no-store' }).send(errorBody(status));
    },
    // Requests node's parser refuses (headers over 16 KB, broken syntax) never become requests: the answer is
    // written to the socket, in the error shape (fastify's default body has statusCode and error fields).
    clientErrorHandler: (error: Error & { code?: string }, socket) => {
      if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable) return;
      const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
      const body = JSON.stringify(errorBody(status));
      const headers = { ...BASELINE_HEADERS, 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': String(Buffer.byteLength(body)), 'Cache-Control': 'no-store', Connection: 'close' };
      socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${Object.entries(headers).map(([k, v]) => `${k}: ${v}`).join('\r\n')}\r\n\r\n${body}`);
    },
  });
  // Half-open and trickling connections are closed; one visitor cannot hold every connection (issue 28).
  guardConnections(app.server, opts.connectionLimits ?? connectionLimitsFrom(process.env, settings.trustProxy));
  // The app configuration (§3.8): the variant's preset under APP_CONFIG_FILE, checked against its schema (an
  // invalid file throws here, naming the item, and the server does not start); every page carries it inlined.
  const base = opts.config ?? loadAppConfig(process.env);
  // debugOrigins: where the debug overlay may point a microfrontend (MFE_OVERRIDE_ORIGINS), the same list the CSP allows.
  const config: AppConfig = { ...base, debugOrigins: [...settings.overrideOrigins] };
  const api: ApiTarget = { apiUrl: opts.apiUrl, internalSecret: settings.internalSecret, timeoutMs: opts.apiTimeoutMs };
  const catalogues = loadCatalogues(opts.messagesDir);
  const rules = opts.routeRules ?? defaultRouteRules();
  const entryPath = path.join(opts.distDir, 'entry.json');
  if (!existsSync(entryPath)) throw new Error(`Host build missing: ${entryPath} (run npm run build -w host)`);
  const entry = JSON.parse(readFileSync(entryPath, 'utf8')) as { js: string[]; css: string[] };
  const renderShell = loadShellRenderer(opts.distDir, (m) => app.log.error(m));

  await app.register(securityHeaders);
  await app.register(staticAssets, { distDir: opts.distDir });
  await app.register(apiProxy, { apiUrl: opts.apiUrl, sipUrl: opts.sipUrl, settings });
  const readManifest = createManifestReader(opts.manifestFile, app.log);
  const icons = favicons(config.uikit.accentColor);
  await app.register(manifest, { manifestFile: opts.manifestFile, readManifest, catalogues, icons });
  await app.register(pages, { config, settings, api, catalogues, rules, entry, renderShell, readManifest, iconLinks: faviconLinks(icons.version), layoutData: createLayoutData(api), searchFirstScreen: createSearchFirstScreen(api) });
  return app;
}
