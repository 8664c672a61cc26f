import { eq } from 'drizzle-orm';
import { adminAudit } from '@/server/platform/audit-log';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Tx } from '@/server/platform/db/client';
import { unitModels } from '@/server/platform/db/schema';
import { NotFound } from '@/server/platform/errors';

/** What the owner's edits of a unit model (its fields, its photo, its deletion) answer for an unknown model. */
export const modelNotFound = () => new NotFound('Unit model not found');

/** The audit entry of an owner's change to a unit model. */
export const modelAudit = (adminUserId: string, action: string, modelId: string, details: Record<string, unknown>) =>
  adminAudit(adminUserId, action, 'unit_model', modelId, details);

/**
 * Locks a unit model's row for the rest of the transaction (a concurrent edit, or an order or unit being added for
 * it, waits) and reads `fields` of it; NotFound when there is no such model.
 */
export async function lockUnitModel<Fields extends SelectedFields>(
  tx: Tx,
  modelId: string,
  fields: Fields,
): Promise<SelectResultFields<Fields>> {
  // Drizzle cannot type a select of fields left generic: the rows are typed by the caller's fields instead.
  const rows = await tx
    .select(fields as SelectedFields)
    .from(unitModels)
    .where(eq(unitModels.id, modelId))
    .for('update');
  const [model] = rows as SelectResultFields<Fields>[];
  if (!model) throw modelNotFound();
  return model;
}
