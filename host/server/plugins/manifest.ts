import { existsSync, readFileSync, statSync } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import { isLocale } from '@tours/shared/src/i18n/locales';
import { routeTable, type RouteDef } from '@tours/shared/src/routing/routes';
import { parseRuntimeManifest, type RuntimeManifest } from '@tours/shared/src/contract/runtime-manifest';
import type { loadCatalogues } from '../messages';
import type { favicons } from '../favicon';
import { errorBody } from '../errors';

export interface ManifestRead { body: string; parsed: unknown; runtime: RuntimeManifest; routes: readonly RouteDef[] }

/**
 * The runtime manifest, read on every use: a remote's new build, routes and texts are picked up without a
 * restart (shared/src/contract/runtime-manifest.ts). Parsed again only when the file changed.
 */
export function createManifestReader(manifestFile: string, log: FastifyBaseLogger): () => ManifestRead {
  let lastManifest: ManifestRead | null = null;
  return () => {
    let body = '{}';
    try {
      body = readFileSync(manifestFile, 'utf8');
    } catch (error) {
      log.error(`mfe manifest unreadable: ${(error as Error).message}`);
    }
    if (lastManifest?.body === body) return lastManifest;
    let parsed: unknown = {};
    try {
      parsed = JSON.parse(body) as unknown;
    } catch (error) {
      log.error(`mfe manifest is not JSON: ${(error as Error).message}`);
    }
    const runtime = parseRuntimeManifest(parsed);
    lastManifest = { body, parsed, runtime, routes: routeTable(runtime.routes) };
    return lastManifest;
  };
}

export interface ManifestOptions {
  manifestFile: string;
  readManifest: () => ManifestRead;
  catalogues: ReturnType<typeof loadCatalogues>;
  icons: ReturnType<typeof favicons>;
}

/** The files the page loads besides assets: the runtime manifest, shared's catalogues, the icons; and /healthz. */
export const manifest = fp<ManifestOptions>(async (app, { manifestFile, readManifest, catalogues, icons }) => {
  // The runtime manifest of microfrontends: short-lived, so a new remote build is picked up on the next load.
  app.get('/mfe-manifest.json', async (_req, reply) => {
    const { body } = readManifest();
    const mtime = existsSync(manifestFile) ? statSync(manifestFile).mtimeMs : 0;
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
  app.get('/favicon.svg', async (_req, reply) => reply.header('Cache-Control', 'public, max-age=31536000, immutable').type('image/svg+xml').send(icons.svg));
  app.get('/favicon.ico', async (_req, reply) => reply.header('Cache-Control', 'public, max-age=2592000').type('image/x-icon').send(icons.ico));
}, { name: 'manifest' });
