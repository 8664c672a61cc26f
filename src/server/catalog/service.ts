import { and, asc, eq, gte, sql } from 'drizzle-orm';
import { business } from '@/contracts/business';
import type { Db } from '../db/client';
import { unitModels, units } from '../db/schema';
import type { ModelInventory, UnitModelSummary } from '@/contracts/catalog';
import { NotFound } from '../http/errors';
import { holdIsLive, unitIsOfferable } from '../units/predicates';

/** The models offered for rent (active ones); the admin's list shows the others too. */
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
    .where(eq(unitModels.active, true))
    .orderBy(asc(unitModels.weeklyPrice), asc(unitModels.name));
}

/**
 * A model's stock at `now`: units offerable to a new customer, and those held by checkouts in progress. A model
 * that is not offered (inactive) has none to offer, whatever units it still has in the fleet.
 */
export async function modelStock(db: Db, modelId: string, now: Date): Promise<ModelInventory> {
  const [model] = await db.select({ active: unitModels.active }).from(unitModels).where(eq(unitModels.id, modelId));
  if (!model) throw new NotFound('Unit model not found');
  if (!model.active) return { available: 0, held: 0 };
  const [row] = await db
    .select({
      available: sql<number>`count(*) filter (where ${unitIsOfferable(now)})`.mapWith(Number),
      held: sql<number>`count(*) filter (where ${and(eq(units.status, 'available'), holdIsLive(now))})`.mapWith(Number),
    })
    .from(units)
    .where(and(eq(units.modelId, modelId), gte(units.btu, business.minimumBtu)));
  return row ?? { available: 0, held: 0 };
}
