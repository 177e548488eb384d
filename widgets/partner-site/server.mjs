#!/usr/bin/env node
/* global process, console, URL */
// A sample partner site on its own origin: a travel agency page with hostile CSS and a strict Content
// Security Policy (a fresh nonce per response, 'strict-dynamic', no 'unsafe-inline' anywhere) that embeds both
// widgets twice with different settings, an area that inserts and removes a widget like a single-page app,
// and a log of the widgets' events.
//   /        the agency page (hostile CSS)
//   /plain   the same widgets without the hostile CSS (to compare computed styles)
// Usage: node widgets/partner-site/server.mjs [--port 8090] [--widgets http://localhost:8097] [--site http://localhost:8080] [--api <origin>]
//        (--port 0 picks a free port; the line it prints names it)
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createStaticServer, flag, HttpError, listen, portOf, securityHeaders } from '../../scripts/lib/static-http.mjs';

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

/** On every other answer (assets, errors): nothing may run or frame it. */
const BASE_CSP = "default-src 'none'; frame-ancestors 'none'";

export function servePartnerSite({ port, widgets, site, api = site, host = '127.0.0.1' }) {
  const server = createStaticServer(async (req, res, pathname) => {
    if (pathname === '/favicon.ico') {
      res.writeHead(204, { 'Cache-Control': 'max-age=86400' });
      return res.end();
    }
    if (Object.hasOwn(STATIC, pathname)) {
      const body = await readFile(path.join(HERE, pathname.slice(1)));
      res.writeHead(200, { 'Content-Type': STATIC[pathname], 'Cache-Control': 'no-cache', 'Content-Length': body.length });
      return res.end(req.method === 'HEAD' ? undefined : body);
    }
    if (pathname === '/' || pathname === '/plain') {
      const nonce = randomBytes(16).toString('base64');
      res.writeHead(200, {
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'no-store',
        'Content-Security-Policy': partnerCsp({ nonce, widgets, api }),
      });
      return res.end(req.method === 'HEAD' ? undefined : renderPartnerPage({ nonce, widgets, site, hostile: pathname === '/' }));
    }
    throw new HttpError(404);
  }, { name: 'partner-site', headers: { ...securityHeaders({ corp: 'same-origin' }), 'Content-Security-Policy': BASE_CSP } });
  return listen(server, port, host);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const port = Number(flag(args, '--port', process.env.PARTNER_PORT ?? 8090));
  const site = flag(args, '--site', process.env.SITE_URL ?? 'http://localhost:8080');
  const widgets = flag(args, '--widgets', process.env.WIDGETS_URL ?? `http://localhost:${process.env.WIDGETS_PORT ?? 8097}`);
  const server = await servePartnerSite({ port, widgets, site, api: flag(args, '--api', process.env.WIDGETS_API_URL ?? site) });
  console.log(`sample partner site at http://localhost:${portOf(server)}/`);
}
