/**
 * The rate limiter's store shared by every API process on one PostgreSQL database (issue 31): a visitor landing on N
 * processes still gets the limit once, not N times. Chosen when the database is PostgreSQL with its URL (the cluster;
 * the socket.io adapter's condition); the in-memory RateLimitStore stays the single-process default.
 *
 * - A request of a limited class is one upsert (`bumpLimitWindow`: the count and the window in one atomic statement),
 *   made by the limiter's check (`sync`), so the decision uses every process's count; the plugin's `incr` that
 *   follows takes that count rather than counting again (issue 31: a read before the upsert was a second round trip
 *   on every limited request);
 * - a solved captcha starts the window again in the table (every process sees it);
 * - rows: one per visitor and class seen in the last minute; windows that ended are deleted every 30 s by each
 *   process (one indexed delete). This process keeps only the windows it read, dropped once their minute is over.
 */
import type { Db } from '../db';
import { bumpLimitWindow, resetLimitWindow, sweepLimitWindows, type LimitWindow } from '../db/queries/cluster';
import { RateLimitStore, WINDOW_MS } from '../lib/rate-limit';
import { sharesState } from './cluster-mode';

const SWEEP_EVERY_MS = 30_000;

type IncrCallback = Parameters<RateLimitStore['incr']>[1];

export class SharedRateLimitStore extends RateLimitStore {
  /** The windows this process last read or wrote (the limiter's synchronous `current` answers from them). */
  private readonly known = new Map<string, LimitWindow>();
  /** Resets on their way: a count that follows waits for them. */
  private readonly resets = new Map<string, Promise<void>>();
  /**
   * Requests `sync` counted, oldest first, each waiting for the plugin's `incr` of the same request (a request that
   * failed between the two leaves one behind: the sweep drops them after a window).
   */
  private readonly counted = new Map<string, { window: LimitWindow; at: number }[]>();
  private lastSweep = 0;

  constructor(
    private readonly db: Db,
    maxKeys: number,
    private readonly clock: () => number = Date.now,
  ) {
    super(maxKeys, clock);
  }

  /**
   * Counts the request where every process counts (the limiter's check, before `current`): `current` then answers the
   * count before this request, as a read would have, and the `incr` that follows answers the count with it.
   */
  override readonly sync = async (key: string): Promise<void> => {
    await this.resets.get(key);
    const now = this.clock();
    const w = await bumpLimitWindow(this.db, key, now, WINDOW_MS);
    this.remember(key, { count: w.count - 1, since: w.since });
    const queue = this.counted.get(key);
    if (queue) queue.push({ window: w, at: now });
    else this.counted.set(key, [{ window: w, at: now }]);
    await this.sweep(now);
  };

  override incr(key: string, callback: IncrCallback, timeWindow: number): void {
    const now = this.clock();
    const queue = timeWindow === WINDOW_MS ? this.counted.get(key) : undefined;
    const counted = queue?.shift();
    if (queue && !queue.length) this.counted.delete(key);
    if (counted) {
      this.remember(key, counted.window);
      callback(null, { current: counted.window.count, ttl: counted.window.since + timeWindow - now });
      return;
    }
    void (async () => {
      await this.resets.get(key);
      const w = await bumpLimitWindow(this.db, key, now, timeWindow);
      this.remember(key, w);
      await this.sweep(now);
      return w;
    })().then((w) => callback(null, { current: w.count, ttl: w.since + timeWindow - now }), (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
  }

  override current(key: string, timeWindow: number): number {
    const w = this.known.get(key);
    return !w || this.clock() - w.since >= timeWindow ? 0 : w.count;
  }

  override reset(key: string): boolean {
    const now = this.clock();
    // Requests counted before the captcha count again in the new window (their `incr` counts), as before it.
    this.counted.delete(key);
    this.known.set(key, { count: 0, since: now });
    const done = resetLimitWindow(this.db, key, now).finally(() => {
      if (this.resets.get(key) === done) this.resets.delete(key);
    });
    this.resets.set(key, done);
    return true;
  }

  override read(key: string, callback: IncrCallback, timeWindow: number): void {
    const current = this.current(key, timeWindow);
    const w = this.known.get(key);
    callback(null, { current, ttl: current && w ? w.since + timeWindow - this.clock() : 0 });
  }

  override get size(): number {
    return this.known.size;
  }

  override get overflowSize(): number {
    return 0;
  }

  private remember(key: string, w: LimitWindow | null): void {
    if (w) this.known.set(key, w);
    else this.known.delete(key);
  }

  private async sweep(now: number): Promise<void> {
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    for (const [key, w] of this.known) if (now - w.since >= WINDOW_MS) this.known.delete(key);
    for (const [key, queue] of this.counted) if (now - queue[0]!.at >= WINDOW_MS) this.counted.delete(key);
    await sweepLimitWindows(this.db, now - WINDOW_MS).catch(() => undefined);
  }
}

/** The store for a service: shared on PostgreSQL with its URL (the cluster), else none (the limiter's in-memory default). */
export function sharedRateLimitStore(db: Db, config: { databaseUrl: string; rateLimitMaxKeys: number }, now: () => number): SharedRateLimitStore | undefined {
  return sharesState(db, config) ? new SharedRateLimitStore(db, config.rateLimitMaxKeys, now) : undefined;
}
