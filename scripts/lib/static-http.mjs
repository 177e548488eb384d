// The shared request handling of the static servers (scripts/serve-remote.mjs, widgets/serve.mjs,
// widgets/partner-site/server.mjs): no request, however malformed, may throw out of a handler, since an
// uncaught exception takes the server down. Answers use the API's error shape: {"message": "..."}.
import { createServer } from 'node:http';
import { open, realpath } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream';
import { createGzip } from 'node:zlib';

/** Longer targets are refused outright (400); real asset URLs are well under 200 characters. */
export const MAX_URL_LENGTH = 4096;
const JSON_TYPE = 'application/json; charset=utf-8';
const STATUS_MESSAGES = { 400: 'Bad request', 404: 'Not found', 405: 'Method not allowed', 408: 'Request timeout', 500: 'Internal server error' };

/** A failure with a status of its own; anything else thrown in a handler is a 500. */
export class HttpError extends Error {
  constructor(status, message = STATUS_MESSAGES[status] ?? 'Error') {
    super(message);
    this.status = status;
  }
}

/** Headers on every answer. `corp`: 'cross-origin' for assets other origins load, 'same-origin' otherwise. */
export function securityHeaders({ cors = false, corp = 'cross-origin' } = {}) {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Cross-Origin-Resource-Policy': corp,
    ...(cors ? { 'Access-Control-Allow-Origin': '*' } : {}),
  };
}

/**
 * The decoded path of a request target, or an HttpError(400) for a target that is not an origin-form path, is
 * absurdly long or has bad percent-encoding anywhere (the query too: nothing downstream should see it).
 */
export function requestPath(rawUrl) {
  if (typeof rawUrl !== 'string' || rawUrl.length > MAX_URL_LENGTH || !rawUrl.startsWith('/')) throw new HttpError(400);
  const q = rawUrl.search(/[?#]/);
  const rawPath = q < 0 ? rawUrl : rawUrl.slice(0, q);
  try {
    if (q >= 0) decodeURIComponent(rawUrl.slice(q + 1).replace(/#.*$/, ''));
    return decodeURIComponent(rawPath);
  } catch {
    throw new HttpError(400);
  }
}

/**
 * The file a decoded path names inside `dir`, or null (a 404) when it would leave it: `..` segments (also
 * once decoded from %2e%2e or ..%2f), NUL bytes, backslashes, or a symlink pointing out.
 */
export async function resolveInside(dir, pathname) {
  if (pathname.includes('\0') || pathname.includes('\\')) return null;
  const root = path.resolve(dir);
  const file = path.resolve(root, `.${pathname.startsWith('/') ? '' : '/'}${pathname}`);
  if (!file.startsWith(root + path.sep)) return null;
  try {
    const [real, realRoot] = await Promise.all([realpath(file), realpath(root)]);
    return real.startsWith(realRoot + path.sep) ? real : null;
  } catch {
    return null; // missing
  }
}

/**
 * Opens a regular file inside `dir` for reading: { handle, size, file }, or null (a 404). Statting the open handle
 * (not the path) means a file that vanishes in between is a 404, not a half-sent answer.
 */
export async function openInside(dir, pathname) {
  const file = await resolveInside(dir, pathname);
  if (!file) return null;
  let handle;
  try {
    handle = await open(file, 'r');
  } catch {
    return null;
  }
  try {
    const stat = await handle.stat();
    if (stat.isFile()) return { handle, size: stat.size, mtimeMs: stat.mtimeMs, file };
  } catch { /* unreadable: a 404 like a missing file */ }
  await handle.close().catch(() => {});
  return null;
}

export function sendJson(res, status, body, headers = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': JSON_TYPE, 'Content-Length': Buffer.byteLength(text), 'Cache-Control': 'no-store', ...headers });
  res.end(res.req?.method === 'HEAD' ? undefined : text);
}

/** An error answer; once headers are out the only honest signal left is cutting the connection. */
export function sendError(res, status, message = STATUS_MESSAGES[status] ?? 'Error', headers = {}) {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  sendJson(res, status, { message }, headers);
}

const closedEarly = (error) => error?.code === 'ERR_STREAM_PREMATURE_CLOSE' || error?.code === 'ECONNRESET' || error?.code === 'EPIPE';

/**
 * Streams an opened file (openInside) with status 200. A client that goes away mid-download or a read error
 * ends only this answer: the pipeline destroys every stream (closing the file) instead of emitting an
 * unhandled 'error'.
 */
export function sendFile(req, res, opened, { type, cacheControl, gzip = false, log = console.error }) {
  res.writeHead(200, {
    'Content-Type': type,
    'Cache-Control': cacheControl,
    Vary: 'Accept-Encoding',
    ...(gzip ? { 'Content-Encoding': 'gzip' } : { 'Content-Length': opened.size }),
  });
  if (req.method === 'HEAD') {
    res.end();
    return opened.handle.close().catch(() => {});
  }
  const source = opened.handle.createReadStream();
  const streams = gzip ? [source, createGzip({ level: 6 }), res] : [source, res];
  pipeline(...streams, (error) => {
    if (error && !closedEarly(error)) log(`[static] ${opened.file}: ${error.message}`);
  });
}

export const acceptsGzip = (req) => /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');

const rawAnswer = (status, message) => {
  const body = JSON.stringify({ message });
  return `HTTP/1.1 ${status} ${message}\r\nContent-Type: ${JSON_TYPE}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Content-Type-Options: nosniff\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`;
};

/**
 * An http.Server that answers GET and HEAD (and CORS preflights when `cors`), 405 for other methods, 400 for
 * malformed targets, and calls `handle(req, res, pathname)` (sync or async) for the rest. Whatever the handler
 * throws becomes an answer: an HttpError its status, anything else a logged 500. Requests the HTTP parser
 * refuses (bad request line, oversized headers) get a 400 in the same shape instead of a bare socket reset.
 */
export function createStaticServer(handle, { name = 'static', headers = {}, cors = false, log = console.error } = {}) {
  const server = createServer((req, res) => {
    const fail = (error) => {
      if (error instanceof HttpError) return sendError(res, error.status, error.message, error.status === 405 ? { Allow: cors ? 'GET, HEAD, OPTIONS' : 'GET, HEAD' } : {});
      log(`[${name}] ${req.method} ${String(req.url).slice(0, 200)}: ${error?.stack ?? error}`);
      sendError(res, 500);
    };
    try {
      for (const [key, value] of Object.entries(headers)) res.setHeader(key, value);
      if (cors && req.method === 'OPTIONS') {
        res.writeHead(204, { 'Access-Control-Allow-Methods': 'GET, HEAD', 'Access-Control-Max-Age': '600' });
        return res.end();
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') throw new HttpError(405);
      const result = handle(req, res, requestPath(req.url));
      if (result && typeof result.then === 'function') result.catch(fail);
    } catch (error) {
      fail(error);
    }
  });
  // A client that half-closes after its request (shuts down its sending side, as some tools and probes do) still
  // gets the whole answer: node's default would abort a request whose answer is not written synchronously.
  server.httpAllowHalfOpen = true;
  server.on('clientError', (error, socket) => {
    if (error.code === 'ECONNRESET' || !socket.writable) return socket.destroy();
    const timeout = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' || error.code === 'HPE_TIMEOUT';
    socket.end(timeout ? rawAnswer(408, STATUS_MESSAGES[408]) : rawAnswer(400, STATUS_MESSAGES[400]));
  });
  return server;
}

/** Listens; resolves with the server (port 0 picks a free port: read server.address().port). */
export function listen(server, port, host = '127.0.0.1') {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

/** `--flag value` from a CLI's arguments, else the fallback. */
export function flag(args, name, fallback) {
  const i = args.indexOf(name);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : fallback;
}

/** The port a listening server got (the asked one, or the one picked for port 0). */
export const portOf = (server) => server.address().port;
