/**
 * A fixed-window rate limit per client address (per minute). Over the limit the call answers
 * HTTP 429 with `data.type: 'captcha'` (the captcha protocol of accounts-and-comms §4).
 */

export interface RateDecision {
  allowed: boolean;
  remaining: number;
  /** Seconds until the window resets. */
  retryAfter: number;
}

export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    /** Requests per minute per key; 0 disables the limit. */
    readonly limitPerMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  hit(key: string): RateDecision {
    if (this.limitPerMinute <= 0) return { allowed: true, remaining: Infinity, retryAfter: 0 };
    const now = this.now();
    let w = this.windows.get(key);
    if (!w || now - w.start >= 60_000) {
      w = { start: now, count: 0 };
      this.windows.set(key, w);
    }
    w.count++;
    const retryAfter = Math.max(1, Math.ceil((w.start + 60_000 - now) / 1000));
    return { allowed: w.count <= this.limitPerMinute, remaining: Math.max(0, this.limitPerMinute - w.count), retryAfter };
  }

  /** Drops finished windows (called periodically). */
  sweep(): void {
    const now = this.now();
    for (const [key, w] of this.windows) if (now - w.start >= 60_000) this.windows.delete(key);
  }

  get size(): number {
    return this.windows.size;
  }
}
