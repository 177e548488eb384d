import { Readable, Transform } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import proxy, { type FastifyHttpProxyOptions } from '@fastify/http-proxy';
import { forwardedHeaders, type Visitor } from '../api-call';
import { AUTHORIZATION_KEY, isAccountCall, markerOf, MAX_ACCOUNT_ANSWER_BYTES, sessionAnswer, withSessionToken } from '../session';
import { siteOriginFor, type HostSettings } from '../settings';
import { bodyLimitFor, errorBody, RETRY_AFTER_S } from '../errors';

const API_PREFIXES = ['/spa', '/crm/api', '/node-api', '/media', '/api-docs'];

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

export interface ApiProxyOptions {
  apiUrl: string;
  /** The SIP registrar's WebSocket endpoint (kamailio), proxied at /sip; none: no /sip. */
  sipUrl?: string;
  settings: HostSettings;
}

/**
 * The API's calls, its socket and the SIP registrar on the site's own origin: the forwarding protocol
 * (host/server/api-call.ts), the traveller's session cookie (host/server/session.ts), body limits and the API
 * down as a 503 in the spec's error shape.
 */
export const apiProxy = fp<ApiProxyOptions>(async (app, opts) => {
  const { settings } = opts;
  // The API sees the visitor the host decided on.
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
          url: req.url, status: res.statusCode, body: Buffer.concat(chunks).toString('utf8'), usedMarker: markerOf(req.headers[AUTHORIZATION_KEY]) !== null, secure: req.protocol === 'https',
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
}, { name: 'api-proxy' });
