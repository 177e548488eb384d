import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import proxy from '@fastify/http-proxy';
import { appConfigFor, type AppConfig } from '@tours/shared/src/config/app-config';
import { COOKIES } from '@tours/shared/src/config/storage-keys';
import { LOCALES, isLocale, type Locale } from '@tours/shared/src/i18n/locales';
import { matchRoute, splitLocale, withLocale } from '@tours/shared/src/routing/match';
import { loadCatalogues } from './messages';
import { decideLocaleRedirect } from './locale-redirect';
import { defaultRouteRules, findRouteRule, type RouteRule } from './route-rules';
import { renderDocument, renderHead } from './head';
import { tourHead } from './tour-head';
import { validateReviewRegion, validateSearchSlug } from './validate';
import { loadShellRenderer } from './ssr';

export interface HostServerOptions {
  distDir: string;
  messagesDir: string;
  /** JSON file name → { url, version } per microfrontend; read on every request, so no restart is needed. */
  manifestFile: string;
  apiUrl: string;
  config?: AppConfig;
  routeRules?: Record<string, RouteRule>;
  logger?: boolean;
}

const API_PREFIXES = ['/spa', '/crm/api', '/node-api', '/media', '/api-docs'];
const DEFAULT_SEARCH_SLUGS = new Set(['tours', 'lvyou', 'touren', 'tury']);

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
  const app = Fastify({ logger: opts.logger ? { level: 'info' } : false, trustProxy: true });
  const config = opts.config ?? appConfigFor(process.env.SITE_VARIANT === 'china' ? 'china' : 'base', { russianIsAvailable: process.env.RUSSIAN_IS_AVAILABLE !== '0' });
  const catalogues = loadCatalogues(opts.messagesDir);
  const rules = opts.routeRules ?? defaultRouteRules();
  const entryPath = path.join(opts.distDir, 'entry.json');
  if (!existsSync(entryPath)) throw new Error(`Host build missing: ${entryPath} (run npm run build -w host)`);
  const entry = JSON.parse(readFileSync(entryPath, 'utf8')) as { js: string[]; css: string[] };
  const renderShell = loadShellRenderer(opts.distDir, (m) => app.log.error(m));

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

  for (const prefix of API_PREFIXES) {
    await app.register(proxy, {
      upstream: opts.apiUrl,
      prefix,
      rewritePrefix: prefix,
      http2: false,
      // The API down is a 503 in the spec's error shape, never a bare 500.
      replyOptions: {
        onError: (reply, { error }) => {
          app.log.warn(`API proxy: ${error.message}`);
          void reply.code(503).header('Cache-Control', 'no-store').send({ message: 'The service is temporarily unavailable' });
        },
      },
    });
  }
  await app.register(proxy, { upstream: opts.apiUrl, prefix: '/socket.io', rewritePrefix: '/socket.io', websocket: true });

  // The runtime manifest of microfrontends: short-lived, so a new remote build is picked up on the next load.
  app.get('/mfe-manifest.json', async (_req, reply) => {
    let body = '{}';
    try {
      body = readFileSync(opts.manifestFile, 'utf8');
      JSON.parse(body);
    } catch (error) {
      app.log.error(`mfe manifest unreadable: ${(error as Error).message}`);
      body = '{}';
    }
    const mtime = existsSync(opts.manifestFile) ? statSync(opts.manifestFile).mtimeMs : 0;
    return reply
      .header('Cache-Control', 'no-cache')
      .header('ETag', `"${Math.round(mtime)}-${body.length}"`)
      .type('application/json')
      .send(body);
  });

  app.get<{ Params: { locale: string } }>('/i18n/:locale', async (req, reply) => {
    const locale = req.params.locale.replace(/\.json$/, '');
    if (!isLocale(locale)) return reply.code(404).send({ message: 'Not found' });
    return reply.header('Cache-Control', 'public, max-age=86400').send(catalogues.compiled[locale]);
  });

  app.get('/healthz', async () => ({ ok: true }));

  const renderPage = async (req: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(req.url, 'http://host');
    const cookies = parseCookies(req.headers.cookie);
    const redirect = decideLocaleRedirect({
      pathname: url.pathname,
      search: url.search,
      cookieLocale: cookies[COOKIES.locale.name],
      acceptLanguage: req.headers['accept-language'],
      russianIsAvailable: config.russianIsAvailable,
    });
    if (redirect) {
      if (redirect.setCookie) reply.header('Set-Cookie', localeCookie(redirect.setCookie));
      return reply.code(302).header('Cache-Control', 'no-store').redirect(redirect.location, 302);
    }
    const { locale, path: barePath } = splitLocale(url.pathname, config.russianIsAvailable);
    const rule = findRouteRule(rules, barePath);
    if (rule) {
      const to = rule.to.startsWith('/') ? withLocale(rule.to, locale) : rule.to;
      return reply.redirect(to, rule.status ?? 302);
    }
    const match = matchRoute(url.pathname, { russianIsAvailable: config.russianIsAvailable });
    let status = 200;
    let notFound: 'unmatched' | 'validation' | undefined;
    if (!match) {
      status = 404;
      notFound = 'unmatched';
    } else if (match.def.validate) {
      const { slug, region } = match.params;
      const valid =
        match.def.validate === 'search-slug'
          ? DEFAULT_SEARCH_SLUGS.has(slug ?? '') || (await validateSearchSlug(opts.apiUrl, slug ?? '', locale))
          : !region || (await validateReviewRegion(opts.apiUrl, region, locale));
      if (!valid) {
        status = 404;
        notFound = 'validation';
      }
    }
    const messages = catalogues.messages[locale];
    const origin = `${req.protocol}://${req.headers.host ?? 'localhost'}`;
    const cookieCurrency = cookies[COOKIES.currency.name];
    const currency = cookieCurrency && /^[A-Z]{3}$/.test(cookieCurrency) ? cookieCurrency : undefined;
    // Tour page (host/server/tour-head.ts): its own head for crawlers, a real 404, a 301 to the locale's own slug.
    const tour = match?.name === 'tour-page'
      ? await tourHead({ apiUrl: opts.apiUrl, slug: match.params.slug ?? '', locale, origin, russianIsAvailable: config.russianIsAvailable, currency: currency ?? config.defaultCurrency, siteName: messages['meta.siteName'] ?? '' })
      : null;
    if (tour?.kind === 'redirect') return reply.code(301).header('Cache-Control', 'no-store').redirect(`${tour.location}${url.search}`, 301);
    if (tour?.kind === 'not-found') {
      status = 404;
      // A removed tour keeps its page: the screen shows the removed_from_publication variant with similar tours.
      notFound = tour.removed ? undefined : 'validation';
    }
    const tourOk = tour?.kind === 'ok' ? tour : null;
    const head = renderHead({ origin, match: tourOk ? null : match, locale, messages, russianIsAvailable: config.russianIsAvailable, status, path: url.pathname, extra: tourOk?.extra }) + (tourOk ? `\n${tourOk.links}` : '');
    // The tour's hero is known here: the shell paints it as the first screen, so the LCP element needs no JS.
    const firstScreen = tourOk && match ? { path: match.path, locale: match.locale, tourHero: tourOk.hero } : undefined;
    const state = { locale, messages: catalogues.compiled[locale], messagesVersion: catalogues.version, config, status, notFound, currency, firstScreen };
    const body = renderShell(state, { pathname: url.pathname, search: url.search });
    const html = renderDocument({ lang: locale === 'cn' ? 'zh-CN' : locale, head, state, entry, accent: config.uikit.accentColor, variant: config.variant, body });
    return reply.code(status).header('Cache-Control', 'no-cache').header('Vary', 'Accept-Language, Cookie').type('text/html; charset=utf-8').send(html);
  };

  app.setNotFoundHandler((req, reply) => {
    const accept = req.headers.accept ?? '';
    if (req.method === 'GET' && (accept.includes('text/html') || accept === '' || accept.includes('*/*')) && !req.url.startsWith('/assets/')) {
      return renderPage(req, reply);
    }
    return reply.code(404).send({ message: 'Not found' });
  });

  void LOCALES;
  return app;
}
