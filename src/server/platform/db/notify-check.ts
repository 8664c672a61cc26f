import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { Database } from './client';

/** What a start learns from one NOTIFY round trip (PGlite is one process: always heard). */
export type NotifyRoundTrip = 'heard' | 'not-heard' | 'no-listener';

const CHECK_CHANNEL = 'coolrent_notify_check';

/**
 * Sends one NOTIFY through the pool and waits for it on a LISTEN connection of its own, as every instance's caches
 * and the other instances' rely on (ADR 024, 010). Through a transaction pooler (PgBouncer or a provider's
 * "transaction mode" port) a LISTEN session is handed back to the pool after each statement and never hears
 * anything: every instance would then keep a stale catalog and orders list for good. A direct connection or a
 * session-mode pooler hears it within milliseconds.
 */
export async function notifyRoundTrip(database: Database, timeoutMs = 5000): Promise<NotifyRoundTrip> {
  if (database.kind === 'pglite') return 'heard';
  const payload = randomUUID();
  let heard: () => void = () => {};
  const arrived = new Promise<'heard'>((resolve) => (heard = () => resolve('heard')));
  const subscription = await database.listen(CHECK_CHANNEL, {
    onNotify: (message) => {
      if (message === payload) heard();
    },
    onLost: () => {},
  });
  const giveUp = new AbortController();
  try {
    if (!subscription.live) return 'no-listener';
    await database.db.execute(sql`select pg_notify(${CHECK_CHANNEL}, ${payload})`);
    const timedOut = sleep(timeoutMs, 'not-heard' as const, { signal: giveUp.signal }).catch(() => 'heard' as const);
    return await Promise.race([arrived, timedOut]);
  } finally {
    giveUp.abort();
    await subscription.close();
  }
}

/** The start's words for a round trip that failed; production refuses to start with them. */
export function notifyProblem(result: NotifyRoundTrip): string | null {
  if (result === 'heard') return null;
  const what =
    result === 'no-listener'
      ? 'DATABASE_URL accepts queries but a LISTEN connection on it could not be opened'
      : 'a NOTIFY sent on DATABASE_URL was not heard by a LISTEN on it within 5 s';
  return (
    `${what}: is DATABASE_URL a transaction pooler (PgBouncer in transaction mode, a provider's "pooled" port)? ` +
    'Each instance keeps the catalog and the orders list in memory and drops them when another instance NOTIFYs a ' +
    'change; through such a pooler no change is ever heard. Use a direct connection or a session-mode pooler ' +
    '(docs/operations.md, "PostgreSQL connections").'
  );
}

/** What a production start on PGlite says first (docs/operations.md, "Which database"). */
export const PGLITE_IN_PRODUCTION =
  'production on PGlite (no DATABASE_URL): one process on one machine, no replica and no second instance; the ' +
  'data is only as safe as the copies of `db-backup` taken off this machine (docs/operations.md, "Which database").';
