import { count, gte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { business } from '@/contracts/business';
import type { contactMessageInput } from '@/contracts/contact';
import type { Db } from '@/server/platform/db/client';
import { contactMessages } from '@/server/platform/db/schema';
import { enqueueOwnerAlert } from '@/server/platform/mail/outbox';

type ContactMessage = z.output<typeof contactMessageInput>;

/**
 * How many contact messages an hour (of the app clock) reach the owner as an e-mail each. Past it every message is
 * still kept for the Messages list, and the owner gets one digest for the rest of that hour instead of one e-mail
 * each: a flood from many addresses (which the per-address limit cannot see) does not bury the inbox (issue 31).
 */
export const CONTACT_ALERTS_PER_HOUR = 10;

const startOfHour = (now: Date) => new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000);

/**
 * Keeps a visitor's message for the owner's Messages list and queues the owner's e-mail about it, in one
 * transaction: an e-mail of its own while the hour's messages are few, else the hour's one digest. A message with
 * the spam trap filled is dropped: nothing stored, nothing sent (returns false).
 */
export async function receiveContactMessage(db: Db, input: ContactMessage, now: Date): Promise<boolean> {
  if (input.website && input.website.trim() !== '') return false;
  const hour = startOfHour(now);
  await db.transaction(async (tx) => {
    // Messages arriving together are counted one after another, so exactly the first ones of the hour are single.
    await tx.execute(sql`select pg_advisory_xact_lock(6, 0)`);
    const [stored] = await tx
      .insert(contactMessages)
      .values({
        name: input.name,
        email: input.email,
        phone: input.phone ?? null,
        message: input.message,
        locale: input.locale ?? 'en',
        createdAt: now,
      })
      .returning({ id: contactMessages.id });
    const [thisHour] = await tx
      .select({ n: count() })
      .from(contactMessages)
      .where(gte(contactMessages.createdAt, hour));
    if ((thisHour?.n ?? 0) <= CONTACT_ALERTS_PER_HOUR) {
      await enqueueOwnerAlert(tx, {
        kind: 'contact_message',
        occasion: stored!.id,
        customerId: null,
        orderId: null,
        values: { name: input.name, email: input.email, phone: input.phone ?? '', message: input.message },
      });
      return;
    }
    // Once an hour (the outbox key is the hour's): the owner is told the form is busy and where to read it all.
    await enqueueOwnerAlert(tx, {
      kind: 'contact_flood',
      occasion: hour.toISOString(),
      customerId: null,
      orderId: null,
      values: {
        since: hour.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', timeZone: business.timeZone }),
        perHour: String(CONTACT_ALERTS_PER_HOUR),
      },
    });
  });
  return true;
}
