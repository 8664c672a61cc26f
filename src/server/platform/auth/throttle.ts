import { and, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/server/platform/db/client';
import { signInThrottles } from '@/server/platform/db/schema';

/**
 * Exponential back-off for admin sign-in, one counter per key. The first `free` attempts of a burst go through;
 * after each further attempt the next one must wait twice as long as the last (2 s, 4 s, 8 s ...), never more than
 * `capMs`. Attempts refused while waiting are not counted and do not extend the wait, so a key's wait is only ever
 * what its own attempts earned. A burst ends after an hour without attempts: the counter starts again and a new
 * alert may go out. Counters live in the database, so every instance sees the same ones.
 */
export interface BackoffRule {
  free: number;
  capMs: number;
}

export const BURST_QUIET_MS = 60 * 60_000;

/** How long the attempt after `attempts` must wait under `rule`. */
export function backoffMs(attempts: number, rule: BackoffRule): number {
  return attempts <= rule.free ? 0 : Math.min(rule.capMs, 1000 * 2 ** (attempts - rule.free));
}

export type Claim = { allowed: true; attempts: number } | { allowed: false; retryAt: Date };

const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;

/** Counts one attempt against `key`, unless the key is waiting: then says until when. Atomic per key. */
export async function claimAttempt(db: Db, key: string, rule: BackoffRule, now: Date): Promise<Claim> {
  const t = signInThrottles;
  const burstOver = sql`${t.lastAttemptAt} < ${at(new Date(now.getTime() - BURST_QUIET_MS))}`;
  const attempts = sql`(case when ${burstOver} then 1 else ${t.attempts} + 1 end)`;
  const waitSeconds = sql`least(${rule.capMs / 1000}::float8, power(2, ${attempts} - ${rule.free}::int)::float8)`;
  const [row] = await db
    .insert(t)
    .values({ key, attempts: 1, firstAttemptAt: now, lastAttemptAt: now })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        attempts,
        firstAttemptAt: sql`case when ${burstOver} then ${at(now)} else ${t.firstAttemptAt} end`,
        lastAttemptAt: now,
        blockedUntil: sql`case when ${attempts} > ${rule.free}::int
          then ${at(now)} + make_interval(secs => ${waitSeconds}) end`,
        alertedAt: sql`case when ${burstOver} then null else ${t.alertedAt} end`,
      },
      setWhere: sql`${t.blockedUntil} is null or ${t.blockedUntil} <= ${at(now)}`,
    })
    .returning({ attempts: t.attempts });
  if (row) return { allowed: true, attempts: row.attempts };
  const [waiting] = await db.select({ until: t.blockedUntil }).from(t).where(eq(t.key, key));
  return { allowed: false, retryAt: waiting?.until ?? now };
}

/** Forgets keys outright: a successful sign-in clears its own browser's and its own address's count. */
export async function clearAttempts(db: Db, keys: string[]): Promise<void> {
  if (keys.length > 0) await db.delete(signInThrottles).where(inArray(signInThrottles.key, keys));
}

/** Takes back the attempt a successful sign-in counted on shared keys (an address, a username from anywhere). */
export async function takeBackAttempt(db: Db, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db
    .update(signInThrottles)
    .set({ attempts: sql`greatest(${signInThrottles.attempts} - 1, 0)` })
    .where(inArray(signInThrottles.key, keys));
}

/**
 * Marks the key's burst as alerted once it reaches `threshold` attempts, exactly once per burst (the first caller
 * wins). Returns the burst's size and start when this call is the one that should alert, else null.
 */
export async function claimBurstAlert(
  db: Db,
  key: string,
  threshold: number,
  now: Date,
): Promise<{ attempts: number; since: Date } | null> {
  const t = signInThrottles;
  const [row] = await db
    .update(t)
    .set({ alertedAt: now })
    .where(and(eq(t.key, key), gte(t.attempts, threshold), isNull(t.alertedAt)))
    .returning({ attempts: t.attempts, since: t.firstAttemptAt });
  return row ?? null;
}
