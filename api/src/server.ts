/**
 * The API service: fastify with the spec's calls, JSON errors (framework errors included), request logging, rate
 * limits per client address and route class answering 429 with data.type 'captcha', browser hardening headers,
 * placeholder media, the OpenAPI description and /internal/metrics.
 */
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { defaultConfig, type ApiConfig } from './config';
import type { Db } from './db';
import { clientInfo, secretChecker } from './lib/client-address';
import { clientErrorMessage, HttpError } from './lib/errors';
import { connectionLimitsFrom, guardConnections, type ConnectionLimits } from '@tours/shared/src/node/connection-guard';
import { clientErrorHandler, frameworkErrors } from './lib/framework-errors';
import { registerJsonBodyParser } from './lib/json-body';
import { registerMetrics } from './lib/metrics';
import { setUpRateLimit } from './lib/rate-limit';
import { HELMET_OPTIONS, HSTS, routeHelmetOptions } from './lib/security-headers';
import type { IdentityVerificationProvider } from './lib/identity-verification';
import type { MessageProviders } from './lib/outbox';
import { registerAccountRoutes } from './routes/accounts';
import { registerBlogRoutes } from './routes/blog';
import { registerBookingRoutes } from './routes/booking';
import { registerChatLinkRoutes } from './routes/chat-link';
import { registerCaptchaRoutes } from './routes/captcha';
import { registerAgentRoutes } from './routes/agent';
import { registerChatRoutes } from './routes/chat';
import { registerContactRoutes } from './routes/contacts';
import { registerDocsRoutes } from './routes/docs';
import { registerInfoPageRoutes } from './routes/info-pages';
import { registerMediaRoutes } from './routes/media';
import { registerOrganizerAdminRoutes } from './routes/organizer-admin';
import { registerOrganizerMeetRoutes } from './routes/organizer-meet';
import { registerOrganizerRoutes } from './routes/organizers';
import { registerPaymentRoutes } from './routes/payments';
import { registerProgrammeRoutes } from './routes/programme';
import { registerTravelGuideRoutes } from './routes/travel-guide';
import { registerOutboxPage } from './routes/outbox';
import { registerReferenceRoutes } from './routes/reference';
import { registerRequestRoutes } from './routes/requests';
import { registerMainPageRoutes } from './routes/main-page';
import { registerReviewRoutes } from './routes/reviews';
import { ApiRouter } from './routes/router';
import { registerSearchRoutes } from './routes/search';
import { registerSignInRoutes } from './routes/sign-in';
import { registerSlugRoutes } from './routes/slugs';
import { registerStaffToolsRoutes } from './routes/staff-tools';
import { registerTourRoutes } from './routes/tours';
import { registerTourPageRoutes } from './routes/tour-page';
import { registerTourSelectionRoutes } from './routes/tour-selection';
import { registerTripRoutes } from './routes/trips';
import { registerUploadRoutes } from './routes/uploads';
import { registerVerificationPage, registerVerificationRoutes } from './routes/verification';
import { registerWebCallRoutes } from './routes/web-calls';
import { Services } from './services';
import { sharedRateLimitStore } from './cluster/rate-limit-store';

export interface BuildServerOptions {
  db: Db;
  /** What a connection may cost before its first request (tests); by default from the environment (connection-guard.ts). */
  connectionLimits?: ConnectionLimits;
  /** Overrides of the defaults (an empty environment's configuration). */
  config?: Partial<ApiConfig>;
  /** fastify logger: false (default) for silence, true or pino options to log. */
  logger?: FastifyServerOptions['logger'];
  /** Check every answer against its schema (tests): a mismatch becomes a 500 and is logged. */
  validateAnswers?: boolean;
  /** Close the database when the server closes (default false: the owner closes it). */
  closeDb?: boolean;
  /** The service's clock (tests): the rate limiter and every expiry (codes, links, tokens, captchas). */
  now?: () => number;
  /** Real time for values another system checks (tests fix it; lib/clock.ts). */
  wallNow?: () => number;
  /** Providers of SMS and messenger channels (tests; none by default: those messages are kept in the outbox). */
  providers?: MessageProviders;
  /** The identity-verification provider (tests, embedding); by default VERIFICATION_PROVIDER's (the sandbox). */
  verification?: IdentityVerificationProvider;
  /** Waits before the outbox tries a failed delivery again (tests; lib/outbox.ts RETRY_DELAYS_MS by default). */
  outboxRetryDelaysMs?: readonly number[];
}

const BODY_LIMIT = 1024 * 1024;

export function buildServer(options: BuildServerOptions): FastifyInstance {
  const config = defaultConfig(options.config);
  const app = Fastify({
    logger: options.logger ?? false,
    // Our onResponse hook writes one line per request instead of fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    // A load balancer in front of the API (TRUST_PROXY); the host server proves itself with the secret instead.
    trustProxy: config.trustProxy.length ? config.trustProxy : false,
    bodyLimit: BODY_LIMIT,
    routerOptions: { maxParamLength: 300 },
    // fastify's own 503 while closing is not in the error shape: the onRequest hook below answers it.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    frameworkErrors,
    clientErrorHandler,
  });
  // Half-open and trickling connections are closed; one address cannot hold every connection (issue 28).
  guardConnections(app.server, options.connectionLimits ?? connectionLimitsFrom(process.env, config.trustProxy));
  const services = new Services(options.db, config, { log: app.log, ...(options.now ? { now: options.now } : {}), ...(options.wallNow ? { wallNow: options.wallNow } : {}), ...(options.providers ? { providers: options.providers } : {}), ...(options.verification ? { verification: options.verification } : {}), ...(options.outboxRetryDelaysMs ? { outboxRetryDelaysMs: options.outboxRetryDelaysMs } : {}) });
  // The secrets the environment does not set come from the database before the first request (services.ts start).
  app.addHook('onReady', () => services.start());
  const router = new ApiRouter(app, { validateAnswers: options.validateAnswers ?? false });
  const isSecret = secretChecker(config.internalSecret);
  // On PostgreSQL with its URL (the cluster) every API process counts in one table (api/src/cluster; issue 31).
  const limiter = setUpRateLimit(app, config, services.captcha, services.now, sharedRateLimitStore(options.db, config, services.now));
  if (!config.internalSecret) {
    app.log.warn('INTERNAL_API_SECRET is not set: X-Forwarded-For is ignored, so every visitor behind the host server counts as the host');
  }

  registerJsonBodyParser(app);
  app.decorateRequest('clientIp', '');
  app.decorateRequest('fromTrustedProxy', false);
  app.decorateRequest('internalCall', false);
  app.decorateRequest('captchaCheck', null);
  void app.register(helmet, HELMET_OPTIONS);
  app.addHook('onRoute', routeHelmetOptions);
  if (config.corsOrigin) void app.register(cors, { origin: config.corsOrigin === '*' ? true : config.corsOrigin.split(',') });

  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });

  // After helmet's hooks (so a 429 or 503 from here carries its headers too): who is asking
  // (lib/client-address.ts), then the limits (lib/rate-limit.ts).
  void app.after(() => {
    app.addHook('onRequest', async (request, reply) => {
      const client = clientInfo(request, isSecret);
      request.clientIp = client.ip;
      request.fromTrustedProxy = client.fromTrustedProxy;
      request.internalCall = client.internalCall;
      if (client.https) reply.header('strict-transport-security', HSTS);
      if (closing) {
        reply.header('connection', 'close');
        throw new HttpError(503, 'Service unavailable');
      }
      await limiter.check(request, reply);
    });
  });

  // How long the service worked on the answer, for the browser's Resource Timing (serverTiming) and the bench.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('server-timing', `app;dur=${Math.round(reply.elapsedTime * 10) / 10}`);
  });

  // One log line per request (not the balancer's readiness checks, a few a second: api/src/main.ts).
  app.addHook('onResponse', async (request, reply) => {
    if (request.url === '/readyz') return;
    request.log.info(
      { method: request.method, url: request.url.length > 200 ? `${request.url.slice(0, 200)}…` : request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10, ip: request.clientIp || request.ip },
      'request',
    );
  });

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) void reply.headers(error.headers);
      return reply.code(error.status).send(error.body());
    }
    const status = typeof (error as { statusCode?: unknown }).statusCode === 'number' ? (error as { statusCode: number }).statusCode : 500;
    if (status >= 400 && status < 500) {
      const code = (error as { code?: string }).code;
      return reply.code(status).send({ message: clientErrorMessage(status, code, error instanceof Error ? error.message : '') });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ message: 'Internal server error' });
  });

  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: 'Not found' }));

  registerMetrics(app, { cache: services.cache, store: limiter.store, limits: limiter.limits });
  registerReferenceRoutes(router, services);
  registerBlogRoutes(router, services);
  registerInfoPageRoutes(router, services);
  registerOrganizerRoutes(router, services);
  registerOrganizerAdminRoutes(router, services);
  registerSlugRoutes(router, services);
  registerTourRoutes(router, services);
  registerSearchRoutes(router, services);
  registerTourPageRoutes(router, services);
  registerReviewRoutes(router, services);
  registerMainPageRoutes(router, services);
  registerAccountRoutes(router, services);
  registerSignInRoutes(router, services);
  registerContactRoutes(router, services);
  registerVerificationRoutes(router, services);
  registerCaptchaRoutes(router, services);
  registerUploadRoutes(app, router, services);
  registerOrganizerMeetRoutes(app, router, services);
  registerOutboxPage(app, services);
  registerVerificationPage(app, services);
  registerRequestRoutes(app, router, services);
  registerBookingRoutes(router, services);
  registerTripRoutes(router, services);
  registerTourSelectionRoutes(router, services);
  registerChatLinkRoutes(router, services);
  // The traveller's chat and the agent console share one hub of live connections.
  const chatHub = registerChatRoutes(app, router, services);
  registerAgentRoutes(app, router, services, chatHub);
  registerPaymentRoutes(app, router, services);
  registerProgrammeRoutes(app, router, services);
  registerTravelGuideRoutes(app, router, services);
  registerStaffToolsRoutes(app, router, services);
  registerWebCallRoutes(router, services);
  registerMediaRoutes(app, router);
  registerDocsRoutes(app, router);

  app.addHook('onClose', async () => {
    // Messages on their way finish (each within its provider's timeout, no more tries) before the database may close.
    await services.outbox.close();
    await services.pdfWorkers.close();
    if (options.closeDb) await options.db.close();
  });
  return app;
}
