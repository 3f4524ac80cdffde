import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import { and, eq, gt, lte, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { rateLimits } from "../db/schema.js";

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

// Milliseconds left in the window, by the database's clock, so servers whose clocks differ agree.
const ttlMs = sql<number>`greatest(ceil(extract(epoch from (${rateLimits.resetAt} - now())) * 1000), 0)::int`;
const SWEEP_EVERY_MS = 60_000;

/**
 * A store for `@fastify/rate-limit` kept in the `rate_limits` table: one row per key and fixed
 * window, counted by a single upsert, so every server process on the same database counts
 * together (N servers allow the limit once, not N times).
 */
export function databaseRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  let nextSweep = 0;

  // Ended windows are deleted once a minute per process, or every address ever tried would stay.
  async function sweep(): Promise<void> {
    if (Date.now() < nextSweep) return;
    nextSweep = Date.now() + SWEEP_EVERY_MS;
    await db.delete(rateLimits).where(lte(rateLimits.resetAt, sql`now()`));
  }

  async function increment(key: string, timeWindowMs: number) {
    await sweep();
    const [row] = await db
      .insert(rateLimits)
      .values({ key, count: 1, resetAt: sql`now() + ${timeWindowMs} * interval '1 millisecond'` })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end`,
          resetAt: sql`case when ${rateLimits.resetAt} <= now() then excluded.reset_at else ${rateLimits.resetAt} end`,
        },
      })
      .returning({ current: rateLimits.count, ttl: ttlMs });
    return { current: row?.current ?? 1, ttl: row?.ttl ?? timeWindowMs };
  }

  async function read(key: string) {
    const [row] = await db
      .select({ current: rateLimits.count, ttl: ttlMs })
      .from(rateLimits)
      .where(and(eq(rateLimits.key, key), gt(rateLimits.resetAt, sql`now()`)));
    return row ?? { current: 0, ttl: 0 };
  }

  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: Callback, timeWindow: number): void {
      increment(key, timeWindow).then((r) => callback(null, r), callback);
    }

    /** Counts without adding one: what `createRateLimit(...)(req, { increment: false })` calls. */
    read(key: string, callback: Callback): void {
      read(key).then((r) => callback(null, r), callback);
    }

    // Keys carry their route's name already (auth/route-limits.ts), so every route shares the table.
    child(): FastifyRateLimitStore {
      return this;
    }
  }
  return DatabaseRateLimitStore;
}
