#!/usr/bin/env node
/* global process, console, URL */
// A sample partner site on its own origin: a travel agency page with hostile CSS and a strict Content
// Security Policy (a fresh nonce per response, 'strict-dynamic', no 'unsafe-inline' anywhere) that embeds both
// widgets twice with different settings, an area that inserts and removes a widget like a single-page app,
// and a log of the widgets' events.
//   /        the agency page (hostile CSS)
//   /plain   the same widgets without the hostile CSS (to compare computed styles)
// Usage: node widgets/partner-site/server.mjs [--port 8090] [--widgets http://localhost:8097] [--site http://localhost:8080]
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const origin = (url) => new URL(url).origin;

/** The partner's policy: what the README tells partners to add is `script-src` (nonce or the widget origin) and `connect-src`. */
export function partnerCsp({ nonce, widgets, api }) {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self'",
    `connect-src ${origin(widgets)} ${origin(api)}`,
    "img-src 'self' data:",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ].join('; ');
}

export function renderPartnerPage({ nonce, widgets, site, hostile = true }) {
  const template = readFileSync(path.join(HERE, 'index.html'), 'utf8');
  return template
    .replaceAll('{{nonce}}', nonce)
    .replaceAll('{{widgets}}', origin(widgets))
    .replaceAll('{{site}}', origin(site))
    .replace('{{hostile}}', hostile ? '<link rel="stylesheet" href="/hostile.css">' : '<link rel="stylesheet" href="/plain.css">')
    .replace('{{title}}', hostile ? 'Baikal Travel — tours to Russia' : 'Baikal Travel — plain page');
}

const STATIC = { '/partner.js': 'text/javascript; charset=utf-8', '/hostile.css': 'text/css; charset=utf-8', '/plain.css': 'text/css; charset=utf-8' };

export function servePartnerSite({ port, widgets, site, api = site, host = '127.0.0.1' }) {
  const server = createServer((req, res) => {
    const { pathname } = new URL(req.url, 'http://x');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405);
      return res.end();
    }
    if (pathname === '/favicon.ico') {
      res.writeHead(204, { 'Cache-Control': 'max-age=86400' });
      return res.end();
    }
    if (STATIC[pathname]) {
      res.writeHead(200, { 'Content-Type': STATIC[pathname], 'Cache-Control': 'no-cache' });
      return res.end(readFileSync(path.join(HERE, pathname.slice(1))));
    }
    if (pathname === '/' || pathname === '/plain') {
      const nonce = randomBytes(16).toString('base64');
      res.writeHead(200, {
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'no-store',
        'Content-Security-Policy': partnerCsp({ nonce, widgets, api }),
        'Referrer-Policy': 'strict-origin-when-cross-origin',
      });
      return res.end(renderPartnerPage({ nonce, widgets, site, hostile: pathname === '/' }));
    }
    res.writeHead(404, { 'Content-Type': 'text/plain' });
    res.end('Not found');
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
  const port = Number(opt('--port', process.env.PARTNER_PORT ?? 8090));
  const site = opt('--site', process.env.SITE_URL ?? 'http://localhost:8080');
  await servePartnerSite({ port, widgets: opt('--widgets', `http://localhost:${process.env.WIDGETS_PORT ?? 8097}`), site, api: opt('--api', site) });
  console.log(`sample partner site at http://localhost:${port}/`);
}
