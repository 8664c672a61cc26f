import { isVisitWindow, visitWindowLabel } from '@/contracts/deliveries';
import { unitReturnOf } from '@/contracts/unit-return';
import { rentalBilling } from '@/server/billing/rental-billing';
import { refundableFeesOf } from '@/server/billing/refunds';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { AdminOrderDetail } from '@/contracts/admin/orders';
import type { Db } from '@/server/platform/db/client';
import {
  adminUsers,
  agreements,
  cancellationRequests,
  customers,
  deliveryTasks,
  orders,
  unitModels,
  units,
} from '@/server/platform/db/schema';
import { NotFound } from '@/server/platform/errors';
import { unitIsFree } from '@/server/rentals/units/predicates';
import { isoOrNull } from '@/server/platform/lib/paging';
import { orderNotFound } from '@/server/rentals/orders/lock-order';
import { orderTermsOf } from '@/server/rentals/orders/order-terms';
import { allowedNextStatuses } from '@/server/rentals/orders/transitions';
import { liveHoldEnd } from '@/server/rentals/phone-orders/link';
import { phoneLinkStatus } from '@/server/rentals/phone-orders/link-status';

export function agreementPdfPath(orderId: string): string {
  return `/api/admin/orders/${orderId}/agreement`;
}

/** A phone order's current link (rentals/phone-orders/link-key.ts), made by the route that knows the site. */
export type PhoneLinkOf = (order: { id: string; linkVersion: number }) => string;

/** Everything the order panel shows, plus what may be done with the order now. */
export async function orderDetail(db: Db, orderId: string, now: Date, linkOf?: PhoneLinkOf): Promise<AdminOrderDetail> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw orderNotFound();
  const [[customer], [model], [unit], [agreement], tasks, requests, assignable] = await Promise.all([
    db.select().from(customers).where(eq(customers.id, order.customerId)),
    db.select().from(unitModels).where(eq(unitModels.id, order.modelId)),
    order.unitId
      ? db
          .select({ id: units.id, serial: units.serial, status: units.status, currentOrderId: units.currentOrderId })
          .from(units)
          .where(eq(units.id, order.unitId))
      : Promise.resolve([]),
    db
      .select({
        signedAt: agreements.signedAt,
        typedName: agreements.typedName,
        version: agreements.version,
        hasPdf: sql<boolean>`${agreements.pdfData} is not null`,
      })
      .from(agreements)
      .where(eq(agreements.orderId, order.id))
      .orderBy(desc(agreements.createdAt))
      .limit(1),
    db.select().from(deliveryTasks).where(eq(deliveryTasks.orderId, order.id)).orderBy(asc(deliveryTasks.createdAt)),
    db
      .select({ request: cancellationRequests, processedBy: adminUsers.username })
      .from(cancellationRequests)
      .leftJoin(adminUsers, eq(adminUsers.id, cancellationRequests.processedBy))
      .where(eq(cancellationRequests.orderId, order.id))
      .orderBy(desc(cancellationRequests.createdAt)),
    order.status === 'active'
      ? db
          .select({ id: units.id, serial: units.serial, btu: units.btu })
          .from(units)
          .where(and(eq(units.modelId, order.modelId), unitIsFree(now)))
          .orderBy(asc(units.serial))
          .limit(100)
      : Promise.resolve([]),
  ]);
  if (!customer || !model) throw orderNotFound();
  const [billing, paidFees, heldUntil] = await Promise.all([
    rentalBilling(db, order),
    refundableFeesOf(db, order),
    order.source === 'phone' && order.status === 'pending' ? liveHoldEnd(db, order.id, now) : null,
  ]);

  return {
    order: {
      ...orderTermsOf(order),
      cancelReason: order.cancelReason,
      endDate: order.endDate,
      deliveryChargeCents: order.deliveryChargeCents,
      deliveryMiles: order.deliveryMiles === null ? null : Number(order.deliveryMiles),
      createdAt: order.createdAt.toISOString(),
    },
    customer: { id: customer.id, name: customer.name, email: customer.email, phone: customer.phone },
    model: { id: model.id, name: model.name, btuTier: model.btuTier },
    unit: unit ? { id: unit.id, serial: unit.serial, status: unit.status } : null,
    agreement: agreement
      ? {
          signedAt: agreement.signedAt.toISOString(),
          typedName: agreement.typedName,
          version: agreement.version,
          pdfUrl: agreement.hasPdf ? agreementPdfPath(order.id) : null,
        }
      : null,
    deliveryTasks: tasks.map((task) => ({
      id: task.id,
      type: task.type,
      scheduledDate: task.scheduledDate,
      timeWindow: task.timeWindow && isVisitWindow(task.timeWindow) ? visitWindowLabel(task.timeWindow) : null,
      completedAt: isoOrNull(task.completedAt),
      status: task.status,
      notes: task.notes,
    })),
    unitReturn: unitReturnOf(order, tasks, unit ?? null),
    billing,
    paidFees,
    phoneOrder: phoneOrderOf(order, heldUntil, linkOf),
    cancellationRequests: requests.map(({ request, processedBy }) => ({
      id: request.id,
      requestDate: request.requestDate.toISOString(),
      effectiveDate: request.effectiveDate,
      reason: request.reason,
      status: request.status,
      processedAt: isoOrNull(request.processedAt),
      processedBy,
      notes: request.notes,
    })),
    allowedStatuses: allowedNextStatuses(order.status),
    assignableUnits: assignable,
  };
}

/** The signed agreement's PDF for an order (the latest agreement), for the admin to open. */
export async function agreementPdf(db: Db, orderId: string): Promise<{ pdf: Buffer; orderNumber: string }> {
  const [row] = await db
    .select({ pdf: agreements.pdfData, orderNumber: orders.orderNumber })
    .from(agreements)
    .innerJoin(orders, eq(orders.id, agreements.orderId))
    .where(eq(agreements.orderId, orderId))
    .orderBy(desc(agreements.createdAt))
    .limit(1);
  if (!row?.pdf) throw new NotFound('Agreement PDF not available');
  return { pdf: row.pdf, orderNumber: row.orderNumber };
}

/** A phone order's link and hold as the panel shows them; null for a checkout's order. */
function phoneOrderOf(
  order: typeof orders.$inferSelect,
  heldUntil: Date | null,
  linkOf: PhoneLinkOf | undefined,
): AdminOrderDetail['phoneOrder'] {
  const linkStatus = phoneLinkStatus(order);
  if (!linkStatus) return null;
  return {
    linkStatus,
    linkSentAt: isoOrNull(order.linkSentAt),
    linkOpenedAt: isoOrNull(order.linkOpenedAt),
    linkSignedAt: isoOrNull(order.linkSignedAt),
    heldUntil: isoOrNull(heldUntil),
    linkUrl: order.status === 'pending' && heldUntil && linkOf ? linkOf(order) : null,
  };
}
