import { eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { mapSearchUrl, type AdminVisit } from '@/contracts/admin/deliveries';
import type { VisitStatus, VisitType } from '@/contracts/deliveries';
import type { Db, Tx } from '@/server/platform/db/client';
import { customers, deliveryTasks, orders, unitModels, units } from '@/server/platform/db/schema';
import { NotFound } from '@/server/platform/errors';
import { isoOrNull } from '@/server/platform/lib/paging';

const unitOut = alias(units, 'unit_out');
const unitBack = alias(units, 'unit_back');
const unitNow = alias(units, 'unit_now');

/** One visit as the tab shows it: the visit, its order, customer, model and units. */
export function visitQuery(db: Db | Tx) {
  return db
    .select({
      task: deliveryTasks,
      order: orders,
      customer: customers,
      modelName: unitModels.name,
      unit: { id: unitOut.id, serial: unitOut.serial, status: unitOut.status },
      collectUnit: { id: unitBack.id, serial: unitBack.serial, status: unitBack.status },
      rentalUnit: { id: unitNow.id, serial: unitNow.serial, status: unitNow.status },
    })
    .from(deliveryTasks)
    .innerJoin(orders, eq(orders.id, deliveryTasks.orderId))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .innerJoin(unitModels, eq(unitModels.id, orders.modelId))
    .leftJoin(
      unitOut,
      // An open delivery brings the order's unit (the Orders tab may have changed it since it was booked).
      sql`${unitOut.id} = case when ${deliveryTasks.type} = 'delivery' and ${deliveryTasks.status} in ('pending', 'scheduled')
        then coalesce(${orders.unitId}, ${deliveryTasks.unitId}) else ${deliveryTasks.unitId} end`,
    )
    .leftJoin(
      unitBack,
      // A pickup not done yet collects whatever unit the order has; once done, the one it collected.
      sql`${unitBack.id} = coalesce(${deliveryTasks.collectUnitId}, case when ${deliveryTasks.type} = 'pickup'
        and ${deliveryTasks.status} in ('pending', 'scheduled') then ${orders.unitId} end)`,
    )
    .leftJoin(unitNow, eq(unitNow.id, orders.unitId));
}

type VisitRow = Awaited<ReturnType<typeof visitQuery>>[number];

export function toAdminVisit(row: VisitRow): AdminVisit {
  const { task, order, customer } = row;
  const address = `${order.address}, ${order.city}, CA ${order.zipCode}`;
  return {
    id: task.id,
    type: task.type as VisitType,
    status: task.status as VisitStatus,
    scheduledDate: task.scheduledDate,
    timeWindow: task.timeWindow,
    preferredDate: task.preferredDate,
    requestedBy: task.requestedBy,
    problem: task.problem,
    resolution: task.resolution,
    notes: task.notes,
    completedAt: isoOrNull(task.completedAt),
    order: { id: order.id, orderNumber: order.orderNumber, status: order.status, modelId: order.modelId },
    customer: { id: customer.id, name: customer.name, email: customer.email, phone: customer.phone },
    address,
    buildingNotes: order.buildingNotes,
    mapUrl: mapSearchUrl(address),
    modelName: row.modelName,
    unit: row.unit?.id ? row.unit : null,
    collectUnit: row.collectUnit?.id ? row.collectUnit : null,
    rentalUnit: row.rentalUnit?.id ? row.rentalUnit : null,
  };
}

export async function visitById(db: Db | Tx, taskId: string): Promise<AdminVisit> {
  const [row] = await visitQuery(db).where(eq(deliveryTasks.id, taskId));
  if (!row) throw new NotFound('Visit not found');
  return toAdminVisit(row);
}

export type VisitFilter = SQL | undefined;
