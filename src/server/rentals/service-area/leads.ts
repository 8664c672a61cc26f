import { leadThanks, unknownZipMessage, type leadInput } from '@/contracts/service-area';
import type { z } from 'zod';
import type { Db } from '@/server/platform/db/client';
import { leads } from '@/server/platform/db/schema';
import { lookupZip } from './zip-codes';
import { Invalid } from '@/server/platform/errors';

/**
 * Keeps "tell me when you deliver to my ZIP" as a lead the owner sees. The same e-mail asking again for the same
 * ZIP is the same row (leads.dedupe_key), and the answer is the same either way.
 */
export async function recordLead(db: Db, input: z.output<typeof leadInput>, now: Date): Promise<{ message: string }> {
  const zip = input.zipCode.slice(0, 5);
  if (!lookupZip(zip)) throw new Invalid(unknownZipMessage(zip), { zipCode: unknownZipMessage(zip) });
  await db
    .insert(leads)
    .values({
      kind: input.kind,
      email: input.email,
      zipCode: zip,
      dedupeKey: `${input.kind}:${input.email}:${zip}`,
      createdAt: now,
    })
    .onConflictDoNothing({ target: leads.dedupeKey });
  return { message: leadThanks(zip) };
}
