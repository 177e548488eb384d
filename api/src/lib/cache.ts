/**
 * The answer cache: computed answers (the catalogue only changes on re-seed, which happens at start) kept for
 * `ttlMs`, bounded by their estimated size in bytes, least recently used evicted first (lru-cache).
 *
 * - Concurrent misses of one key share one computation; a failed computation is not cached.
 * - Size: the answer's JSON length (computed once, when it is stored) × BYTES_PER_JSON_CHAR, plus the key. The
 *   parsed answer's objects and strings and the serialised JSON the router keeps beside it (routes/router.ts)
 *   measured 3.4 bytes of heap a JSON character (800 search answers with filters: 105 MB of heap after GC for about
 *   31 M characters), so 4 errs on the safe side. An estimate, not a heap measurement: what matters is that a
 *   flood of distinct queries cannot grow the process without end.
 * - One entry may take at most a quarter of the budget; a bigger answer is served but not kept.
 */
import { LRUCache } from 'lru-cache';

const BYTES_PER_JSON_CHAR = 4;
/** Per entry: the key (UTF-16), the LRU's slots and the box. */
const ENTRY_OVERHEAD = 100;

/** The estimated memory an answer takes (see above); Maps and Sets count as their entries. */
export function estimateSize(value: unknown): number {
  let json: string | undefined;
  try {
    json = JSON.stringify(value, (_key, v: unknown) => (v instanceof Map ? [...v] : v instanceof Set ? [...v] : v));
  } catch {
    json = undefined; // BigInt or a cycle: count it as a middling answer.
  }
  return (json === undefined ? 4096 : json.length) * BYTES_PER_JSON_CHAR;
}

export interface AnswerCacheOptions {
  /** Budget in (estimated) bytes. */
  maxBytes: number;
  ttlMs?: number;
  /** Clock for expiry (tests). */
  now?: () => number;
  sizeOf?: (value: unknown) => number;
}

export interface AnswerCacheStats {
  entries: number;
  /** Estimated bytes held (≤ maxBytes). */
  bytes: number;
  maxBytes: number;
  hits: number;
  /** Computations started (a miss that joined a running computation counts under `shared`). */
  misses: number;
  shared: number;
  /** Entries dropped to make room (not those that expired). */
  evictions: number;
  /** Answers too big to keep (over a quarter of the budget). */
  tooBig: number;
  /** Computations running now. */
  pending: number;
}

export class AnswerCache {
  private readonly lru: LRUCache<string, { value: unknown }>;
  private readonly pending = new Map<string, Promise<unknown>>();
  private readonly sizeOf: (value: unknown) => number;
  private readonly maxEntry: number;
  private counts = { hits: 0, misses: 0, shared: 0, evictions: 0, tooBig: 0 };

  constructor(readonly options: AnswerCacheOptions) {
    this.sizeOf = options.sizeOf ?? estimateSize;
    this.maxEntry = Math.max(1, Math.floor(options.maxBytes / 4));
    this.lru = new LRUCache<string, { value: unknown }>({
      maxSize: options.maxBytes,
      maxEntrySize: this.maxEntry,
      ttl: options.ttlMs ?? 60_000,
      // Expired entries are found on access or pushed out by new ones; no timers.
      ttlAutopurge: false,
      // An injected clock is read on every check (the default caches the time for 1 ms, by a timer).
      ...(options.now ? { perf: { now: options.now }, ttlResolution: 0 } : {}),
      dispose: (_value, _key, reason) => {
        if (reason === 'evict') this.counts.evictions++;
      },
    });
  }

  get<V>(key: string, compute: () => Promise<V>): Promise<V> {
    const hit = this.lru.get(key);
    if (hit) {
      this.counts.hits++;
      return Promise.resolve(hit.value as V);
    }
    const running = this.pending.get(key);
    if (running) {
      this.counts.shared++;
      return running as Promise<V>;
    }
    this.counts.misses++;
    let started: Promise<V>;
    try {
      started = compute();
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    const promise = started.then(
      (value) => {
        this.pending.delete(key);
        const size = this.sizeOf(value) + key.length * 2 + ENTRY_OVERHEAD;
        if (size > this.maxEntry) this.counts.tooBig++;
        else this.lru.set(key, { value }, { size });
        return value;
      },
      (error: unknown) => {
        // A failed computation is not cached: the next request tries again.
        this.pending.delete(key);
        throw error;
      },
    );
    this.pending.set(key, promise);
    return promise;
  }

  /** Whether `key` is answered without a computation of its own: kept (and fresh), or being computed. */
  has(key: string): boolean {
    return this.lru.has(key) || this.pending.has(key);
  }

  clear(): void {
    this.lru.clear();
  }

  get size(): number {
    return this.lru.size;
  }

  stats(): AnswerCacheStats {
    return {
      entries: this.lru.size,
      bytes: this.lru.calculatedSize,
      maxBytes: this.options.maxBytes,
      ...this.counts,
      pending: this.pending.size,
    };
  }
}
