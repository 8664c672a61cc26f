import { formatLongDateIn } from '@/i18n/format';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { addDays, todayInLosAngeles } from '@/contracts/dates';
import {
  isVisitWindow,
  openVisitStatuses,
  visitStatuses,
  visitWindowLabel,
  type VisitStatus,
  type VisitWindow,
} from '@/contracts/deliveries';
import {
  formatVisitDay,
  SERVICE_REQUEST_DAYS_AHEAD,
  serviceRequestMessages,
  visitAlreadyRequested,
  visitStateText,
  type ServiceRequestInput,
  type ServiceVisit,
  type ServiceVisitsView,
} from '@/contracts/service-requests';
import { recordAudit } from '@/server/platform/audit-log';
import type { Db, Tx } from '@/server/platform/db/client';
import { customers, deliveryTasks, orders } from '@/server/platform/db/schema';
import { Conflict, Invalid } from '@/server/platform/errors';
import { enqueueNotification, enqueueOwnerAlert } from '@/server/platform/mail/outbox';
import { ownedOrder } from '@/server/customers/account/rentals';

/** The visits a customer follows in the portal: service calls and swap-outs (deliveries and pickups are not). */
const portalVisitTypes = ['service', 'swap'] as const;

type TaskRow = typeof deliveryTasks.$inferSelect;

const asVisitWindow = (value: string | null): VisitWindow | null => (value && isVisitWindow(value) ? value : null);
const asStatus = (value: string): VisitStatus =>
  (visitStatuses as readonly string[]).includes(value) ? (value as VisitStatus) : 'pending';

function toVisit(task: TaskRow): ServiceVisit {
  const timeWindow = asVisitWindow(task.timeWindow);
  return {
    id: task.id,
    type: task.type === 'swap' ? 'swap' : 'service',
    status: asStatus(task.status),
    requestedBy: task.requestedBy,
    problem: task.problem,
    preferredDate: task.preferredDate,
    scheduledDate: task.scheduledDate,
    timeWindow,
    timeWindowLabel: timeWindow ? visitWindowLabel(timeWindow) : null,
    resolution: task.resolution,
    createdAt: task.createdAt.toISOString(),
  };
}

/** Whether the rental's unit is still to be delivered: its delivery visit is open (booked or not, not done). */
async function awaitingDelivery(db: Db | Tx, orderId: string): Promise<boolean> {
  const [open] = await db
    .select({ id: deliveryTasks.id })
    .from(deliveryTasks)
    .where(
      and(
        eq(deliveryTasks.orderId, orderId),
        eq(deliveryTasks.type, 'delivery'),
        inArray(deliveryTasks.status, [...openVisitStatuses]),
      ),
    )
    .limit(1);
  return Boolean(open);
}

async function visitsOf(db: Db | Tx, orderId: string): Promise<TaskRow[]> {
  return db
    .select()
    .from(deliveryTasks)
    .where(and(eq(deliveryTasks.orderId, orderId), inArray(deliveryTasks.type, [...portalVisitTypes])))
    .orderBy(desc(deliveryTasks.createdAt), desc(deliveryTasks.id));
}

const isOpen = (task: TaskRow) => (openVisitStatuses as readonly string[]).includes(task.status);

/** Why no new request can be made now (null: it can), in the customer's words. */
async function unavailableReason(db: Db | Tx, order: { id: string; status: string }, tasks: TaskRow[]) {
  if (order.status !== 'active') return serviceRequestMessages.notActive;
  // Before the unit is delivered there is nothing to service: the delivery visit is where to ask (issue 33).
  if (await awaitingDelivery(db, order.id)) return serviceRequestMessages.notDelivered;
  const open = tasks.find(isOpen);
  return open ? visitAlreadyRequested(visitStateText(toVisit(open))) : null;
}

/** GET /api/portal/{orderId}/service-requests: the order's service visits, newest first. */
export async function serviceVisits(
  db: Db,
  customerId: string,
  orderId: string,
  now: Date,
): Promise<ServiceVisitsView> {
  const order = await ownedOrder(db, customerId, orderId);
  const tasks = await visitsOf(db, order.id);
  const today = todayInLosAngeles(now);
  return {
    today,
    latestPreferredDate: addDays(today, SERVICE_REQUEST_DAYS_AHEAD),
    unavailableReason: await unavailableReason(db, order, tasks),
    visits: tasks.map(toVisit),
  };
}

function checkPreferredDate(preferredDate: string, today: string): void {
  const tooEarly = preferredDate < today;
  if (tooEarly || preferredDate > addDays(today, SERVICE_REQUEST_DAYS_AHEAD)) {
    const message = tooEarly ? serviceRequestMessages.preferredDateInPast : serviceRequestMessages.preferredDateTooFar;
    throw new Invalid(message, { preferredDate: message });
  }
}

/**
 * A customer's "my unit needs service": one open service task per active rental whose unit has been delivered
 * (an open delivery visit refuses it, with the reason the portal shows). The order row is locked while
 * the open visits are checked, so two requests sent together make one task. The task, its audit record, the
 * owner's alert and the customer's acknowledgement commit together (the route sends the queued messages).
 */
export async function requestService(
  db: Db,
  customerId: string,
  orderId: string,
  input: ServiceRequestInput,
  now: Date,
): Promise<ServiceVisit> {
  const owned = await ownedOrder(db, customerId, orderId);
  checkPreferredDate(input.preferredDate, todayInLosAngeles(now));
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, owned.id)).for('update');
    if (!order || order.status !== 'active') throw new Conflict(serviceRequestMessages.notActive);
    const blocked = await unavailableReason(tx, order, await visitsOf(tx, order.id));
    if (blocked) throw new Conflict(blocked);
    const [customer] = await tx.select().from(customers).where(eq(customers.id, customerId));
    if (!customer) throw new Conflict(serviceRequestMessages.notActive);

    const [task] = (await tx
      .insert(deliveryTasks)
      .values({
        orderId: order.id,
        type: 'service',
        status: 'pending',
        requestedBy: 'customer',
        problem: input.problem,
        preferredDate: input.preferredDate,
        unitId: null,
        collectUnitId: null,
        notes: null,
      })
      .returning()) as [TaskRow];
    await recordAudit(tx, {
      actorType: 'customer',
      actorId: customerId,
      action: 'delivery_task.service_requested',
      entityType: 'delivery_task',
      entityId: task.id,
      details: { orderId: order.id, preferredDate: input.preferredDate, note: input.problem },
    });

    const preferredDay = formatVisitDay(input.preferredDate);
    const common = { customerName: customer.name, orderNumber: order.orderNumber, problem: input.problem };
    await enqueueOwnerAlert(tx, {
      kind: 'service_request',
      occasion: task.id,
      customerId,
      orderId: order.id,
      values: {
        ...common,
        preferredDate: preferredDay,
        address: `${order.address}, ${order.city} ${order.zipCode}`,
        phone: customer.phone ?? 'no phone on file',
      },
    });
    await enqueueNotification(tx, {
      key: `service_request_received:${task.id}`,
      audience: 'customer',
      kind: 'service_request_received',
      customerId,
      orderId: order.id,
      values: {
        ...common,
        // The customer's copy in their language (ADR 026); the owner's alert above stays English.
        preferredDate: customer.locale === 'es' ? formatLongDateIn('es', input.preferredDate) : preferredDay,
        recipientEmail: customer.email,
      },
    });
    return toVisit(task);
  });
}
