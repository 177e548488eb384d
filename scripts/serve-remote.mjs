#!/usr/bin/env node
// Serves one microfrontend's build from its own origin, as a CDN would: CORS on, hashed files immutable,
// mf-manifest.json and remoteEntry.js short-lived. Usage: serve-remote.mjs <mfe-name> [--port N] [--dir D]
// (--port 0 picks a free port; the line it prints names it). `npm start` runs each remote in a process of its own.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { acceptsGzip, createStaticServer, flag, HttpError, listen, openInside, portOf, securityHeaders, sendFile } from './lib/static-http.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const REMOTE_PORTS = { 'mfe-search': 8081, 'mfe-tour': 8082, 'mfe-booking': 8083, 'mfe-account': 8084, 'mfe-comms': 8085 };
const TYPES = { '.js': 'application/javascript; charset=utf-8', '.json': 'application/json; charset=utf-8', '.css': 'text/css; charset=utf-8', '.map': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png', '.woff2': 'font/woff2' };

export function cacheControlFor(file) {
  const base = path.basename(file);
  if (base === 'mf-manifest.json' || base === 'remoteEntry.js' || base === 'mf-stats.json') return 'no-cache';
  return /\.[0-9a-f]{8}\./.test(base) ? 'public, max-age=31536000, immutable' : 'public, max-age=300';
}

export function serveDir(dir, port, host = '127.0.0.1') {
  const server = createStaticServer(async (req, res, pathname) => {
    const opened = await openInside(dir, pathname === '/' ? '/mf-manifest.json' : pathname);
    if (!opened) throw new HttpError(404);
    const type = TYPES[path.extname(opened.file)] ?? 'application/octet-stream';
    sendFile(req, res, opened, { type, cacheControl: cacheControlFor(opened.file), gzip: acceptsGzip(req) && /javascript|json|css|svg/.test(type) });
  }, { name: path.basename(path.dirname(path.resolve(dir))), headers: securityHeaders({ cors: true }), cors: true });
  return listen(server, port, host);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const args = process.argv.slice(2);
  const name = args[0];
  if (!REMOTE_PORTS[name]) {
    console.error(`Unknown microfrontend ${name}`);
    process.exit(2);
  }
  const port = Number(flag(args, '--port', process.env.PORT ?? REMOTE_PORTS[name]));
  const dir = path.resolve(flag(args, '--dir', path.join(root, name, 'dist')));
  const server = await serveDir(dir, port);
  console.log(`${name} served from ${dir} at http://localhost:${portOf(server)}/mf-manifest.json`);
}
