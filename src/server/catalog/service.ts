import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { unitModels, units } from '../db/schema';
import type { UnitModelSummary } from '@/contracts/catalog';
import { NotFound } from '../http/errors';
import { unitIsOfferable } from '../units/predicates';

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

export async function availableUnitCount(db: Db, modelId: string, now: Date): Promise<number> {
  const [model] = await db.select({ id: unitModels.id }).from(unitModels).where(eq(unitModels.id, modelId));
  if (!model) throw new NotFound('Unit model not found');
  const [row] = await db
    .select({ available: count() })
    .from(units)
    .where(and(eq(units.modelId, modelId), unitIsOfferable(now)));
  return row?.available ?? 0;
}
