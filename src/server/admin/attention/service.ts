import { and, asc, eq, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { AttentionItem } from '@/contracts/admin/attention';
import { addDays, todayInLosAngeles } from '@/contracts/dates';
import { formatCents } from '@/contracts/money';
import { isVisitWindow, visitWindowLabel } from '@/contracts/deliveries';
import { formatVisitDay } from '@/contracts/service-requests';
import type { Db } from '@/server/platform/db/client';
import {
  cancellationRequests,
  customers,
  deliveryTasks,
  invoices,
  orders,
  subscriptions,
  units,
} from '@/server/platform/db/schema';

/** How far ahead an undated or unit-less delivery or pickup counts as needing attention. */
const DUE_WITHIN_DAYS = 2;
/** Each kind lists at most this many (the oldest first); the dashboard is a to-do list, not a report. */
const PER_KIND = 50;

const OPEN_TASK = ['pending', 'scheduled'];
const ENDED_ORDER = ['completed', 'cancelled'];

/** The order's open pickup with no day booked yet (what "Schedule pickup" books); null when there is none. */
const unbookedPickupId = sql<string | null>`(select min(${deliveryTasks.id}::text) from ${deliveryTasks}
  where ${deliveryTasks.orderId} = ${orders.id} and ${deliveryTasks.type} = 'pickup'
  and ${deliveryTasks.status} = 'pending')`;

/** The day the order's pickup is booked on; null when none is booked (none open, or one with no day yet). */
const bookedPickupDate = sql<string | null>`(select min(${deliveryTasks.scheduledDate}) from ${deliveryTasks}
  where ${deliveryTasks.orderId} = ${orders.id} and ${deliveryTasks.type} = 'pickup'
  and ${deliveryTasks.status} = 'scheduled')`;

/** The window of the order's booked pickup. */
const bookedPickupWindow = sql<string | null>`(select min(${deliveryTasks.timeWindow}) from ${deliveryTasks}
  where ${deliveryTasks.orderId} = ${orders.id} and ${deliveryTasks.type} = 'pickup'
  and ${deliveryTasks.status} = 'scheduled')`;

/** What an ended rental's pickup is, in words that say whether a day (and which window) is booked (issue 33). */
function pickupNote(pickupId: string | null, pickupDate: string | null, pickupWindow: string | null): string {
  if (pickupDate) {
    const window = pickupWindow && isVisitWindow(pickupWindow) ? `, ${visitWindowLabel(pickupWindow)}` : '';
    return ` (pickup booked for ${formatVisitDay(pickupDate)}${window})`;
  }
  return pickupId ? ' (pickup not scheduled yet: book its day)' : ' (no pickup scheduled yet)';
}

async function lateRentals(db: Db): Promise<AttentionItem[]> {
  const rows = await db
    .select({
      order: orders,
      customerName: customers.name,
      // Everything the rental owes (rent and a fee invoice can both be open), and the charges that failed so far.
      amountDue: sql<number | null>`(select sum(${invoices.amountDueCents} - ${invoices.amountPaidCents})
        from ${invoices} join ${subscriptions} on ${subscriptions.id} = ${invoices.subscriptionId}
        where ${subscriptions.orderId} = ${orders.id} and ${invoices.status} = 'open')`,
      failedCharges: sql<number | null>`(select max(${invoices.attemptCount})
        from ${invoices} join ${subscriptions} on ${subscriptions.id} = ${invoices.subscriptionId}
        where ${subscriptions.orderId} = ${orders.id} and ${invoices.status} = 'open')`,
      firstFailedAt: sql<string | null>`(select min(${invoices.firstFailedAt})
        from ${invoices} join ${subscriptions} on ${subscriptions.id} = ${invoices.subscriptionId}
        where ${subscriptions.orderId} = ${orders.id} and ${invoices.status} = 'open')`,
      pickupId: unbookedPickupId,
      pickupDate: bookedPickupDate,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(and(inArray(orders.billingStatus, ['past_due', 'suspended']), eq(orders.status, 'active')))
    .orderBy(asc(orders.updatedAt))
    .limit(PER_KIND * 2);
  const items = rows.map(
    ({ order, customerName, amountDue, failedCharges, firstFailedAt, pickupId, pickupDate }): AttentionItem => {
      const suspended = order.billingStatus === 'suspended';
      const unpaid = amountDue === null ? 'A payment' : `${formatCents(Number(amountDue))}`;
      const failed = Math.max(2, Number(failedCharges ?? 0));
      return {
        kind: suspended ? 'suspended' : 'past_due',
        orderId: order.id,
        orderNumber: order.orderNumber,
        customerName,
        detail: suspended ? `${unpaid} unpaid after ${failed} failed payments` : `${unpaid} unpaid: a payment failed`,
        date: firstFailedAt ? todayInLosAngeles(new Date(firstFailedAt)) : null,
        canSchedulePickup: suspended && !pickupDate,
        pickupId,
      };
    },
  );
  // Suspended rentals first: they are the ones that may need a pickup.
  return [...items.filter((item) => item.kind === 'suspended'), ...items.filter((item) => item.kind === 'past_due')];
}

async function waitingCancellations(db: Db): Promise<AttentionItem[]> {
  const rows = await db
    .select({ request: cancellationRequests, order: orders, customerName: customers.name })
    .from(cancellationRequests)
    .innerJoin(orders, eq(orders.id, cancellationRequests.orderId))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(eq(cancellationRequests.status, 'pending'))
    .orderBy(asc(cancellationRequests.createdAt))
    .limit(PER_KIND);
  return rows.map(({ request, order, customerName }) => ({
    kind: 'cancellation_request',
    orderId: order.id,
    orderNumber: order.orderNumber,
    customerName,
    detail: 'Cancellation requested: waiting for your decision',
    date: request.effectiveDate,
    canSchedulePickup: false,
    pickupId: null,
  }));
}

async function unreadyVisits(db: Db, today: string): Promise<AttentionItem[]> {
  const horizon = addDays(today, DUE_WITHIN_DAYS);
  const due = sql<string>`coalesce(${deliveryTasks.scheduledDate}, ${deliveryTasks.preferredDate}, case when ${deliveryTasks.type} = 'delivery'
    then ${orders.startDate} else ${orders.endDate} end)`;
  const rows = await db
    .select({ task: deliveryTasks, order: orders, customerName: customers.name, due })
    .from(deliveryTasks)
    .innerJoin(orders, eq(orders.id, deliveryTasks.orderId))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(
      and(
        inArray(deliveryTasks.status, OPEN_TASK),
        inArray(deliveryTasks.type, ['delivery', 'pickup']),
        ne(orders.status, 'pending'),
        or(isNull(due), lte(due, horizon)),
        or(isNull(deliveryTasks.scheduledDate), and(eq(deliveryTasks.type, 'delivery'), isNull(orders.unitId))),
      ),
    )
    .orderBy(asc(due))
    .limit(PER_KIND);
  return rows.map(({ task, order, customerName, due: dueDate }) => {
    const delivery = task.type === 'delivery';
    const missing = [!task.scheduledDate && 'no date', delivery && !order.unitId && 'no unit'].filter(Boolean);
    return {
      kind: delivery ? 'delivery_due' : 'pickup_due',
      orderId: order.id,
      orderNumber: order.orderNumber,
      customerName,
      detail: `${delivery ? 'Delivery' : 'Pickup'} due${dueDate && dueDate < today ? ' (overdue)' : ''}: ${missing.join(' and ')}`,
      date: dueDate ?? null,
      // A pickup with no day: "Schedule pickup" books it (a delivery is booked from the Deliveries tab).
      canSchedulePickup: !delivery,
      pickupId: delivery ? null : task.id,
    };
  });
}

async function unitsOutOnEndedOrders(db: Db): Promise<AttentionItem[]> {
  const rows = await db
    .select({
      unit: units,
      order: orders,
      customerName: customers.name,
      pickupId: unbookedPickupId,
      pickupDate: bookedPickupDate,
      pickupWindow: bookedPickupWindow,
    })
    .from(units)
    .innerJoin(orders, eq(orders.id, units.currentOrderId))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(and(eq(units.status, 'rented'), inArray(orders.status, ENDED_ORDER)))
    .orderBy(asc(orders.endDate))
    .limit(PER_KIND);
  return rows.map(({ unit, order, customerName, pickupId, pickupDate, pickupWindow }) => ({
    kind: 'unit_out',
    orderId: order.id,
    orderNumber: order.orderNumber,
    customerName,
    detail: `Unit ${unit.serial} is still at the customer's; the rental ended${pickupNote(pickupId, pickupDate, pickupWindow)}`,
    date: order.endDate,
    canSchedulePickup: !pickupDate,
    pickupId,
  }));
}

/** Everything on the owner's "Needs attention" list (contract: src/contracts/admin/attention.ts). */
export async function needsAttention(db: Db, now: Date): Promise<AttentionItem[]> {
  const today = todayInLosAngeles(now);
  const [late, cancellations, visits, unitsOut] = await Promise.all([
    lateRentals(db),
    waitingCancellations(db),
    unreadyVisits(db, today),
    unitsOutOnEndedOrders(db),
  ]);
  // A pickup the suspended or ended rental's own line already offers to book is not listed twice.
  const offered = new Set([...late, ...unitsOut].filter((item) => item.canSchedulePickup).map((item) => item.orderId));
  const ownVisits = visits.filter((item) => item.kind !== 'pickup_due' || !offered.has(item.orderId));
  return [...late, ...cancellations, ...ownVisits, ...unitsOut];
}
