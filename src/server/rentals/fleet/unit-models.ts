import { unitModelColumns } from '@/server/rentals/catalog/cache';
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import {
  unitModelDeleteRefusal,
  type AdminUnitModel,
  type UnitModelInput,
  type UnitModelUpdate,
} from '@/contracts/admin/inventory';
import { business } from '@/contracts/business';
import { unitModelPhotoUrl } from '@/contracts/catalog';
import { recordAudit } from '@/server/platform/audit-log';
import type { Db, Tx } from '@/server/platform/db/client';
import { orders, unitModels, units } from '@/server/platform/db/schema';
import { Conflict, Invalid } from '@/server/platform/errors';
import { lockUnitModel, modelAudit, modelNotFound } from './model-lock';

/**
 * The owner's catalog: unit models created, edited, taken out of the catalog (inactive) and, while nothing refers
 * to them, deleted. A model with orders is deactivated, never deleted: its orders keep their model (ADR 017).
 */

/**
 * How many rows of a table refer to the model (served by units_model_status_idx and orders_model_id_idx). The
 * columns are named in full: drizzle leaves them bare in a one-table select, where the subquery would read its own.
 */
const referringRows = (table: typeof units | typeof orders) =>
  sql<number>`(select count(*) from ${table} where ${table}.model_id = ${unitModels}.id)`.mapWith(Number);

const modelColumns = {
  ...unitModelColumns,
  unitCount: referringRows(units),
  orderCount: referringRows(orders),
};

/** Every model, offered or not, smallest tier first ('8-10k' before '12-14k', numerically), then by name. */
export async function listUnitModels(db: Db): Promise<AdminUnitModel[]> {
  const rows = await db
    .select(modelColumns)
    .from(unitModels)
    .orderBy(sql`substring(${unitModels.btuTier} from '^[0-9]+')::int nulls last`, asc(unitModels.name));
  return rows.map(withPhotoUrl);
}

type ModelRow = Omit<AdminUnitModel, 'photoUrl'> & { photoUpdatedAt: Date | null };

/** The photo's version becomes its URL; the bytes are never read here. */
function withPhotoUrl({ photoUpdatedAt, ...model }: ModelRow): AdminUnitModel {
  return { ...model, photoUrl: unitModelPhotoUrl(model.id, photoUpdatedAt) };
}

async function unitModelById(db: Db, id: string): Promise<AdminUnitModel> {
  const [model] = await db.select(modelColumns).from(unitModels).where(eq(unitModels.id, id));
  if (!model) throw modelNotFound();
  return withPhotoUrl(model);
}

/**
 * Names are unique, whatever their case: the catalog, the unit dialog and the inventory filter tell models apart by
 * name. Writers of names take turns on an advisory lock, so two at once cannot both pass the check.
 */
async function refuseTakenName(tx: Tx, name: string, exceptId?: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(727006)`);
  const [taken] = await tx
    .select({ id: unitModels.id })
    .from(unitModels)
    .where(and(sql`lower(${unitModels.name}) = lower(${name})`, exceptId ? ne(unitModels.id, exceptId) : undefined))
    .limit(1);
  if (!taken) return;
  const message = `A unit model named "${name}" already exists`;
  throw new Invalid(message, { name: message });
}

export async function createUnitModel(db: Db, adminUserId: string, input: UnitModelInput): Promise<AdminUnitModel> {
  const id = await db.transaction(async (tx) => {
    await refuseTakenName(tx, input.name);
    const [row] = await tx
      .insert(unitModels)
      .values({
        name: input.name,
        btuTier: input.btuTier,
        monthlyPrice: business.monthlyPriceCents,
        weeklyPrice: input.weeklyPrice,
        recommendedRoomSize: input.recommendedRoomSize ?? null,
        hoseType: input.hoseType,
        description: input.description ?? null,
        nameEs: input.nameEs ?? null,
        recommendedRoomSizeEs: input.recommendedRoomSizeEs ?? null,
        descriptionEs: input.descriptionEs ?? null,
        active: input.active ?? true,
      })
      .returning({ id: unitModels.id });
    await recordAudit(tx, modelAudit(adminUserId, 'unit_model.created', row!.id, { name: input.name }));
    return row!.id;
  });
  return unitModelById(db, id);
}

/** Edits a model (deactivating is one edit); the audit records each changed field, before and after. */
export async function updateUnitModel(
  db: Db,
  adminUserId: string,
  modelId: string,
  update: UnitModelUpdate,
): Promise<AdminUnitModel> {
  await db.transaction(async (tx) => {
    const model = await lockUnitModel(tx, modelId, unitModelColumns);
    if (update.name !== undefined) await refuseTakenName(tx, update.name, model.id);
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const [field, to] of Object.entries(update)) {
      const from = model[field as keyof typeof update];
      if (to !== undefined && to !== from) changes[field] = { from, to };
    }
    if (Object.keys(changes).length === 0) return;
    const values = Object.fromEntries(Object.entries(changes).map(([field, { to }]) => [field, to]));
    await tx.update(unitModels).set(values).where(eq(unitModels.id, model.id));
    await recordAudit(tx, modelAudit(adminUserId, 'unit_model.updated', model.id, changes));
  });
  return unitModelById(db, modelId);
}

/**
 * Deletes a model nothing refers to. Refused, saying why and what to do instead, when it has orders (they keep
 * their model: deactivate it), units (they would lose theirs) or is the last model (the catalog would be empty,
 * and a start would bring the reference models back: platform/db/reference-data.ts).
 */
export async function deleteUnitModel(db: Db, adminUserId: string, modelId: string): Promise<void> {
  await db.transaction(async (tx) => {
    // Locked first: an order or unit being added for the model waits, and is counted below once it is in.
    await lockUnitModel(tx, modelId, { id: unitModels.id });
    const model = await unitModelById(tx, modelId);
    const refusal = unitModelDeleteRefusal(model);
    if (refusal) throw new Conflict(refusal);
    const [others] = await tx.select({ n: count() }).from(unitModels).where(ne(unitModels.id, modelId));
    if ((others?.n ?? 0) === 0) {
      throw new Conflict(
        `${model.name} is the only unit model. Add the model that replaces it first, or deactivate this one.`,
      );
    }
    await tx.delete(unitModels).where(eq(unitModels.id, modelId));
    await recordAudit(tx, modelAudit(adminUserId, 'unit_model.deleted', modelId, { name: model.name }));
  });
}
