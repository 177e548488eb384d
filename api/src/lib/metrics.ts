/**
 * GET /internal/metrics: the process's memory, the answer cache and the rate limiter, for operators and the
 * hardening bench. Answered only to a request with the right X-Internal-Secret; anyone else (and everyone when
 * no secret is configured) gets the plain 404 of an unknown call. Also a one-line cache summary in the log
 * every minute (info level).
 */
import type { FastifyInstance } from 'fastify';
import type { AnswerCache, AnswerCacheStats } from './cache';
import type { RateLimits, RateLimitStore } from './rate-limit';

export interface Metrics {
  memory: { rss: number; heapUsed: number; heapTotal: number; external: number; arrayBuffers: number };
  cache: AnswerCacheStats;
  rateLimit: { keys: number; maxKeys: number; overflowKeys: number; perMinute: RateLimits };
  uptimeSeconds: number;
}

export interface MetricsSources {
  cache: AnswerCache;
  store: RateLimitStore;
  limits: RateLimits;
}

function collectMetrics({ cache, store, limits }: MetricsSources): Metrics {
  const m = process.memoryUsage();
  return {
    memory: { rss: m.rss, heapUsed: m.heapUsed, heapTotal: m.heapTotal, external: m.external, arrayBuffers: m.arrayBuffers },
    cache: cache.stats(),
    rateLimit: { keys: store.size, maxKeys: store.maxKeys, overflowKeys: store.overflowSize, perMinute: limits },
    uptimeSeconds: Math.round(process.uptime()),
  };
}

export function registerMetrics(app: FastifyInstance, sources: MetricsSources, summaryEveryMs = 60_000): void {
  app.get('/internal/metrics', async (request, reply) => {
    if (!request.fromTrustedProxy) return reply.code(404).send({ message: 'Not found' });
    return reply.header('cache-control', 'no-store').send(collectMetrics(sources));
  });

  const timer = setInterval(() => {
    const c = sources.cache.stats();
    const mb = (n: number): number => Math.round(n / 104857.6) / 10;
    app.log.info(
      { cache: c, rateLimitKeys: sources.store.size, rssMB: mb(process.memoryUsage().rss) },
      `cache: ${c.entries} entries, ${mb(c.bytes)}/${mb(c.maxBytes)} MB, ${c.hits} hits, ${c.misses} misses, ${c.evictions} evictions`,
    );
  }, summaryEveryMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
