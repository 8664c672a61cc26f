import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type {
  AdminUnit,
  AdminUnitList,
  BulkUnitStatusInput,
  InventoryCounts,
  UnitInput,
  UnitListQuery,
  UnitUpdateInput,
} from '../../../contracts/admin/inventory';
import { recordAudit } from '../../audit';
import type { Db, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { orders, unitModels, units } from '../../db/schema';
import { Conflict, Invalid, NotFound } from '../../http/errors';
import { pageWindow, toPage } from '../shared/paging';
import { lowerContains } from '../shared/search';

const unitNotFound = () => new NotFound('Unit not found');

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

function selectUnits(db: Db) {
  return db
    .select(unitColumns)
    .from(units)
    .innerJoin(unitModels, eq(unitModels.id, units.modelId))
    .leftJoin(orders, eq(orders.id, units.currentOrderId));
}

type UnitRow = Awaited<ReturnType<ReturnType<typeof selectUnits>['execute']>>[number];

const toAdminUnit = (row: UnitRow): AdminUnit => ({
  ...row,
  // Purchase dates are calendar days, stored as that day's midnight UTC.
  purchaseDate: row.purchaseDate.toISOString().slice(0, 10),
  purchasePrice: Number(row.purchasePrice),
});

async function unitById(db: Db, id: string): Promise<AdminUnit> {
  const [row] = await selectUnits(db).where(eq(units.id, id));
  if (!row) throw unitNotFound();
  return toAdminUnit(row);
}

/** The fleet's four counts shown above the inventory list (all units, whatever the filters). */
export async function inventoryCounts(db: Db): Promise<InventoryCounts> {
  const [row] = await db
    .select({
      total: count(),
      available: sql<number>`count(*) filter (where ${units.status} = 'available')`.mapWith(Number),
      rented: sql<number>`count(*) filter (where ${units.status} = 'rented')`.mapWith(Number),
      maintenance: sql<number>`count(*) filter (where ${units.status} = 'maintenance')`.mapWith(Number),
    })
    .from(units);
  return row ?? { total: 0, available: 0, rented: 0, maintenance: 0 };
}

/** Units by serial number, filtered by status, model and a serial substring. */
export async function listUnits(db: Db, query: UnitListQuery): Promise<AdminUnitList> {
  const conditions: SQL[] = [];
  if (query.status !== 'all') conditions.push(eq(units.status, query.status));
  if (query.modelId) conditions.push(eq(units.modelId, query.modelId));
  if (query.search) conditions.push(lowerContains(units.serial, query.search));
  const where = and(...conditions);
  const { limit, offset } = pageWindow(query);
  const [rows, [total], counts] = await Promise.all([
    selectUnits(db).where(where).orderBy(asc(units.serial)).limit(limit).offset(offset),
    db.select({ n: count() }).from(units).where(where),
    inventoryCounts(db),
  ]);
  return { ...toPage(rows.map(toAdminUnit), total?.n ?? 0, query), counts };
}

export async function listUnitModelOptions(db: Db) {
  return (
    db
      .select({ id: unitModels.id, name: unitModels.name, btuTier: unitModels.btuTier })
      .from(unitModels)
      // Smallest tier first: '8-10k' before '12-14k' (numerically, not as text).
      .orderBy(sql`substring(${unitModels.btuTier} from '^[0-9]+')::int nulls last`, asc(unitModels.name))
  );
}

const serialTaken = (serial: string) => {
  const message = `A unit with serial number ${serial} already exists`;
  return new Invalid(message, { serial: message });
};

export async function createUnit(db: Db, adminUserId: string, input: UnitInput): Promise<AdminUnit> {
  const [model] = await db.select({ id: unitModels.id }).from(unitModels).where(eq(unitModels.id, input.modelId));
  if (!model) throw new Invalid('Unit model is required', { modelId: 'Unit model is required' });
  let id: string;
  try {
    id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(units)
        .values({
          modelId: input.modelId,
          serial: input.serial,
          brand: input.brand,
          model: input.model,
          btu: input.btu,
          purchaseDate: new Date(`${input.purchaseDate}T00:00:00Z`),
          purchasePrice: input.purchasePrice.toFixed(2),
          notes: input.notes ?? null,
        })
        .returning({ id: units.id });
      await recordAudit(tx, {
        actorType: 'admin',
        actorId: adminUserId,
        action: 'unit.created',
        entityType: 'unit',
        entityId: row!.id,
        details: { serial: input.serial },
      });
      return row!.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw serialTaken(input.serial);
    throw error;
  }
  return unitById(db, id);
}

/** Units (locked for the transaction) that an active or pending order is using right now. */
async function unitsInUse(tx: Tx, unitIds: string[]) {
  return tx
    .select({ id: units.id, serial: units.serial })
    .from(units)
    .innerJoin(orders, eq(orders.id, units.currentOrderId))
    .where(and(inArray(units.id, unitIds), inArray(orders.status, ['active', 'pending'])));
}

const inUseMessage = (serials: string[]) =>
  serials.length === 1
    ? `Unit ${serials[0]} is on an active order. Swap the unit on the order or end the order first.`
    : `Units ${serials.join(', ')} are on active orders. Swap the units on those orders or end the orders first.`;

/** Inline edit: any status (spec section 4) and the notes. A unit out with a customer keeps its 'rented' status. */
export async function updateUnit(
  db: Db,
  adminUserId: string,
  unitId: string,
  update: UnitUpdateInput,
): Promise<AdminUnit> {
  await db.transaction(async (tx) => {
    const [unit] = await tx.select().from(units).where(eq(units.id, unitId)).for('update');
    if (!unit) throw unitNotFound();
    const statusChanges = update.status !== undefined && update.status !== unit.status;
    if (statusChanges) {
      const inUse = await unitsInUse(tx, [unit.id]);
      if (inUse.length > 0) throw new Conflict(inUseMessage(inUse.map((u) => u.serial)));
    }
    await tx
      .update(units)
      .set({
        ...(update.status !== undefined && { status: update.status }),
        ...(update.notes !== undefined && { notes: update.notes === '' ? null : update.notes }),
      })
      .where(eq(units.id, unit.id));
    if (statusChanges) {
      await recordAudit(tx, {
        actorType: 'admin',
        actorId: adminUserId,
        action: 'unit.status_changed',
        entityType: 'unit',
        entityId: unit.id,
        details: { from: unit.status, to: update.status },
      });
    }
  });
  return unitById(db, unitId);
}

/** Sets one status on many units at once, all or nothing; 'rented' is not offered (only an order rents). */
export async function bulkUpdateUnitStatus(
  db: Db,
  adminUserId: string,
  input: BulkUnitStatusInput,
): Promise<{ updated: number }> {
  return db.transaction(async (tx) => {
    const found = await tx
      .select({ id: units.id, status: units.status })
      .from(units)
      .where(inArray(units.id, input.unitIds))
      .for('update');
    if (found.length !== input.unitIds.length) throw new NotFound('Some of the selected units no longer exist');
    const inUse = await unitsInUse(tx, input.unitIds);
    if (inUse.length > 0) throw new Conflict(inUseMessage(inUse.map((u) => u.serial)));
    await tx.update(units).set({ status: input.status }).where(inArray(units.id, input.unitIds));
    for (const unit of found.filter((u) => u.status !== input.status)) {
      await recordAudit(tx, {
        actorType: 'admin',
        actorId: adminUserId,
        action: 'unit.status_changed',
        entityType: 'unit',
        entityId: unit.id,
        details: { from: unit.status, to: input.status, bulk: true },
      });
    }
    return { updated: found.length };
  });
}

/** Deletes a unit, unless a customer has it or a checkout holds it. Past orders keep their history without it. */
export async function deleteUnit(db: Db, adminUserId: string, unitId: string, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const [unit] = await tx.select().from(units).where(eq(units.id, unitId)).for('update');
    if (!unit) throw unitNotFound();
    const inUse = await unitsInUse(tx, [unit.id]);
    if (inUse.length > 0) {
      throw new Conflict(`Unit ${unit.serial} is on an active order and cannot be deleted.`);
    }
    if (unit.heldUntil && unit.heldUntil > now) {
      throw new Conflict(`Unit ${unit.serial} is held by a checkout in progress and cannot be deleted right now.`);
    }
    await tx.delete(units).where(eq(units.id, unit.id));
    await recordAudit(tx, {
      actorType: 'admin',
      actorId: adminUserId,
      action: 'unit.deleted',
      entityType: 'unit',
      entityId: unit.id,
      details: { serial: unit.serial, status: unit.status },
    });
  });
}
