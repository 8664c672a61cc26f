import type pg from 'pg';
import { eventually } from './eventually';

/**
 * Waits (as `client` sees it) until one session waits for a shared turn on an advisory lock of `lockClass`: a
 * checkout spending a budget of tickets (7: the unpaid share's, migration 0034; 3: a delivery window's, 0036) while
 * `client` holds the lock alone.
 */
export async function aSharedTurnWaits(client: pg.Client, lockClass: number): Promise<void> {
  const waiting = async () =>
    (
      await client.query<{ n: number }>(
        `select count(*)::int as n from pg_locks
         where locktype = 'advisory' and classid = $1 and mode = 'ShareLock' and not granted`,
        [lockClass],
      )
    ).rows[0]!.n;
  await eventually(waiting, 1, 5000);
}
