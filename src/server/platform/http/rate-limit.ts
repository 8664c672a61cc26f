import { lt, sql } from 'drizzle-orm';
import type { Db } from '@/server/platform/db/client';
import { rateLimitBuckets } from '@/server/platform/db/schema';
import { TooManyRequests } from '../errors';

export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

/**
 * Counts one hit against `key` in a fixed window and throws TooManyRequests (with the seconds until the window
 * ends) once the window's limit is passed. Counters live in the database, so every instance sees the same count.
 * Windows count on the app clock (`now` from the route), like every other rule that depends on time.
 */
export async function enforceRateLimit(db: Db, key: string, rule: RateLimitRule, at: Date): Promise<void> {
  const window = rateLimitWindow(rule, at);
  const [bucket] = await db
    .insert(rateLimitBuckets)
    .values({ key, windowStart: window.start, hits: 1 })
    .onConflictDoUpdate({
      target: [rateLimitBuckets.key, rateLimitBuckets.windowStart],
      set: { hits: sql`${rateLimitBuckets.hits} + 1` },
    })
    .returning({ hits: rateLimitBuckets.hits });
  await sweepOldWindowsSometimes(db, at);
  if ((bucket?.hits ?? 0) > rule.limit) throw window.refusal();
}

/**
 * The fixed window `at` falls in, and the refusal past its limit (with the seconds until it ends). For a caller
 * that counts its hit in a statement of its own (checkout's create-session counts it in its one statement).
 */
export function rateLimitWindow(rule: RateLimitRule, at: Date) {
  const now = at.getTime();
  const start = new Date(Math.floor(now / rule.windowMs) * rule.windowMs);
  return { start, refusal: () => new TooManyRequests(undefined, (start.getTime() + rule.windowMs - now) / 1000) };
}

/** Old windows are swept now and then rather than by a scheduler. */
export async function sweepOldWindowsSometimes(db: Db, at: Date): Promise<void> {
  if (Math.random() < 0.01) {
    await db.delete(rateLimitBuckets).where(lt(rateLimitBuckets.windowStart, new Date(at.getTime() - 86_400_000)));
  }
}

/** Forgets the hits counted against `key` (a successful sign-in clears its failures). */
export async function resetRateLimit(db: Db, key: string): Promise<void> {
  await db.delete(rateLimitBuckets).where(sql`${rateLimitBuckets.key} = ${key}`);
}
