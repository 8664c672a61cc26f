import { and, count, desc, eq, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AuditEvent, AuditEventQuery } from '@/contracts/admin/audit';
import type { Page } from '@/contracts/admin/common';
import type { Db } from '@/server/platform/db/client';
import {
  additionalFees,
  adminUsers,
  auditEvents,
  cancellationRequests,
  deliveryTasks,
} from '@/server/platform/db/schema';
import { pageWindow, toPage } from '@/server/platform/lib/paging';

/**
 * The events of a record and of the records hanging off it: an order with its cancellation requests, delivery tasks
 * and fees; a customer with their fees and cancellation requests (their orders have their own history). Each arm
 * is an equality on (entity_type, entity_id), which `audit_events_entity_idx` serves.
 */
function historyOf(db: Db, { subject, id }: AuditEventQuery): SQL {
  const about = (entityType: string, ids: string | SQLWrapper) =>
    and(
      eq(auditEvents.entityType, entityType),
      // `= any(array(…))`, not `in (…)`: inside an OR, PostgreSQL turned `in` into a filter on a full scan
      // (200k events: a parallel seq scan); the array becomes an index condition of each arm.
      typeof ids === 'string' ? eq(auditEvents.entityId, ids) : sql`${auditEvents.entityId} = any(array(${ids}))`,
    );
  const requests = (where: SQL) => db.select({ id: cancellationRequests.id }).from(cancellationRequests).where(where);
  const fees = (where: SQL) => db.select({ id: additionalFees.id }).from(additionalFees).where(where);
  if (subject === 'order') {
    return or(
      about('order', id),
      about('cancellation_request', requests(eq(cancellationRequests.orderId, id))),
      about(
        'delivery_task',
        db.select({ id: deliveryTasks.id }).from(deliveryTasks).where(eq(deliveryTasks.orderId, id)),
      ),
      about('additional_fee', fees(eq(additionalFees.orderId, id))),
    )!;
  }
  return or(
    about('customer', id),
    about('additional_fee', fees(eq(additionalFees.customerId, id))),
    about('cancellation_request', requests(eq(cancellationRequests.customerId, id))),
  )!;
}

const actorTypes = new Set<AuditEvent['actorType']>(['admin', 'customer', 'system']);

/** One page of a record's history, newest first, with the acting admin's username. */
export async function auditHistory(db: Db, query: AuditEventQuery): Promise<Page<AuditEvent>> {
  const where = historyOf(db, query);
  const { limit, offset } = pageWindow(query);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: auditEvents.id,
        actorType: auditEvents.actorType,
        actorName: adminUsers.username,
        action: auditEvents.action,
        entityType: auditEvents.entityType,
        details: auditEvents.details,
        createdAt: auditEvents.createdAt,
      })
      .from(auditEvents)
      .leftJoin(adminUsers, and(eq(auditEvents.actorType, 'admin'), eq(adminUsers.id, auditEvents.actorId)))
      .where(where)
      .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(auditEvents).where(where),
  ]);
  const items = rows.map((row) => ({
    ...row,
    // Any actor type written in future that this code does not know is shown as the system's.
    actorType: actorTypes.has(row.actorType as AuditEvent['actorType'])
      ? (row.actorType as AuditEvent['actorType'])
      : 'system',
    createdAt: row.createdAt.toISOString(),
  }));
  return toPage(items, total?.n ?? 0, query);
}
