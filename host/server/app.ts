import { existsSync, readFileSync, statSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import proxy, { type FastifyHttpProxyOptions } from '@fastify/http-proxy';
import type { AppConfig } from '@tours/shared/src/config/app-config';
import { loadAppConfig } from '@tours/shared/src/node/app-config-file';
import { COOKIES } from '@tours/shared/src/config/storage-keys';
import { LOCALES, isLocale, type Locale } from '@tours/shared/src/i18n/locales';
import { matchRoute, splitLocale, withLocale } from '@tours/shared/src/routing/match';
import { routeTable, type RouteDef } from '@tours/shared/src/routing/routes';
import { parseRuntimeManifest, type RuntimeManifest } from '@tours/shared/src/contract/runtime-manifest';
import { isDefaultSearchSlug } from '@tours/shared/src/routing/search-slugs';
import { UPLOAD_MAX_BYTES } from '@tours/shared/src/api/schemas/uploads';
import { loadCatalogues } from './messages';
import { decideLocaleRedirect } from './locale-redirect';
import { defaultRouteRules, findRouteRule, type RouteRule } from './route-rules';
import { renderDocument, renderHead } from './head';
import { faviconLinks, favicons } from './favicon';
import { tourHead } from './tour-head';
import {
  validateBlogArticle, validateBlogCategory, validateOrderTour, validateOrganizerMeetKey, validateRequestUuid, validateReviewRegion, validateSearchSlug, type RouteCheck,
} from './validate';
import { loadShellRenderer } from './ssr';
import { createRemoteTexts, plainText } from './remote-texts';
import { forwardedHeaders, type ApiTarget, type Visitor } from './api-call';
import { connectionLimitsFrom, guardConnections, type ConnectionLimits } from '@tours/shared/src/node/connection-guard';
import { isAccountCall, markerOf, MAX_ACCOUNT_ANSWER_BYTES, sessionAnswer, withSessionToken } from './session';
import { readHostSettings, siteOriginFor, type HostSettings } from './settings';
import { BASELINE_HEADERS, buildCsp, HOST_HEADERS, HSTS, manifestOrigins, newNonce } from './security';

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

const API_PREFIXES = ['/spa', '/crm/api', '/node-api', '/media', '/api-docs'];
/** Request bodies above 1 MiB are refused with 413 by the host itself (the API's limit is the same). */
export const BODY_LIMIT = 1024 * 1024;
/** A multipart form's fields and boundaries around the file. */
const FORM_OVERHEAD = 64 * 1024;
/** The upload calls take a file up to their kind's size (the API checks the file itself). */
const UPLOAD_BODY_LIMITS: Readonly<Record<string, number>> = {
  '/crm/api/image/upload': UPLOAD_MAX_BYTES.image + FORM_OVERHEAD,
  '/crm/api/file/upload': UPLOAD_MAX_BYTES.file + FORM_OVERHEAD,
  '/crm/api/file/upload-video': UPLOAD_MAX_BYTES.video + FORM_OVERHEAD,
};

/** The largest body the host forwards to a path. */
export function bodyLimitFor(url: string): number {
  const q = url.indexOf('?');
  return UPLOAD_BODY_LIMITS[q < 0 ? url : url.slice(0, q)] ?? BODY_LIMIT;
}
/** A page or call the API could not serve: a 503 the browser may retry shortly. */
const RETRY_AFTER_S = '10';

const ERROR_MESSAGES: Record<number, string> = {
  400: 'Bad request',
  404: 'Not found',
  405: 'Method not allowed',
  408: 'Request timeout',
  413: 'Payload too large',
  414: 'URI too long',
  415: 'Unsupported media type',
  431: 'Request header fields too large',
  503: 'The service is temporarily unavailable',
};

/** The error shape of the spec (§8: `message`), never echoing the request. */
export function errorBody(status: number): { message: string } {
  return { message: ERROR_MESSAGES[status] ?? (status >= 500 ? 'Internal server error' : 'Bad request') };
}

/**
 * Counts a proxied body sent without Content-Length (chunked); past the limit it fails the upstream request and
 * marks the request, so the proxy's error answer is a 413 rather than a 503.
 */
function limitBody(source: Readable, limit: number, onExceeded: () => void): Readable {
  let seen = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > limit) {
        onExceeded();
        callback(new Error('Request body too large'));
      } else {
        callback(null, chunk);
      }
    },
  });
  source.on('error', (error) => counter.destroy(error));
  return source.pipe(counter);
}

function parseCookies(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0) {
      try { out[part.slice(0, i).trim()] = decodeURIComponent(part.slice(i + 1).trim()); } catch { /* malformed */ }
    }
  }
  return out;
}

function localeCookie(locale: Locale): string {
  return `${COOKIES.locale.name}=${locale}; Max-Age=${COOKIES.locale.maxAge}; Path=/; SameSite=Lax`;
}

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

  // Security headers of every answer (host/server/security.ts). The CSP here is the one of JSON and assets: HTML
  // pages get their full policy in renderPage, and proxied answers keep the API's own (its headers win over these).
  app.addHook('onRequest', async (req, reply) => {
    void reply.headers(HOST_HEADERS);
    if (req.protocol === 'https') void reply.header('Strict-Transport-Security', HSTS);
    // Bodies over the limit are refused before anything reads or forwards them (the proxies stream bodies through,
    // so fastify's bodyLimit does not apply to them); the connection is closed rather than drained.
    const length = Number(req.headers['content-length'] ?? 0);
    if (length > bodyLimitFor(req.url)) return reply.code(413).header('Connection', 'close').header('Cache-Control', 'no-store').send(errorBody(413));
    return undefined;
  });
  app.setErrorHandler((error: { statusCode?: number }, req, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) req.log.error(error);
    return reply.code(status).header('Cache-Control', 'no-store').send(errorBody(status));
  });

  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });

  // Hashed assets never change: cache them for a year.
  await app.register(fastifyStatic, {
    root: path.join(opts.distDir, 'assets'),
    prefix: '/assets/',
    immutable: true,
    maxAge: '365d',
    index: false,
    wildcard: true,
  });

  // The forwarding protocol (host/server/api-call.ts): the API sees the visitor the host decided on.
  const visitorOf = (req: Pick<FastifyRequest, 'ip' | 'protocol' | 'host'>): Visitor => ({ ip: req.ip, protocol: req.protocol, host: new URL(siteOriginFor(req.host, settings)).host });
  const tooLarge = new WeakSet<object>();
  const replyOptions: NonNullable<FastifyHttpProxyOptions['replyOptions']> = {
    // The traveller's session: a marker becomes the auth_token cookie's token (host/server/session.ts).
    rewriteRequestHeaders: (req, headers) => withSessionToken(forwardedHeaders(headers, visitorOf(req), settings.internalSecret), req.url),
    // Account answers carrying a token set the session cookie and give the page a marker instead.
    onResponse: (req, reply, res) => {
      if (!isAccountCall(req.url)) return void reply.send(res.stream);
      const chunks: Buffer[] = [];
      let size = 0;
      res.stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_ACCOUNT_ANSWER_BYTES) res.stream.destroy(new Error('Account answer too large'));
        else chunks.push(chunk);
      });
      res.stream.on('error', (error: Error) => {
        app.log.warn(`API proxy: ${error.message}`);
        if (!reply.sent) void reply.code(502).removeHeader('content-length').header('Cache-Control', 'no-store').send(errorBody(502));
      });
      res.stream.on('end', () => {
        const answer = sessionAnswer({
          url: req.url, status: res.statusCode, body: Buffer.concat(chunks).toString('utf8'), usedMarker: markerOf(req.headers['x-authorization']) !== null, secure: req.protocol === 'https',
        });
        if (answer.setCookie) {
          const before = reply.getHeader('set-cookie');
          void reply.header('set-cookie', [...(Array.isArray(before) ? before : before ? [String(before)] : []), answer.setCookie]);
        }
        void reply.removeHeader('content-length').send(answer.body);
      });
    },
    // The query goes to the API as the client sent it: http-proxy would parse and re-encode it, turning a
    // malformed one ('%AA…') into a valid, different one instead of letting the API refuse it.
    queryString: (_search, reqUrl) => {
      const i = reqUrl.indexOf('?');
      return i < 0 ? '' : reqUrl.slice(i + 1);
    },
    // reply-from would retry a GET the API answers 503 up to 10 times, within milliseconds: more load on an API
    // that is already shedding it. The 503 is passed on instead.
    retryDelay: () => null,
    // The API down is a 503 in the spec's error shape, never a bare 500; a body past the limit is a 413.
    onError: (reply, { error }) => {
      if (tooLarge.has(reply.request.raw)) {
        void reply.code(413).header('Connection', 'close').header('Cache-Control', 'no-store').send(errorBody(413));
        return;
      }
      app.log.warn(`API proxy: ${error.message}`);
      void reply.code(503).header('Retry-After', RETRY_AFTER_S).header('Cache-Control', 'no-store').send(errorBody(503));
    },
  };
  const preHandler = async (req: FastifyRequest) => {
    if (req.body instanceof Readable && req.headers['content-length'] === undefined) {
      req.body = limitBody(req.body, bodyLimitFor(req.url), () => tooLarge.add(req.raw));
    }
  };
  // Node's http client (keep-alive) rather than reply-from's default undici: undici parses answers with its wasm
  // llhttp, and the proxy hop of a search answer cost about twice the CPU (docs/decisions.md, hardening). The
  // timeout is the upstream socket's idle time; /socket.io below keeps undici (its long polls wait 25 s).
  const apiHttp = { agentOptions: { keepAlive: true }, requestOptions: { timeout: 30_000 } };
  for (const prefix of API_PREFIXES) {
    await app.register(proxy, { upstream: opts.apiUrl, prefix, rewritePrefix: prefix, http2: false, http: apiHttp, preHandler, replyOptions });
  }
  await app.register(proxy, {
    upstream: opts.apiUrl,
    prefix: '/socket.io',
    rewritePrefix: '/socket.io',
    websocket: true,
    preHandler,
    replyOptions,
    // The websocket upgrade (http-proxy's own option, not in its types): only the cookie of the client's headers.
    wsClientOptions: {
      rewriteRequestHeaders: (headers: Record<string, string>, req: FastifyRequest) =>
        forwardedHeaders({ ...headers, ...(req.headers.cookie ? { cookie: req.headers.cookie } : {}) }, visitorOf(req), settings.internalSecret),
    } as NonNullable<FastifyHttpProxyOptions['wsClientOptions']>,
  });

  // SIP over WebSocket (issue 15): the browser's sip.js talks to kamailio through the site's origin. Upgrades only;
  // the subprotocol ('sip') passes through; kamailio accepts any path, so /sip goes to its root.
  if (opts.sipUrl) {
    await app.register(proxy, { upstream: opts.sipUrl, prefix: '/sip', rewritePrefix: '/', websocket: true, replyOptions });
  }

  /**
   * The runtime manifest, read on every use: a remote's new build, routes and texts are picked up without a
   * restart (shared/src/contract/runtime-manifest.ts). Parsed again only when the file changed.
   */
  let lastManifest: { body: string; parsed: unknown; runtime: RuntimeManifest; routes: readonly RouteDef[] } | null = null;
  const readManifest = () => {
    let body = '{}';
    try {
      body = readFileSync(opts.manifestFile, 'utf8');
    } catch (error) {
      app.log.error(`mfe manifest unreadable: ${(error as Error).message}`);
    }
    if (lastManifest?.body === body) return lastManifest;
    let parsed: unknown = {};
    try {
      parsed = JSON.parse(body) as unknown;
    } catch (error) {
      app.log.error(`mfe manifest is not JSON: ${(error as Error).message}`);
    }
    const runtime = parseRuntimeManifest(parsed);
    lastManifest = { body, parsed, runtime, routes: routeTable(runtime.routes) };
    return lastManifest;
  };
  const remoteTexts = createRemoteTexts();

  // The runtime manifest of microfrontends: short-lived, so a new remote build is picked up on the next load.
  app.get('/mfe-manifest.json', async (_req, reply) => {
    const { body } = readManifest();
    const mtime = existsSync(opts.manifestFile) ? statSync(opts.manifestFile).mtimeMs : 0;
    return reply
      .header('Cache-Control', 'no-cache')
      .header('ETag', `"${Math.round(mtime)}-${body.length}"`)
      .type('application/json')
      .send(body);
  });

  app.get<{ Params: { locale: string } }>('/i18n/:locale', async (req, reply) => {
    const locale = req.params.locale.replace(/\.json$/, '');
    if (!isLocale(locale)) return reply.code(404).send(errorBody(404));
    return reply.header('Cache-Control', 'public, max-age=86400').send(catalogues.compiled[locale]);
  });

  app.get('/healthz', async () => ({ ok: true }));

  // The site's icons in its brand colour (host/server/favicon.ts): the SVG's link is versioned, so it is kept a year;
  // /favicon.ico is a fixed address, kept a month.
  const icons = favicons(config.uikit.accentColor);
  const iconLinks = faviconLinks(icons.version);
  app.get('/favicon.svg', async (_req, reply) => reply.header('Cache-Control', 'public, max-age=31536000, immutable').type('image/svg+xml').send(icons.svg));
  app.get('/favicon.ico', async (_req, reply) => reply.header('Cache-Control', 'public, max-age=2592000').type('image/x-icon').send(icons.ico));

  const renderPage = async (req: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(req.url, 'http://host');
    const cookies = parseCookies(req.headers.cookie);
    const redirect = decideLocaleRedirect({
      pathname: url.pathname,
      search: url.search,
      cookieLocale: cookies[COOKIES.locale.name],
      acceptLanguage: req.headers['accept-language'],
      russianIsAvailable: config.russianIsAvailable,
      variant: config.variant,
    });
    if (redirect) {
      if (redirect.setCookie) reply.header('Set-Cookie', localeCookie(redirect.setCookie));
      return reply.code(302).header('Cache-Control', 'no-store').redirect(redirect.location, 302);
    }
    const { locale, path: barePath } = splitLocale(url.pathname, config.russianIsAvailable, config.variant);
    const rule = findRouteRule(rules, barePath);
    if (rule) {
      const to = rule.to.startsWith('/') ? withLocale(rule.to, locale) : rule.to;
      return reply.redirect(to, rule.status ?? 302);
    }
    const manifest = readManifest();
    const match = matchRoute(url.pathname, { russianIsAvailable: config.russianIsAvailable, variant: config.variant, routes: manifest.routes });
    let status = 200;
    let notFound: 'unmatched' | 'validation' | undefined;
    // The API could not decide a route check: the page is a 503 (Retry-After), never a guessed 200 or 404.
    let unavailable = false;
    if (!match) {
      status = 404;
      notFound = 'unmatched';
    } else if (match.def.validate) {
      const { slug, region } = match.params;
      let check: RouteCheck = 'valid';
      if (match.def.validate === 'search-slug') {
        if (!isDefaultSearchSlug(slug ?? '')) check = await validateSearchSlug(api, slug ?? '', locale);
      } else if (match.def.validate === 'blog-article') {
        check = await validateBlogArticle(api, slug ?? '', locale);
      } else if (match.def.validate === 'blog-category') {
        if (slug) check = await validateBlogCategory(api, slug, locale);
      } else if (match.def.validate === 'order-tour') {
        check = await validateOrderTour(api, match.params.id ?? '', locale, { excursionsEnabled: config.excursionsEnabled });
      } else if (match.def.validate === 'request-uuid') {
        // arrival-page names it uuid, add-tourists id (§2.2).
        check = await validateRequestUuid(api, match.params.uuid ?? match.params.id ?? '', locale);
      } else if (match.def.validate === 'organizer-meet-key') {
        check = await validateOrganizerMeetKey(api, match.params.key ?? '', locale);
      } else if (region) {
        check = await validateReviewRegion(api, region, locale);
      }
      if (check === 'invalid') {
        status = 404;
        notFound = 'validation';
      }
      unavailable = check === 'unavailable';
    }
    // The route owner's own texts (its release's catalogue), inlined with shared's: no round trip on a first visit.
    const ownerTextsUrl = match ? manifest.runtime.remotes[match.def.owner]?.i18n?.[locale] : undefined;
    const ownerTexts = await remoteTexts.get(ownerTextsUrl);
    const messages: Record<string, string> = { ...catalogues.messages[locale] };
    for (const [id, elements] of Object.entries(ownerTexts ?? {})) {
      const text = plainText(elements);
      if (text !== undefined) messages[id] = text;
    }
    // Links are built from the configured origins only (SITE_ORIGIN, SITE_ORIGINS), never from the Host header.
    const origin = siteOriginFor(req.host, settings);
    const cookieCurrency = cookies[COOKIES.currency.name];
    const currency = cookieCurrency && /^[A-Z]{3}$/.test(cookieCurrency) ? cookieCurrency : undefined;
    // Tour page (host/server/tour-head.ts): its own head for crawlers, a real 404, a 301 to the locale's own slug.
    const tour = match?.name === 'tour-page'
      ? await tourHead({ ...api, slug: match.params.slug ?? '', locale, origin, russianIsAvailable: config.russianIsAvailable, variant: config.variant, excursionsEnabled: config.excursionsEnabled, currency: currency ?? config.defaultCurrency, siteName: messages['meta.siteName'] ?? '' })
      : null;
    if (tour?.kind === 'redirect') return reply.code(301).header('Cache-Control', 'no-store').redirect(`${tour.location}${url.search}`, 301);
    if (tour?.kind === 'not-found') {
      status = 404;
      // A removed tour keeps its page: the screen shows the removed_from_publication variant with similar tours.
      notFound = tour.removed ? undefined : 'validation';
    }
    if (tour?.kind === 'unavailable') unavailable = true;
    if (unavailable) {
      status = 503;
      notFound = undefined;
    }
    const tourOk = tour?.kind === 'ok' ? tour : null;
    const nonce = newNonce();
    const head = renderHead({ origin, match: tourOk ? null : match, locale, messages, russianIsAvailable: config.russianIsAvailable, variant: config.variant, status, path: url.pathname, extra: tourOk?.extra, nonce }) + (tourOk ? `\n${tourOk.links}` : '');
    // The tour's hero is known here: the shell paints it as the first screen, so the LCP element needs no JS.
    const firstScreen = tourOk && match ? { path: match.path, locale: match.locale, tourHero: tourOk.hero } : undefined;
    // status 503 is the error state: the browser shows the §2.8 503 page (host/src/state/create-store.ts).
    const state = {
      locale, messages: ownerTexts ? { ...catalogues.compiled[locale], ...ownerTexts } : catalogues.compiled[locale], messagesVersion: catalogues.version, config, status, notFound, currency, firstScreen,
      cookiesAnswered: cookies[COOKIES.cookieAlert.name] === '1',
      // The routes remotes declare (the browser matches with the same table) and which remote texts are inlined.
      routes: manifest.runtime.routes, inlinedTexts: ownerTexts && ownerTextsUrl ? [ownerTextsUrl] : [],
    };
    const body = renderShell(state, { pathname: url.pathname, search: url.search });
    const html = renderDocument({ lang: locale === 'cn' ? 'zh-CN' : locale, head: `${iconLinks}\n${head}`, state, entry, accent: config.uikit.accentColor, variant: config.variant, colorScheme: config.uikit.colorScheme, inputViewType: config.uikit.inputViewType, body, nonce });
    const { remotes, widgets } = manifestOrigins(manifest.parsed);
    const csp = buildCsp({ nonce, remoteOrigins: remotes, widgetOrigins: widgets, debugOrigins: settings.overrideOrigins, mapsScriptApi: settings.mapsScriptApi });
    if (unavailable) void reply.header('Retry-After', RETRY_AFTER_S);
    return reply
      .code(status)
      .header('Content-Security-Policy', csp)
      .header('Cache-Control', unavailable ? 'no-store' : 'no-cache')
      .header('Vary', 'Accept-Language, Cookie')
      .type('text/html; charset=utf-8')
      .send(html);
  };

  app.setNotFoundHandler((req, reply) => {
    const accept = req.headers.accept ?? '';
    if (req.method === 'GET' && (accept.includes('text/html') || accept === '' || accept.includes('*/*')) && !req.url.startsWith('/assets/')) {
      return renderPage(req, reply);
    }
    return reply.code(404).send(errorBody(404));
  });

  void LOCALES;
  return app;
}
