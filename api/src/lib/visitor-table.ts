/**
 * Per-visitor state (rate-limit windows, work budgets) in bounded memory that never forgets a visitor while its state
 * still matters (issue 28: an LRU of addresses let a flood of 10,500 new addresses evict a visitor that had just been
 * limited, which then got 100 of 100 requests through in the same minute).
 *
 * - An entry lives `ttlMs` from its `since` (a window's start, a budget's last charge): after that it holds nothing
 *   a fresh one would not, so it is dropped. Entries are kept in `since` order (inserted and renewed at the end), so
 *   the dead ones are always at the front and dropping them costs nothing per request.
 * - A live entry is never evicted. When `maxKeys` live entries fill the table, a visitor without one of its own
 *   counts in a shared overflow bucket: one per address prefix (an IPv4 /24, an IPv6 /48), at most `maxSharedKeys`
 *   of them, and past that one global bucket. Newcomers during a flood are limited more strictly (they share), never
 *   the visitors already counted.
 * - Memory: at most maxKeys + maxSharedKeys + the global buckets (one per class), whatever the traffic.
 */

/** What an entry needs: when its state started (windows) or was last brought up to date (budgets). */
export interface Timed {
  since: number;
}

/** Where a key's state is: its own entry, or a shared overflow bucket. */
export interface Slot<V> {
  /** The key of the entry in use (the visitor's own, or the shared bucket's). */
  key: string;
  value: V;
  shared: boolean;
}

export class VisitorTable<V extends Timed> {
  private readonly own = new Map<string, V>();
  private readonly shared = new Map<string, V>();

  constructor(
    readonly maxKeys: number,
    readonly maxSharedKeys: number,
    private readonly ttlMs: number,
    /** The overflow buckets of a key: its prefix's, and the global one used once the prefix buckets are full. */
    private readonly overflowOf: (key: string) => readonly [prefix: string, global: string],
  ) {}

  /** The entry that counts for `key` now, made with `fresh` when there is none. */
  slot(key: string, now: number, fresh: () => V): Slot<V> {
    const mine = this.own.get(key);
    if (mine) return { key, value: mine, shared: false };
    this.expire(now);
    if (this.own.size < this.maxKeys) {
      const value = fresh();
      this.own.set(key, value);
      return { key, value, shared: false };
    }
    const [prefix, global] = this.overflowOf(key);
    const bucket = this.shared.get(prefix);
    if (bucket) return { key: prefix, value: bucket, shared: true };
    const target = this.shared.size < this.maxSharedKeys ? prefix : global;
    const value = this.shared.get(target) ?? fresh();
    if (!this.shared.has(target)) this.shared.set(target, value);
    return { key: target, value, shared: true };
  }

  /** The entry that would count for `key`, without making one (undefined: a fresh one would). */
  peek(key: string, now: number): Slot<V> | undefined {
    const mine = this.own.get(key);
    if (mine) return { key, value: mine, shared: false };
    this.expire(now);
    if (this.own.size < this.maxKeys) return undefined;
    const [prefix, global] = this.overflowOf(key);
    const target = this.shared.has(prefix) || this.shared.size < this.maxSharedKeys ? prefix : global;
    const bucket = this.shared.get(target);
    return bucket ? { key: target, value: bucket, shared: true } : undefined;
  }

  /** Marks the slot's entry as brought up to date at `now` (it moves to the end of the expiry order). */
  renew(slot: Slot<V>, now: number): void {
    const map = slot.shared ? this.shared : this.own;
    map.delete(slot.key);
    slot.value.since = now;
    map.set(slot.key, slot.value);
  }

  /** Drops the entries whose time has passed (they are at the front). */
  private expire(now: number): void {
    for (const map of [this.own, this.shared]) {
      for (const [key, value] of map) {
        if (now - value.since < this.ttlMs) break;
        map.delete(key);
      }
    }
  }

  /** Visitors with an entry of their own. */
  get size(): number {
    return this.own.size;
  }

  /** Shared overflow buckets in use. */
  get sharedSize(): number {
    return this.shared.size;
  }
}
