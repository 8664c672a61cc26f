import { todayInLosAngeles } from '@/contracts/dates';
import type { Db } from '@/server/platform/db/client';
import { checkoutRefusals } from '@/server/platform/db/schema';
import { NoDeliveryWindow } from '@/server/rentals/delivery-windows/take';
import { OutOfServiceArea } from './delivery';
import { OutOfStock } from './refusals';

/** Why a checkout was turned away, as analytics' unmet demand counts it (checkout_refusals.reason). */
export type RefusalReason = 'service_area' | 'out_of_stock' | 'capacity';

export function refusalReasonOf(error: unknown): RefusalReason | null {
  if (error instanceof OutOfServiceArea) return 'service_area';
  if (error instanceof OutOfStock) return 'out_of_stock';
  if (error instanceof NoDeliveryWindow) return 'capacity';
  return null;
}

/**
 * Keeps a row for a checkout refused for the service area (with its ZIP), stock (with the model asked for) or
 * capacity, on the app clock's day, after its transaction rolled back: once per client address, day, reason, ZIP and
 * model, so a customer trying again (or a script) is one refusal. Other errors are not demand and keep nothing; a
 * failure to keep the row never changes the customer's answer.
 */
export async function noteRefusal(
  db: Db,
  error: unknown,
  asked: { zipCode: string; modelId?: string | undefined; client: string },
  now: Date,
): Promise<void> {
  const reason = refusalReasonOf(error);
  if (!reason) return;
  const day = todayInLosAngeles(now);
  const zipCode = asked.zipCode.slice(0, 10);
  const modelId = reason === 'out_of_stock' ? (asked.modelId ?? null) : null;
  const dedupeKey = [day, reason, asked.client.slice(0, 64), zipCode, modelId ?? ''].join('|');
  await db
    .insert(checkoutRefusals)
    .values({ day, reason, zipCode, modelId, dedupeKey, createdAt: now })
    .onConflictDoNothing({ target: checkoutRefusals.dedupeKey })
    .catch(() => undefined);
}
