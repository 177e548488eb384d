#!/usr/bin/env node
/* global process, console, URL, Buffer */
// The widget asset server (a CDN stand-in): widgets/dist on its own origin.
//   /loader.js        short-lived (5 minutes), with the main site's and the API's origins written in
//   *.<hash>.js|.css  content-hashed, immutable for a year
//   /manifest.json    no-cache (the benchmark and deploy tools read it)
// CORS is open (the bundles are ES modules and the stylesheets are fetched: both are CORS requests).
// Usage: node widgets/serve.mjs [--port 8097] [--site http://localhost:8080] [--api <origin>] [--partner-port 8090]
import { createServer } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
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
  const server = createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    res.setHeader('Timing-Allow-Origin', '*');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'Access-Control-Allow-Methods': 'GET', 'Access-Control-Max-Age': '600' });
      return res.end();
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405);
      return res.end();
    }
    const rel = decodeURIComponent(new URL(req.url, 'http://x').pathname).replace(/^\/+/, '');
    const file = path.join(dir, rel || 'loader.js');
    if (!file.startsWith(dir + path.sep) || !existsSync(file) || !statSync(file).isFile() || !TYPES[path.extname(file)]) {
      res.writeHead(404, { 'Content-Type': 'application/json' });
      return res.end('{"message":"Not found"}');
    }
    let body;
    if (path.basename(file) === 'loader.js') {
      // Rebuilt files are picked up without a restart.
      const stamp = statSync(file).mtimeMs;
      if (!loader || stamp !== loaderStamp) {
        loader = templateLoader(readFileSync(file, 'utf8'), { site, api });
        loaderStamp = stamp;
      }
      body = Buffer.from(loader);
    } else {
      body = readFileSync(file);
    }
    const gzip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
    if (gzip) body = gzipSync(body, { level: 6 });
    res.writeHead(200, {
      'Content-Type': TYPES[path.extname(file)],
      'Cache-Control': cacheControlFor(file),
      Vary: 'Accept-Encoding',
      'Content-Length': body.length,
      ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const opt = (flag, fallback) => {
    const i = args.indexOf(flag);
    return i >= 0 ? args[i + 1] : fallback;
  };
  const port = Number(opt('--port', process.env.WIDGETS_PORT ?? 8097));
  const site = opt('--site', process.env.SITE_URL ?? 'http://localhost:8080');
  const api = opt('--api', process.env.WIDGETS_API_URL ?? site);
  if (!existsSync(path.join(DIST, 'loader.js'))) {
    const { buildWidgets } = await import('./build.mjs');
    await buildWidgets();
  }
  await serveWidgets({ port, site, api });
  console.log(`widgets served at http://localhost:${port}/loader.js (site ${site}, API ${api})`);
  if (args.includes('--partner-port') || process.env.PARTNER_PORT) {
    const { servePartnerSite } = await import('./partner-site/server.mjs');
    const partnerPort = Number(opt('--partner-port', process.env.PARTNER_PORT ?? 8090));
    await servePartnerSite({ port: partnerPort, widgets: `http://localhost:${port}`, site, api });
    console.log(`sample partner site at http://localhost:${partnerPort}/`);
  }
}
