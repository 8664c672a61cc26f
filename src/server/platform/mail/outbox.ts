import { and, asc, count, eq, lt, lte, min, notInArray, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '@/server/platform/db/client';
import { notifications } from '@/server/platform/db/schema';
import type { OwnerAlertKind } from './owner-alerts';

export type NotificationRow = typeof notifications.$inferSelect;

export interface Notification {
  /** Once-only: a second notification with the same key is dropped (e.g. `payment_failed:in_123:1`). */
  key: string;
  audience: 'customer' | 'owner' | 'lead';
  /** A customer notification names its e-mail template type; an owner alert names its alert (./owner-alerts.ts). */
  kind: string;
  customerId: string | null;
  orderId: string | null;
  values: Record<string, string>;
}

/** Queues a message inside the transaction that caused it: it exists if and only if the cause committed. */
export async function enqueueNotification(tx: Tx | Db, notification: Notification): Promise<boolean> {
  const inserted = await tx
    .insert(notifications)
    .values(notification)
    .onConflictDoNothing({ target: notifications.key })
    .returning({ id: notifications.id });
  return inserted.length > 0;
}

/**
 * Queues an alert to the owner (./owner-alerts.ts words each kind from its values) inside the transaction that
 * caused it, once per `occasion` of its kind: its key is `owner:<kind>:<occasion>`.
 */
export function enqueueOwnerAlert(
  tx: Tx | Db,
  alert: Omit<Notification, 'key' | 'audience' | 'kind'> & { kind: OwnerAlertKind; occasion: string },
): Promise<boolean> {
  const { occasion, ...notification } = alert;
  return enqueueNotification(tx, { ...notification, key: `owner:${alert.kind}:${occasion}`, audience: 'owner' });
}

/**
 * Queues a templated e-mail about one order to its customer (the template type is `kind`) inside the transaction
 * that caused it, once per `occasion` of its kind: its key is `<key prefix, by default kind>:<occasion>`. The
 * customer's address, name and the order's number are filled in here; links are made when it is sent.
 */
export function enqueueCustomerEmail(
  tx: Tx | Db,
  email: {
    kind: string;
    occasion: string;
    keyPrefix?: string;
    order: { id: string; orderNumber: string };
    customer: { id: string; email: string; name: string };
    values: Record<string, string>;
  },
): Promise<boolean> {
  const { order, customer } = email;
  return enqueueNotification(tx, {
    key: `${email.keyPrefix ?? email.kind}:${email.occasion}`,
    audience: 'customer',
    kind: email.kind,
    customerId: customer.id,
    orderId: order.id,
    values: {
      recipientEmail: customer.email,
      customerName: customer.name,
      orderNumber: order.orderNumber,
      ...email.values,
    },
  });
}

/** A claim older than this belongs to a sender that died: the message is offered again. */
const STALE_CLAIM_MS = 10 * 60_000;

/**
 * After the n-th failed try the next one waits RETRY_DELAYS_MS[n - 1] (about 1 min, 5 min, 30 min, 2 h, 12 h:
 * an SMTP outage of most of a day loses nothing); after the last, the message has failed and the owner is told.
 */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 12 * 3_600_000] as const;
export const MAX_SEND_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** A pending message is due when never tried, or when its last try is at least the wait its tries earned ago. */
function dueAt(now: Date) {
  return or(
    eq(notifications.attempts, 0),
    ...RETRY_DELAYS_MS.map((delayMs, index) =>
      and(eq(notifications.attempts, index + 1), lte(notifications.claimedAt, new Date(now.getTime() - delayMs))),
    ),
  );
}

/**
 * Claims the oldest message due, so that no other sender (another app instance) takes it: `for update skip
 * locked` lets concurrent senders pass each other instead of waiting or taking the same row. `skip`: messages
 * this run already tried (a failure is tried again on a later run, not at once).
 */
export async function claimNextNotification(
  db: Db,
  now: Date,
  skip: readonly string[] = [],
): Promise<NotificationRow | null> {
  return db.transaction(async (tx) => {
    const staleBefore = new Date(now.getTime() - STALE_CLAIM_MS);
    const [due] = await tx
      .select({ id: notifications.id })
      .from(notifications)
      .where(
        and(
          or(
            and(eq(notifications.status, 'pending'), dueAt(now)),
            and(eq(notifications.status, 'sending'), lt(notifications.claimedAt, staleBefore)),
          ),
          skip.length > 0 ? notInArray(notifications.id, [...skip]) : undefined,
        ),
      )
      .orderBy(asc(notifications.createdAt))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!due) return null;
    const [claimed] = await tx
      .update(notifications)
      .set({ status: 'sending', claimedAt: now, attempts: sql`${notifications.attempts} + 1` })
      .where(eq(notifications.id, due.id))
      .returning();
    return claimed ?? null;
  });
}

/**
 * Records how a claimed message's try went, and returns its status now: 'sent'; 'pending' (tried again after its
 * wait); 'failed' after the last try, or at once when `final` (a failure that trying again cannot mend: an unfilled
 * placeholder).
 */
export async function settleNotification(
  db: Db,
  row: NotificationRow,
  outcome: { sent: true; at: Date } | { sent: false; error: string; final?: boolean },
): Promise<'sent' | 'pending' | 'failed'> {
  const status = outcome.sent ? 'sent' : outcome.final || row.attempts >= MAX_SEND_ATTEMPTS ? 'failed' : 'pending';
  const set = outcome.sent
    ? { status, sentAt: outcome.at, lastError: null }
    : { status, lastError: outcome.error.slice(0, 2000) };
  await db
    .update(notifications)
    .set(set)
    .where(and(eq(notifications.id, row.id), eq(notifications.status, 'sending')));
  return status;
}

/**
 * What waits to be sent: how many messages are pending or being sent, and when the oldest of them was queued (null
 * when none waits). The condition is the due index's own (notifications_due_idx), written as literals so the
 * planner can use that small index on every plan.
 */
export async function outboxBacklog(db: Db): Promise<{ depth: number; oldestQueuedAt: Date | null }> {
  const [row] = await db
    .select({ depth: count(), oldestQueuedAt: min(notifications.createdAt) })
    .from(notifications)
    .where(sql`${notifications.status} in ('pending', 'sending')`);
  return { depth: row?.depth ?? 0, oldestQueuedAt: row?.oldestQueuedAt ?? null };
}
