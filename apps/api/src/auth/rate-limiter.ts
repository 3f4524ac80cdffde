/** The outcome of one counted request. */
export interface RateLimitResult {
  allowed: boolean;
  /** Whole seconds until the key's window ends (at least 1). */
  retryAfterSeconds: number;
}

/**
 * A fixed-window counter per key: at most `limit` requests per `windowMs`.
 *
 * The counts live in this process's memory, so each app server counts on its own: behind a load
 * balancer with N servers a client gets up to N times the limit. That still stops password guessing
 * and mail flooding at the scale that matters, without a shared store.
 */
export class FixedWindowLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private nextSweep = 0;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request for the key and says whether it may proceed. */
  hit(key: string): RateLimitResult {
    const now = this.now();
    this.sweep(now);
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return {
      allowed: window.count <= this.limit,
      retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt - now) / 1000)),
    };
  }

  /** How many keys are being counted (ended windows are dropped once per window). */
  get size(): number {
    return this.windows.size;
  }

  // Without this, every address ever tried would stay in memory.
  private sweep(now: number): void {
    if (now < this.nextSweep) return;
    for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key);
    this.nextSweep = now + this.windowMs;
  }
}
