import { and, asc, count, desc, eq, gte, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Page } from '../../../contracts/admin/common';
import type {
  AdminOrderDetail,
  AdminOrderListItem,
  CancellationDecisionInput,
  OrderListQuery,
  OrderStatus,
} from '../../../contracts/admin/orders';
import { todayInLosAngeles } from '../../../contracts/dates';
import { recordAudit } from '../../audit';
import type { Db, Tx } from '../../db/client';
import {
  adminUsers,
  agreements,
  cancellationRequests,
  customers,
  deliveryTasks,
  orders,
  unitModels,
  units,
} from '../../db/schema';
import { Conflict, Invalid, NotFound } from '../../http/errors';
import { isoOrNull, pageWindow, toPage } from '../shared/paging';
import { containsPattern } from '../shared/search';
import { allowedNextStatuses, canChangeStatus } from './transitions';

const orderNotFound = () => new NotFound('Order not found');

/**
 * Orders whose customer's name or e-mail, or whose order number, contains the term. The matching ids are collected
 * first from two index-served branches, then the orders are fetched by primary key (bench/admin-lists.ts and
 * docs/decisions/010-admin-api.md have the plans):
 * - customers matching through the trigram indexes on lower(name) and lower(email), each probed for its orders
 *   through orders_customer_id_idx; `offset 0` keeps that a nested loop of index probes (without it the planner
 *   hash-joins a full scan of orders);
 * - order numbers matching through the trigram index on lower(order_number).
 * `= any(array(...))` rather than `in (...)`: with `in` the planner guesses 200 matches and walks every order by
 * date looking for them (0.5 s for a common surname at 250k orders); the array is computed once instead.
 */
function orderSearch(term: string): SQL {
  const pattern = containsPattern(term);
  return sql`${orders.id} = any(array(
    select matched.id from customers c
      cross join lateral (select o.id from orders o where o.customer_id = c.id offset 0) matched
      where lower(c.name) like lower(${pattern}) or lower(c.email) like lower(${pattern})
    union all
    select o.id from orders o where lower(o.order_number) like lower(${pattern})))`;
}

/** GET /api/admin/orders/filtered: filtered, sorted and paginated in the database. */
export async function listOrders(db: Db, query: OrderListQuery): Promise<Page<AdminOrderListItem>> {
  const conditions: SQL[] = [];
  if (query.status !== 'all') conditions.push(eq(orders.status, query.status));
  if (query.planType !== 'all') conditions.push(eq(orders.type, query.planType));
  if (query.startDate) conditions.push(gte(orders.startDate, query.startDate));
  if (query.endDate) conditions.push(lte(orders.startDate, query.endDate));
  if (query.search) conditions.push(orderSearch(query.search));
  const where = and(...conditions);
  const direction = query.direction === 'asc' ? asc : desc;
  const sortColumn = query.sort === 'startDate' ? orders.startDate : orders.createdAt;
  const { limit, offset } = pageWindow(query);

  // One page of orders first, then its customers and units: only the page's rows are joined.
  const page = db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      btuTier: orders.btuTier,
      type: orders.type,
      status: orders.status,
      startDate: orders.startDate,
      priceCents: orders.priceCents,
      createdAt: orders.createdAt,
      customerId: orders.customerId,
      unitId: orders.unitId,
    })
    .from(orders)
    .where(where)
    .orderBy(direction(sortColumn), direction(orders.id))
    .limit(limit)
    .offset(offset)
    .as('page');
  const pageSort = query.sort === 'startDate' ? page.startDate : page.createdAt;

  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: page.id,
        orderNumber: page.orderNumber,
        btuTier: page.btuTier,
        type: page.type,
        status: page.status,
        startDate: page.startDate,
        priceCents: page.priceCents,
        createdAt: page.createdAt,
        customerId: page.customerId,
        unitId: page.unitId,
        customerName: customers.name,
        customerEmail: customers.email,
        unitSerial: units.serial,
      })
      .from(page)
      .innerJoin(customers, eq(customers.id, page.customerId))
      .leftJoin(units, eq(units.id, page.unitId))
      .orderBy(direction(pageSort), direction(page.id)),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return toPage(
    rows.map(({ customerName, customerEmail, unitSerial, ...order }) => ({
      id: order.id,
      orderNumber: order.orderNumber,
      customer: { id: order.customerId, name: customerName, email: customerEmail },
      btuTier: order.btuTier,
      type: order.type,
      unit: order.unitId && unitSerial ? { id: order.unitId, serial: unitSerial } : null,
      status: order.status,
      startDate: order.startDate,
      priceCents: order.priceCents,
      createdAt: order.createdAt.toISOString(),
    })),
    total?.n ?? 0,
    query,
  );
}

/** A unit is free to hand out when it is 'available' and no live checkout holds it. */
const unitIsFree = and(eq(units.status, 'available'), or(isNull(units.heldUntil), lt(units.heldUntil, sql`now()`)));

export function agreementPdfPath(orderId: string): string {
  return `/api/admin/orders/${orderId}/agreement`;
}

/** Everything the order panel shows, plus what may be done with the order now. */
export async function orderDetail(db: Db, orderId: string): Promise<AdminOrderDetail> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw orderNotFound();
  const [[customer], [model], [unit], [agreement], tasks, requests, assignable] = await Promise.all([
    db.select().from(customers).where(eq(customers.id, order.customerId)),
    db.select().from(unitModels).where(eq(unitModels.id, order.modelId)),
    order.unitId
      ? db
          .select({ id: units.id, serial: units.serial, status: units.status })
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
          .where(and(eq(units.modelId, order.modelId), unitIsFree))
          .orderBy(asc(units.serial))
          .limit(100)
      : Promise.resolve([]),
  ]);
  if (!customer || !model) throw orderNotFound();

  return {
    order: {
      id: order.id,
      orderNumber: order.orderNumber,
      type: order.type,
      btuTier: order.btuTier,
      status: order.status,
      startDate: order.startDate,
      endDate: order.endDate,
      monthsMin: order.monthsMin,
      priceCents: order.priceCents,
      address: order.address,
      city: order.city,
      zipCode: order.zipCode,
      buildingNotes: order.buildingNotes,
      createdAt: order.createdAt.toISOString(),
    },
    customer: { id: customer.id, name: customer.name, email: customer.email, phone: customer.phone },
    model: { id: model.id, name: model.name, btuTier: model.btuTier },
    unit: unit ?? null,
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
      completedAt: isoOrNull(task.completedAt),
      status: task.status,
      notes: task.notes,
    })),
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

async function lockOrder(tx: Tx, orderId: string) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw orderNotFound();
  return order;
}

/** Puts every unit this order rents or holds back in stock. */
async function releaseUnits(tx: Tx, orderId: string): Promise<void> {
  await tx
    .update(units)
    .set({ status: 'available', currentOrderId: null })
    .where(and(eq(units.currentOrderId, orderId), eq(units.status, 'rented')));
  await tx.update(units).set({ currentOrderId: null }).where(eq(units.currentOrderId, orderId));
  await tx.update(units).set({ heldByOrderId: null, heldUntil: null }).where(eq(units.heldByOrderId, orderId));
}

/**
 * Moves an order along an allowed transition (./transitions.ts). Activating rents the order's unit (the one it
 * names or holds) when that unit is still free; ending an active order frees its unit and dates the end.
 */
export async function changeOrderStatus(
  db: Db,
  adminUserId: string,
  orderId: string,
  change: { status: OrderStatus; note?: string },
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!canChangeStatus(order.status, change.status)) {
      throw new Conflict(`A ${order.status} order cannot be marked ${change.status}`);
    }
    let unitId = order.unitId;
    if (change.status === 'active') {
      if (!unitId) {
        const [held] = await tx.select({ id: units.id }).from(units).where(eq(units.heldByOrderId, order.id)).limit(1);
        unitId = held?.id ?? null;
      }
      if (unitId) {
        const [rented] = await tx
          .update(units)
          .set({ status: 'rented', currentOrderId: order.id, heldByOrderId: null, heldUntil: null })
          .where(
            and(
              eq(units.id, unitId),
              or(
                and(eq(units.status, 'available'), or(isNull(units.heldByOrderId), eq(units.heldByOrderId, order.id))),
                eq(units.currentOrderId, order.id),
              ),
            ),
          )
          .returning({ id: units.id });
        // The unit went elsewhere meanwhile: the order becomes active without one and the admin assigns another.
        if (!rented) unitId = null;
      }
      await tx.update(orders).set({ status: 'active', unitId }).where(eq(orders.id, order.id));
    } else {
      await releaseUnits(tx, order.id);
      const endDate = order.status === 'active' ? (order.endDate ?? todayInLosAngeles(now)) : order.endDate;
      await tx.update(orders).set({ status: change.status, endDate }).where(eq(orders.id, order.id));
    }
    await recordAudit(tx, {
      actorType: 'admin',
      actorId: adminUserId,
      action: 'order.status_changed',
      entityType: 'order',
      entityId: order.id,
      details: { from: order.status, to: change.status, ...(change.note && { note: change.note }) },
    });
  });
}

/**
 * Gives an active order a unit, or swaps its unit for another: the new unit must be a free unit of the order's
 * model; it becomes rented by the order, and the old one goes back to available.
 */
export async function assignUnit(db: Db, adminUserId: string, orderId: string, unitId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (order.status !== 'active') throw new Conflict('Only an active order can have a unit assigned');
    if (order.unitId === unitId) throw new Conflict('That unit is already assigned to this order');
    const [unit] = await tx.select().from(units).where(eq(units.id, unitId)).for('update');
    if (!unit) throw new NotFound('Unit not found');
    if (unit.modelId !== order.modelId) {
      throw new Invalid("That unit is not of the order's model", { unitId: "That unit is not of the order's model" });
    }
    const held = unit.heldUntil !== null && unit.heldUntil > new Date() && unit.heldByOrderId !== order.id;
    if (unit.status !== 'available' || held) throw new Conflict(`Unit ${unit.serial} is not available`);

    const [previous] = order.unitId
      ? await tx.select({ serial: units.serial }).from(units).where(eq(units.id, order.unitId))
      : [];
    await releaseUnits(tx, order.id);
    await tx
      .update(units)
      .set({ status: 'rented', currentOrderId: order.id, heldByOrderId: null, heldUntil: null })
      .where(eq(units.id, unit.id));
    await tx.update(orders).set({ unitId: unit.id }).where(eq(orders.id, order.id));
    await recordAudit(tx, {
      actorType: 'admin',
      actorId: adminUserId,
      action: previous ? 'order.unit_swapped' : 'order.unit_assigned',
      entityType: 'order',
      entityId: order.id,
      details: { from: previous?.serial ?? null, to: unit.serial },
    });
  });
}

/**
 * Approves or declines a customer's pending cancellation request, recording who and when. Approving also books
 * the pickup on the effective date; the order itself ends when the owner completes or cancels it.
 */
export async function decideCancellation(
  db: Db,
  adminUserId: string,
  requestId: string,
  input: CancellationDecisionInput,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const [request] = await tx
      .select()
      .from(cancellationRequests)
      .where(eq(cancellationRequests.id, requestId))
      .for('update');
    if (!request) throw new NotFound('Cancellation request not found');
    if (request.status !== 'pending') throw new Conflict(`This cancellation request was already ${request.status}`);
    await tx
      .update(cancellationRequests)
      .set({ status: input.decision, processedAt: now, processedBy: adminUserId, notes: input.notes ?? null })
      .where(eq(cancellationRequests.id, request.id));
    if (input.decision === 'approved') {
      await tx.insert(deliveryTasks).values({
        orderId: request.orderId,
        type: 'pickup',
        scheduledDate: request.effectiveDate,
        notes: 'Pickup after approved cancellation',
      });
    }
    await recordAudit(tx, {
      actorType: 'admin',
      actorId: adminUserId,
      action: `cancellation.${input.decision}`,
      entityType: 'cancellation_request',
      entityId: request.id,
      details: { orderId: request.orderId, effectiveDate: request.effectiveDate },
    });
  });
}

/** Marks a delivery or pickup done. */
export async function completeDeliveryTask(
  db: Db,
  adminUserId: string,
  taskId: string,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const [task] = await tx.select().from(deliveryTasks).where(eq(deliveryTasks.id, taskId)).for('update');
    if (!task) throw new NotFound('Delivery task not found');
    if (task.status === 'completed' || task.status === 'cancelled') {
      throw new Conflict(`This task is already ${task.status}`);
    }
    await tx.update(deliveryTasks).set({ status: 'completed', completedAt: now }).where(eq(deliveryTasks.id, task.id));
    await recordAudit(tx, {
      actorType: 'admin',
      actorId: adminUserId,
      action: 'delivery_task.completed',
      entityType: 'delivery_task',
      entityId: task.id,
      details: { from: task.status, type: task.type, orderId: task.orderId },
    });
  });
}
