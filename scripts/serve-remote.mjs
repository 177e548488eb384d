#!/usr/bin/env node
// Serves one microfrontend's build from its own origin, as a CDN would: CORS on, hashed files immutable,
// mf-manifest.json and remoteEntry.js short-lived. Usage: serve-remote.mjs <mfe-name> [--port N] [--dir D]
import { createServer } from 'node:http';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createGzip } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const REMOTE_PORTS = { 'mfe-search': 8081, 'mfe-tour': 8082, 'mfe-booking': 8083, 'mfe-account': 8084, 'mfe-comms': 8085 };
const TYPES = { '.js': 'application/javascript; charset=utf-8', '.json': 'application/json; charset=utf-8', '.css': 'text/css; charset=utf-8', '.map': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png', '.woff2': 'font/woff2' };

export function cacheControlFor(file) {
  const base = path.basename(file);
  if (base === 'mf-manifest.json' || base === 'remoteEntry.js' || base === 'mf-stats.json') return 'no-cache';
  return /\.[0-9a-f]{8}\./.test(base) ? 'public, max-age=31536000, immutable' : 'public, max-age=300';
}

export function serveDir(dir, port, host = '127.0.0.1') {
  const server = createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (req.method === 'OPTIONS') { res.writeHead(204, { 'Access-Control-Allow-Methods': 'GET', 'Access-Control-Max-Age': '600' }); return res.end(); }
    if (req.method !== 'GET' && req.method !== 'HEAD') { res.writeHead(405); return res.end(); }
    const rel = decodeURIComponent(new URL(req.url, 'http://x').pathname).replace(/^\/+/, '');
    const file = path.join(dir, rel || 'mf-manifest.json');
    if (!file.startsWith(dir) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { 'Content-Type': 'application/json' });
      return res.end('{"message":"Not found"}');
    }
    const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
    const gzip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '') && /javascript|json|css|svg/.test(type);
    res.writeHead(200, { 'Content-Type': type, 'Cache-Control': cacheControlFor(file), Vary: 'Accept-Encoding', ...(gzip ? { 'Content-Encoding': 'gzip' } : {}) });
    if (req.method === 'HEAD') return res.end();
    const stream = createReadStream(file);
    (gzip ? stream.pipe(createGzip({ level: 6 })) : stream).pipe(res);
  });
  return new Promise((resolve) => server.listen(port, host, () => resolve(server)));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const args = process.argv.slice(2);
  const name = args[0];
  const opt = (flag) => { const i = args.indexOf(flag); return i >= 0 ? args[i + 1] : undefined; };
  if (!REMOTE_PORTS[name]) { console.error(`Unknown microfrontend ${name}`); process.exit(2); }
  const port = Number(opt('--port') ?? process.env.PORT ?? REMOTE_PORTS[name]);
  const dir = path.resolve(opt('--dir') ?? path.join(root, name, 'dist'));
  await serveDir(dir, port);
  console.log(`${name} served from ${dir} at http://localhost:${port}/mf-manifest.json`);
}
