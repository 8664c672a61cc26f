import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  AdminUnit,
  AdminUnitList,
  BulkUnitStatusInput,
  InventoryCounts,
  UnitInput,
  UnitListQuery,
  UnitUpdateInput,
} from '@/contracts/admin/inventory';
import { adminAudit, recordAudit } from '@/server/platform/audit-log';
import type { Db } from '@/server/platform/db/client';
import { isUniqueViolation } from '@/server/platform/db/errors';
import { orders, unitModels, units } from '@/server/platform/db/schema';
import { Invalid } from '@/server/platform/errors';
import { holdIsLive, isHeldAt } from '@/server/rentals/units/predicates';
import { addUnit, editUnit, removeUnit, setUnitsStatus, unitNotFound } from '@/server/rentals/units/stock';
import { pageWindow, toPage } from '@/server/platform/lib/paging';
import { lowerContains } from '@/server/platform/db/search';

const unitColumns = {
  id: units.id,
  modelId: units.modelId,
  modelName: unitModels.name,
  serial: units.serial,
  brand: units.brand,
  model: units.model,
  btu: units.btu,
  purchaseDate: units.purchaseDate,
  purchasePrice: units.purchasePrice,
  notes: units.notes,
  status: units.status,
  currentOrderId: units.currentOrderId,
  currentOrderNumber: orders.orderNumber,
};

const holdingOrders = alias(orders, 'holding_orders');

function selectUnits(db: Db) {
  return db
    .select({ ...unitColumns, heldUntil: units.heldUntil, holdingOrderNumber: holdingOrders.orderNumber })
    .from(units)
    .innerJoin(unitModels, eq(unitModels.id, units.modelId))
    .leftJoin(orders, eq(orders.id, units.currentOrderId))
    .leftJoin(holdingOrders, eq(holdingOrders.id, units.heldByOrderId));
}

type UnitRow = Awaited<ReturnType<ReturnType<typeof selectUnits>['execute']>>[number];

const toAdminUnit =
  (now: Date) =>
  ({ heldUntil, holdingOrderNumber, ...row }: UnitRow): AdminUnit => ({
    ...row,
    // Purchase dates are calendar days, stored as that day's midnight UTC.
    purchaseDate: row.purchaseDate.toISOString().slice(0, 10),
    purchasePrice: Number(row.purchasePrice),
    hold:
      heldUntil && holdingOrderNumber && isHeldAt({ heldUntil }, now)
        ? { orderNumber: holdingOrderNumber, until: heldUntil.toISOString() }
        : null,
  });

async function unitById(db: Db, id: string, now: Date): Promise<AdminUnit> {
  const [row] = await selectUnits(db).where(eq(units.id, id));
  if (!row) throw unitNotFound();
  return toAdminUnit(now)(row);
}

/** The fleet's counts shown above the inventory list (all units, whatever the filters); holds apart. */
export async function inventoryCounts(db: Db, now: Date): Promise<InventoryCounts> {
  const [row] = await db
    .select({
      total: count(),
      available: sql<number>`count(*) filter (where ${units.status} = 'available')`.mapWith(Number),
      rented: sql<number>`count(*) filter (where ${units.status} = 'rented')`.mapWith(Number),
      maintenance: sql<number>`count(*) filter (where ${units.status} = 'maintenance')`.mapWith(Number),
      onHold: sql<number>`count(*) filter (where ${and(eq(units.status, 'available'), holdIsLive(now))})`.mapWith(
        Number,
      ),
    })
    .from(units);
  return row ?? { total: 0, available: 0, rented: 0, maintenance: 0, onHold: 0 };
}

/** Units by serial number, filtered by status, model and a serial substring. */
export async function listUnits(db: Db, query: UnitListQuery, now: Date): Promise<AdminUnitList> {
  const conditions: SQL[] = [];
  if (query.status !== 'all') conditions.push(eq(units.status, query.status));
  if (query.modelId) conditions.push(eq(units.modelId, query.modelId));
  if (query.search) conditions.push(lowerContains(units.serial, query.search));
  const where = and(...conditions);
  const { limit, offset } = pageWindow(query);
  const [rows, [total], counts] = await Promise.all([
    selectUnits(db).where(where).orderBy(asc(units.serial)).limit(limit).offset(offset),
    db.select({ n: count() }).from(units).where(where),
    inventoryCounts(db, now),
  ]);
  return { ...toPage(rows.map(toAdminUnit(now)), total?.n ?? 0, query), counts };
}

const serialTaken = (serial: string) => {
  const message = `A unit with serial number ${serial} already exists`;
  return new Invalid(message, { serial: message });
};

export async function createUnit(db: Db, adminUserId: string, input: UnitInput, now: Date): Promise<AdminUnit> {
  const [model] = await db.select({ id: unitModels.id }).from(unitModels).where(eq(unitModels.id, input.modelId));
  if (!model) throw new Invalid('Unit model is required', { modelId: 'Unit model is required' });
  let id: string;
  try {
    id = await db.transaction(async (tx) => {
      const unitId = await addUnit(tx, input);
      await recordAudit(tx, unitAudit(adminUserId, 'unit.created', unitId, { serial: input.serial }));
      return unitId;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw serialTaken(input.serial);
    throw error;
  }
  return unitById(db, id, now);
}

const unitAudit = (adminUserId: string, action: string, unitId: string, details: Record<string, unknown>) =>
  adminAudit(adminUserId, action, 'unit', unitId, details);

export async function updateUnit(
  db: Db,
  adminUserId: string,
  unitId: string,
  update: UnitUpdateInput,
  now: Date,
): Promise<AdminUnit> {
  await db.transaction(async (tx) => {
    const statusChange = await editUnit(tx, unitId, update);
    if (statusChange) await recordAudit(tx, unitAudit(adminUserId, 'unit.status_changed', unitId, statusChange));
  });
  return unitById(db, unitId, now);
}

/** Sets one status on many units at once, all or nothing; 'rented' is not offered (only an order rents). */
export async function bulkUpdateUnitStatus(
  db: Db,
  adminUserId: string,
  input: BulkUnitStatusInput,
): Promise<{ updated: number }> {
  return db.transaction(async (tx) => {
    const before = await setUnitsStatus(tx, input.unitIds, input.status);
    for (const unit of before.filter((u) => u.status !== input.status)) {
      const details = { from: unit.status, to: input.status, bulk: true };
      await recordAudit(tx, unitAudit(adminUserId, 'unit.status_changed', unit.id, details));
    }
    return { updated: before.length };
  });
}

export async function deleteUnit(db: Db, adminUserId: string, unitId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const unit = await removeUnit(tx, unitId, now);
    await recordAudit(
      tx,
      unitAudit(adminUserId, 'unit.deleted', unit.id, { serial: unit.serial, status: unit.status }),
    );
  });
}
