import fp from 'fastify-plugin';
import { HOST_HEADERS, HSTS } from '../security';
import { bodyLimitFor, errorBody } from '../errors';

/**
 * Security headers of every answer (host/server/security.ts), the body limit and the error shape. The CSP here is
 * the one of JSON and assets: HTML pages get their full policy in the pages plugin, and proxied answers keep the
 * API's own (its headers win over these).
 */
export const securityHeaders = fp(async (app) => {
  app.addHook('onRequest', async (req, reply) => {
    void reply.headers(HOST_HEADERS);
    if (req.protocol === 'https') void reply.header('Strict-Transport-Security', HSTS);
    // Bodies over the limit are refused before anything reads or forwards them (the proxies stream bodies through,
    // so fastify's bodyLimit does not apply to them); the connection is closed rather than drained.
    const length = Number(req.headers['content-length'] ?? 0);
    if (length > bodyLimitFor(req.url)) return reply.code(413).header('Connection', 'close').header('Cache-Control', 'no-store').send(errorBody(413));
    return undefined;
  });
  app.setErrorHandler((error: { statusCode?: number }, req, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) req.log.error(error);
    return reply.code(status).header('Cache-Control', 'no-store').send(errorBody(status));
  });
}, { name: 'security-headers' });
