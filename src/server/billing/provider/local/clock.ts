import { eq } from 'drizzle-orm';
import type { BillingClock } from '@/server/platform/clock';
import type { Db } from '@/server/platform/db/client';
import { localGatewayClock } from '@/server/platform/db/schema';
import { runDueBilling } from './subscriptions';

/** Sets the billing clock to where the demo left it (its offset is kept in the database). */
export async function restoreBillingClock(db: Db, clock: BillingClock): Promise<void> {
  const [row] = await db.select().from(localGatewayClock).where(eq(localGatewayClock.id, 1));
  if (row) clock.restore(row.offsetMs);
}

/**
 * Moves the billing clock to `target`, running in time order everything due on the way (renewals, finalizing,
 * retries, scheduled ends), each at its own time with its events delivered before the next; `atEach` (the app's
 * own scheduled work) runs at each of those times and at the target.
 */
export async function advanceBillingClock(
  db: Db,
  clock: BillingClock,
  target: Date,
  hooks: { deliverEvents: () => Promise<unknown>; atEach: (now: Date) => Promise<void>; publicUrl?: string },
): Promise<Date> {
  await hooks.deliverEvents();
  await runDueBilling(
    db,
    target,
    async (at) => {
      clock.moveTo(at);
      await hooks.deliverEvents();
      await hooks.atEach(at);
    },
    hooks.publicUrl,
  );
  clock.moveTo(target);
  await hooks.atEach(target);
  await db
    .insert(localGatewayClock)
    .values({ id: 1, offsetMs: clock.offset })
    .onConflictDoUpdate({ target: localGatewayClock.id, set: { offsetMs: clock.offset } });
  return clock.now();
}
