#!/usr/bin/env node
/* global process, console, Buffer */
// The widget asset server (a CDN stand-in): widgets/dist on its own origin.
//   /loader.js        short-lived (5 minutes), with the main site's and the API's origins written in
//   *.<hash>.js|.css  content-hashed, immutable for a year
//   /manifest.json    no-cache (the benchmark and deploy tools read it)
// CORS is open (the bundles are ES modules and the stylesheets are fetched: both are CORS requests).
// Usage: node widgets/serve.mjs [--port 8097] [--site http://localhost:8080] [--api <origin>] [--dir widgets/dist]
//          [--partner-port 8090]   (--port 0 picks a free port; the line it prints names it)
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { acceptsGzip, createStaticServer, flag, HttpError, listen, openInside, portOf, securityHeaders } from '../scripts/lib/static-http.mjs';
import { API_MARK, DIST, SITE_MARK } from './build.mjs';

const TYPES = { '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.json': 'application/json; charset=utf-8' };
export const LOADER_MAX_AGE_S = 300;

export function cacheControlFor(file) {
  const base = path.basename(file);
  if (base === 'loader.js') return `public, max-age=${LOADER_MAX_AGE_S}`;
  if (base === 'manifest.json') return 'no-cache';
  return /\.[0-9A-Za-z]{8}\.(js|css)$/.test(base) ? 'public, max-age=31536000, immutable' : 'public, max-age=300';
}

/** loader.js with the origins written in (JSON-escaped, so a URL cannot break out of its string). */
export function templateLoader(source, { site, api }) {
  const inner = (s) => JSON.stringify(s.replace(/\/+$/, '')).slice(1, -1);
  return source.replaceAll(SITE_MARK, inner(site)).replaceAll(API_MARK, inner(api ?? site));
}

export function serveWidgets({ port, site, api, dir = DIST, host = '127.0.0.1' }) {
  let loader = null;
  let loaderStamp = 0;
  const server = createStaticServer(async (req, res, pathname) => {
    const opened = await openInside(dir, pathname === '/' ? '/loader.js' : pathname);
    if (!opened) throw new HttpError(404);
    const type = TYPES[path.extname(opened.file)];
    let body;
    try {
      if (!type) throw new HttpError(404);
      if (path.basename(opened.file) === 'loader.js') {
        // Rebuilt files are picked up without a restart.
        if (!loader || opened.mtimeMs !== loaderStamp) {
          loader = templateLoader(await opened.handle.readFile('utf8'), { site, api });
          loaderStamp = opened.mtimeMs;
        }
        body = Buffer.from(loader);
      } else {
        body = await opened.handle.readFile();
      }
    } finally {
      await opened.handle.close().catch(() => {});
    }
    const gzip = acceptsGzip(req);
    if (gzip) body = gzipSync(body, { level: 6 });
    res.writeHead(200, {
      'Content-Type': type,
      'Cache-Control': cacheControlFor(opened.file),
      Vary: 'Accept-Encoding',
      'Content-Length': body.length,
      ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  }, { name: 'widgets', headers: { ...securityHeaders({ cors: true }), 'Timing-Allow-Origin': '*' }, cors: true });
  return listen(server, port, host);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const port = Number(flag(args, '--port', process.env.WIDGETS_PORT ?? 8097));
  const site = flag(args, '--site', process.env.SITE_URL ?? 'http://localhost:8080');
  const api = flag(args, '--api', process.env.WIDGETS_API_URL ?? site);
  const dir = path.resolve(flag(args, '--dir', DIST));
  if (dir === DIST && !existsSync(path.join(DIST, 'loader.js'))) {
    const { buildWidgets } = await import('./build.mjs');
    await buildWidgets();
  }
  const server = await serveWidgets({ port, site, api, dir });
  const origin = `http://localhost:${portOf(server)}`;
  console.log(`widgets served at ${origin}/loader.js (site ${site}, API ${api})`);
  // The partner site in the same process, for `npm start -w @tours/widgets`; `npm start` runs it on its own.
  if (args.includes('--partner-port') || process.env.PARTNER_PORT) {
    const { servePartnerSite } = await import('./partner-site/server.mjs');
    const partner = await servePartnerSite({ port: Number(flag(args, '--partner-port', process.env.PARTNER_PORT ?? 8090)), widgets: origin, site, api });
    console.log(`sample partner site at http://localhost:${portOf(partner)}/`);
  }
}
