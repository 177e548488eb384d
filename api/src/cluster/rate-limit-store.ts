/**
 * The rate limiter's store shared by every API process on one PostgreSQL database (issue 31): a visitor landing on N
 * processes still gets the limit once, not N times. Chosen when the database is PostgreSQL with its URL (the cluster;
 * the socket.io adapter's condition); the in-memory RateLimitStore stays the single-process default.
 *
 * - A request of a limited class is one upsert (`bumpLimitWindow`: the count and the window in one atomic statement),
 *   and the limiter's check before it one primary-key read (`sync`), so the decision uses every process's count;
 * - a solved captcha starts the window again in the table (every process sees it);
 * - rows: one per visitor and class seen in the last minute; windows that ended are deleted every 30 s by each
 *   process (one indexed delete). This process keeps only the windows it read, dropped once their minute is over.
 */
import type { Db } from '../db';
import { bumpLimitWindow, limitWindow, resetLimitWindow, sweepLimitWindows, type LimitWindow } from '../db/queries/cluster';
import { RateLimitStore, WINDOW_MS } from '../lib/rate-limit';
import { sharesState } from './cluster-mode';

const SWEEP_EVERY_MS = 30_000;

type IncrCallback = Parameters<RateLimitStore['incr']>[1];

export class SharedRateLimitStore extends RateLimitStore {
  /** The windows this process last read or wrote (the limiter's synchronous `current` answers from them). */
  private readonly known = new Map<string, LimitWindow>();
  /** Resets on their way: a count that follows waits for them. */
  private readonly resets = new Map<string, Promise<void>>();
  private lastSweep = 0;

  constructor(
    private readonly db: Db,
    maxKeys: number,
    private readonly clock: () => number = Date.now,
  ) {
    super(maxKeys, clock);
  }

  /** Reads the key's window as every process counted it (the limiter's check, before `current`). */
  override readonly sync = async (key: string): Promise<void> => {
    await this.resets.get(key);
    this.remember(key, await limitWindow(this.db, key));
  };

  override incr(key: string, callback: IncrCallback, timeWindow: number): void {
    const now = this.clock();
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
    await sweepLimitWindows(this.db, now - WINDOW_MS).catch(() => undefined);
  }
}

/** The store for a service: shared on PostgreSQL with its URL (the cluster), else none (the limiter's in-memory default). */
export function sharedRateLimitStore(db: Db, config: { databaseUrl: string; rateLimitMaxKeys: number }, now: () => number): SharedRateLimitStore | undefined {
  return sharesState(db, config) ? new SharedRateLimitStore(db, config.rateLimitMaxKeys, now) : undefined;
}
