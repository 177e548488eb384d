/**
 * Rate limits per client address and route class, with @fastify/rate-limit (fixed window of a minute).
 * Over a limit the call answers 429 `{ message, data: { type: 'captcha' | 'hard_captcha' } }` with Retry-After (the
 * captcha protocol of accounts-and-comms §4) and the x-ratelimit-* headers. The retry that carries a solved captcha
 * (x-captcha-token, lib/captcha.ts) goes through and starts the visitor's window of that class again, so the calls
 * waiting for the same captcha pass too; a visitor who needs one again within the escalation window gets a hard one.
 *
 * Classes (decided from the matched route's path, so a percent-encoded path cannot change its class):
 * - auth: code sends and auth-like calls (a path with auth, register, password or confirm in it: code checks
 *   included), any method but OPTIONS;
 * - writes: other calls under /spa, /crm, /node-api that are not GET, HEAD or OPTIONS;
 * - reads: GET/HEAD/OPTIONS under /spa, /crm, /node-api, and anything under /internal without the secret;
 * - captcha: the captcha challenge, as many a minute as reads but counted apart: a visitor over a limit must still
 *   get the captcha that lifts it;
 * - none: /media, /api-docs, anything else (cheap 404s), and the host server's own calls.
 * Each class counts separately per address: a visitor's reads never use up its writes, or the other way round.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isIPv4, isIPv6 } from 'node:net';
import type { ApiConfig } from '../config';
import type { CaptchaType } from '@tours/shared/src/api/captcha';
import { captchaRequired } from './errors';
import { VisitorTable } from './visitor-table';

export type LimitClass = 'reads' | 'writes' | 'auth' | 'captcha' | 'none';

export interface RateLimits {
  /** Requests per minute per client address; 0 = not limited. */
  reads: number;
  writes: number;
  auth: number;
  /** Captcha challenges: as many as reads. */
  captcha: number;
}

export const WINDOW_MS = 60_000;

/** The per-class numbers: RATE_LIMIT_PER_MIN (reads) scales the others unless they are set; 0 turns all off. */
export function rateLimitsOf(config: Pick<ApiConfig, 'rateLimitPerMin' | 'rateLimitWritesPerMin' | 'rateLimitAuthPerMin'>): RateLimits {
  const reads = config.rateLimitPerMin;
  if (reads === 0) return { reads: 0, writes: 0, auth: 0, captcha: 0 };
  return {
    reads,
    writes: config.rateLimitWritesPerMin ?? Math.max(1, Math.round(reads / 10)),
    auth: config.rateLimitAuthPerMin ?? Math.max(1, Math.round(reads / 60)),
    captcha: reads,
  };
}

const API = /^\/(spa|crm|node-api)(\/|$)/;
const AUTH_LIKE = /(^|[/-])(auth|register)([/-]|$)|password|confirm/i;
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The class of a request: `path` is the matched route's pattern (the URL's path for unmatched ones). */
export function limitClass(method: string, path: string): Exclude<LimitClass, 'none'> | 'none' {
  if (path.startsWith('/internal/')) return 'reads';
  if (!API.test(path)) return 'none';
  // A CORS preflight sends nothing: it never uses up the call's own budget.
  if (method === 'OPTIONS') return 'reads';
  if (AUTH_LIKE.test(path)) return 'auth';
  return READ_METHODS.has(method) ? 'reads' : 'writes';
}

/** The request's path for classing: the route pattern when one matched, else the URL without its query. */
function classPath(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (pattern) return pattern;
  const q = request.url.indexOf('?');
  return q === -1 ? request.url : request.url.slice(0, q);
}

function expandIPv6(ip: string): number[] | null {
  const [head, tail, extra] = ip.split('::');
  if (extra !== undefined) return null;
  const part = (s: string | undefined): number[] => {
    if (!s) return [];
    const out: number[] = [];
    for (const group of s.split(':')) {
      if (isIPv4(group)) {
        const [a, b, c, d] = group.split('.').map(Number) as [number, number, number, number];
        out.push((a << 8) | b, (c << 8) | d);
      } else out.push(parseInt(group, 16));
    }
    return out;
  };
  const h = part(head);
  const t = part(tail);
  const fill = tail === undefined ? 0 : 8 - h.length - t.length;
  if (fill < 0) return null;
  const groups = [...h, ...new Array<number>(fill).fill(0), ...t];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

/**
 * The limiter's key for an address: IPv4 as it is (an IPv4-mapped IPv6 address as its IPv4), IPv6 by its /64
 * prefix — one subscriber usually holds a whole /64, so counting single IPv6 addresses would let one visitor
 * take 2^64 buckets.
 */
export function addressKey(ip: string): string {
  if (!isIPv6(ip)) return ip.toLowerCase();
  const g = expandIPv6(ip.replace(/%.*$/, ''));
  if (!g) return ip.toLowerCase();
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) return `${g[6]! >> 8}.${g[6]! & 255}.${g[7]! >> 8}.${g[7]! & 255}`;
  return `${g.slice(0, 4).map((x) => x.toString(16)).join(':')}::/64`;
}

interface Window {
  count: number;
  /** The window's start. */
  since: number;
}

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * An address's prefix for the limiter's overflow buckets: an IPv4 /24, an IPv6 /48 (from addressKey's /64); anything
 * else '*'. A flood from many addresses of one network then shares one bucket once the table is full.
 */
export function addressPrefix(address: string): string {
  if (isIPv4(address)) return address.replace(/\.\d+$/, '.0/24');
  const m = /^([0-9a-f]+):([0-9a-f]+):([0-9a-f]+):[0-9a-f]+::\/64$/.exec(address);
  return m ? `${m[1]}:${m[2]}:${m[3]}::/48` : '*';
}

/** The overflow buckets of a key (`class|address` or an address): its prefix's and its class's global one. */
export function overflowKeysOf(key: string): readonly [string, string] {
  const bar = key.lastIndexOf('|');
  const cls = key.slice(0, bar + 1);
  return [`${cls}~${addressPrefix(key.slice(bar + 1))}`, `${cls}~*`];
}

/** Overflow buckets beside `maxKeys` own entries: a tenth as many, at least 16. */
export const overflowKeysFor = (maxKeys: number): number => Math.max(16, Math.floor(maxKeys / 10));

/**
 * The plugin's store, in memory and bounded, that does not forget (lib/visitor-table.ts): at most `maxKeys` windows of
 * their own (about 200 bytes a key: 10,000 keys ≈ 2 MB). A window is dropped only once its minute is over; while the
 * table is full of live windows, new addresses count in shared overflow buckets (per /24 or /48, then one per class),
 * so a flood of distinct addresses costs a fixed amount of memory and never resets a visitor's count. One store for
 * every class (keys are `class|address`), so `size` is the whole table. Own store (not the plugin's LocalStore) for
 * the sizes in /internal/metrics and an injectable clock.
 */
export class RateLimitStore {
  private readonly windows: VisitorTable<Window>;
  /**
   * Counts the request where other processes count too, before `current` (the cluster's shared store, api/src/cluster:
   * its `incr` then answers that count); none in memory.
   */
  readonly sync?: (key: string) => Promise<void>;

  constructor(
    readonly maxKeys: number,
    private readonly now: () => number = Date.now,
  ) {
    this.windows = new VisitorTable<Window>(maxKeys, overflowKeysFor(maxKeys), WINDOW_MS, overflowKeysOf);
  }

  incr(key: string, callback: IncrCallback, timeWindow: number): void {
    const now = this.now();
    const slot = this.windows.slot(key, now, () => ({ count: 0, since: now }));
    if (now - slot.value.since >= timeWindow) {
      slot.value.count = 0;
      this.windows.renew(slot, now);
    }
    slot.value.count++;
    callback(null, { current: slot.value.count, ttl: slot.value.since + timeWindow - now });
  }

  /** Requests counted in the key's window so far (its overflow bucket's when it has none of its own; 0 once it has passed). */
  current(key: string, timeWindow: number): number {
    const w = this.windows.peek(key, this.now())?.value;
    return !w || this.now() - w.since >= timeWindow ? 0 : w.count;
  }

  /**
   * Starts the key's window again (a solved captcha); false when the key counts in a shared overflow bucket, which is
   * not emptied for everyone else in it.
   */
  reset(key: string): boolean {
    const now = this.now();
    const slot = this.windows.peek(key, now);
    if (slot?.shared) return false;
    if (slot) {
      slot.value.count = 0;
      this.windows.renew(slot, now);
    }
    return true;
  }

  read(key: string, callback: IncrCallback, timeWindow: number): void {
    const now = this.now();
    const w = this.windows.peek(key, now)?.value;
    if (!w || now - w.since >= timeWindow) callback(null, { current: 0, ttl: 0 });
    else callback(null, { current: w.count, ttl: w.since + timeWindow - now });
  }

  child(): RateLimitStore {
    return this;
  }

  /** Addresses × classes with a window of their own. */
  get size(): number {
    return this.windows.size;
  }

  /** Overflow buckets in use. */
  get overflowSize(): number {
    return this.windows.sharedSize;
  }
}

/** What the limiter asks of the captcha (lib/captcha.ts). */
export interface CaptchaGate {
  /** The challenge call's path (the 'captcha' class). */
  readonly challengePath: string;
  /** Whether the request carries a solved captcha that lets it through (a hard one when `hard`). */
  pass(request: FastifyRequest, hard: boolean): Promise<boolean>;
  /** The captcha the request's visitor must solve now. */
  typeFor(request: FastifyRequest): CaptchaType;
  /** Reads what other processes know of the visitor's solves before `typeFor` (the cluster's; none in one process). */
  recall?(request: FastifyRequest): Promise<void>;
}

const keyOf = (request: FastifyRequest): string => `${request.limitClass}|${addressKey(request.clientIp)}`;

export interface RateLimitSetup {
  store: RateLimitStore;
  limits: RateLimits;
  /** The onRequest step: classes the request and applies its limit (throws the 429). */
  check(request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's rate-limit class (decided once, in the limiter's onRequest step). */
    limitClass: LimitClass;
  }
}

/**
 * Registers @fastify/rate-limit (not global: its onRoute hook would miss routes declared before it loads) and
 * returns the step server.ts runs in its onRequest hook, after the client address is known.
 */
export function setUpRateLimit(
  app: FastifyInstance, config: ApiConfig, captcha: CaptchaGate, now: () => number = Date.now,
  store: RateLimitStore = new RateLimitStore(config.rateLimitMaxKeys, now),
): RateLimitSetup {
  const limits = rateLimitsOf(config);
  app.decorateRequest('limitClass', 'none');
  void app.register(rateLimit, {
    global: false,
    hook: 'onRequest',
    timeWindow: WINDOW_MS,
    // The plugin does `new store(options)`: a constructor returning our one instance.
    store: function StoreFactory() {
      return store;
    } as unknown as NonNullable<Parameters<typeof rateLimit>[1]>['store'],
    keyGenerator: (request) => keyOf(request),
    max: (request) => (request.limitClass === 'none' ? 0 : limits[request.limitClass]),
    allowList: (request) => request.limitClass === 'none' || limits[request.limitClass] === 0,
    errorResponseBuilder: (request) => captchaRequired(captcha.typeFor(request)),
  });
  let limiter: ReturnType<FastifyInstance['rateLimit']> | null = null;
  app.addHook('onReady', async () => {
    limiter = app.rateLimit();
  });
  return {
    store,
    limits,
    async check(request, reply) {
      const path = classPath(request);
      // The host server's own calls, and the metrics read with the secret, are not a visitor's.
      const exempt = request.internalCall || (request.fromTrustedProxy && path.startsWith('/internal/'));
      request.limitClass = exempt ? 'none' : path === captcha.challengePath ? 'captcha' : limitClass(request.method, path);
      if (request.limitClass === 'none' || limits[request.limitClass] === 0 || !limiter) return;
      // Over the limit with a captcha: a solved one (hard when the visitor escalated) starts the window again.
      const key = keyOf(request);
      if (store.sync) await store.sync(key);
      if (store.current(key, WINDOW_MS) >= limits[request.limitClass]) {
        await captcha.recall?.(request);
        const hard = captcha.typeFor(request) === 'hard_captcha';
        // A shared overflow bucket is not emptied for the others in it: the solved captcha lets this request through.
        if ((await captcha.pass(request, hard)) && !store.reset(key)) return;
      }
      await limiter.call(app, request, reply);
    },
  };
}
