/**
 * A small in-memory cache of computed answers (the catalogue only changes on re-seed, which happens at start).
 * Entries expire after `ttlMs`; the oldest entry is dropped beyond `maxEntries`. Concurrent misses share one computation.
 */
export class Memo {
  private readonly entries = new Map<string, { at: number; value: Promise<unknown> }>();

  constructor(
    private readonly ttlMs = 60_000,
    private readonly maxEntries = 2000,
    private readonly now: () => number = Date.now,
  ) {}

  get<V>(key: string, compute: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit && this.now() - hit.at < this.ttlMs) return hit.value as Promise<V>;
    const value = compute();
    this.entries.set(key, { at: this.now(), value });
    // A failed computation is not cached.
    value.catch(() => this.entries.delete(key));
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    return value;
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
