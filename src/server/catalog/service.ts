import { and, asc, count, eq, gte, isNull, lt, or, sql } from 'drizzle-orm';
import { business } from '../../contracts/business';
import type { Db } from '../db/client';
import { unitModels, units } from '../db/schema';
import type { UnitModelSummary } from '../../contracts/catalog';
import { NotFound } from '../http/errors';

export async function listUnitModels(db: Db): Promise<UnitModelSummary[]> {
  return db
    .select({
      id: unitModels.id,
      name: unitModels.name,
      btuTier: unitModels.btuTier,
      monthlyPrice: unitModels.monthlyPrice,
      weeklyPrice: unitModels.weeklyPrice,
      recommendedRoomSize: unitModels.recommendedRoomSize,
      hoseType: unitModels.hoseType,
      description: unitModels.description,
    })
    .from(unitModels)
    .orderBy(asc(unitModels.weeklyPrice), asc(unitModels.name));
}

/**
 * A unit can be offered when it is 'available', meets the rental minimum of 10,000 BTU, and no checkout holds it
 * right now. The catalog's count, checkout's hold and activation's fallback all use this one definition.
 */
export const unitIsOfferable = and(
  eq(units.status, 'available'),
  gte(units.btu, business.minimumBtu),
  or(isNull(units.heldUntil), lt(units.heldUntil, sql`now()`)),
);

export async function availableUnitCount(db: Db, modelId: string): Promise<number> {
  const [model] = await db.select({ id: unitModels.id }).from(unitModels).where(eq(unitModels.id, modelId));
  if (!model) throw new NotFound('Unit model not found');
  const [row] = await db
    .select({ available: count() })
    .from(units)
    .where(and(eq(units.modelId, modelId), unitIsOfferable));
  return row?.available ?? 0;
}
