/**
 * The API service: fastify with the spec's calls, JSON errors, request logging, a per-address rate limit
 * answering 429 with data.type 'captcha', placeholder media and the OpenAPI description.
 */
import cors from '@fastify/cors';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { defaultConfig, type ApiConfig } from './config';
import type { Db } from './db';
import { captchaRequired, clientErrorMessage, HttpError } from './lib/errors';
import { RateLimiter } from './lib/rate-limit';
import { registerAccountRoutes } from './routes/accounts';
import { registerBlogRoutes } from './routes/blog';
import { registerDocsRoutes } from './routes/docs';
import { registerMediaRoutes } from './routes/media';
import { registerOrganizerRoutes } from './routes/organizers';
import { registerReferenceRoutes } from './routes/reference';
import { registerRequestRoutes } from './routes/requests';
import { registerReviewRoutes } from './routes/reviews';
import { ApiRouter } from './routes/router';
import { registerSearchRoutes } from './routes/search';
import { registerSlugRoutes } from './routes/slugs';
import { registerTourRoutes } from './routes/tours';
import { registerTourPageRoutes } from './routes/tour-page';
import { Services } from './services';

export interface BuildServerOptions {
  db: Db;
  /** Overrides of the defaults (an empty environment's configuration). */
  config?: Partial<ApiConfig>;
  /** fastify logger: false (default) for silence, true or pino options to log. */
  logger?: FastifyServerOptions['logger'];
  /** Check every answer against its schema (tests): a mismatch becomes a 500 and is logged. */
  validateAnswers?: boolean;
  /** Close the database when the server closes (default false: the owner closes it). */
  closeDb?: boolean;
}

/** API calls are rate limited; media and docs are not. */
const LIMITED = /^\/(spa|crm|node-api)\//;

function trustProxyOption(value: string): FastifyServerOptions['trustProxy'] {
  if (value === 'true') return true;
  if (value === '' || value === 'false') return false;
  return value;
}

export function buildServer(options: BuildServerOptions): FastifyInstance {
  const config = defaultConfig(options.config);
  const app = Fastify({
    logger: options.logger ?? false,
    // Our onResponse hook writes one line per request instead of fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 300 },
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  });
  const services = new Services(options.db, config);
  const router = new ApiRouter(app, { validateAnswers: options.validateAnswers ?? false });
  const limiter = new RateLimiter(config.rateLimitPerMin);
  const sweep = setInterval(() => limiter.sweep(), 60_000);
  sweep.unref();

  if (config.corsOrigin) void app.register(cors, { origin: config.corsOrigin === '*' ? true : config.corsOrigin.split(',') });

  app.addHook('onRequest', async (request, reply) => {
    if (!LIMITED.test(request.url)) return;
    const decision = limiter.hit(request.ip);
    if (!decision.allowed) {
      reply.header('retry-after', String(decision.retryAfter));
      throw captchaRequired();
    }
  });

  // How long the service worked on the answer, for the browser's Resource Timing (serverTiming) and the bench.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('server-timing', `app;dur=${Math.round(reply.elapsedTime * 10) / 10}`);
  });

  // One log line per request.
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      { method: request.method, url: request.url.length > 200 ? `${request.url.slice(0, 200)}…` : request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10, ip: request.ip },
      'request',
    );
  });

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof HttpError) return reply.code(error.status).send(error.body());
    const status = typeof (error as { statusCode?: unknown }).statusCode === 'number' ? (error as { statusCode: number }).statusCode : 500;
    if (status >= 400 && status < 500) {
      const code = (error as { code?: string }).code;
      return reply.code(status).send({ message: clientErrorMessage(status, code, error instanceof Error ? error.message : '') });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ message: 'Internal server error' });
  });

  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: 'Not found' }));

  registerReferenceRoutes(router, services);
  registerBlogRoutes(router, services);
  registerOrganizerRoutes(router, services);
  registerSlugRoutes(router, services);
  registerTourRoutes(router, services);
  registerSearchRoutes(router, services);
  registerTourPageRoutes(router, services);
  registerReviewRoutes(router, services);
  registerAccountRoutes(router, services);
  registerRequestRoutes(app, router, services);
  registerMediaRoutes(app, router);
  registerDocsRoutes(app, router);

  app.addHook('onClose', async () => {
    clearInterval(sweep);
    if (options.closeDb) await options.db.close();
  });
  return app;
}
