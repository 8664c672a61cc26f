import type { z } from 'zod';
import type { contactMessageInput } from '@/contracts/contact';
import type { Db } from '@/server/platform/db/client';
import { contactMessages } from '@/server/platform/db/schema';
import { enqueueOwnerAlert } from '@/server/platform/mail/outbox';

type ContactMessage = z.output<typeof contactMessageInput>;

/**
 * Keeps a visitor's message for the owner's Messages list and queues the owner's e-mail about it, in one
 * transaction. A message with the spam trap filled is dropped: nothing stored, nothing sent (returns false).
 */
export async function receiveContactMessage(db: Db, input: ContactMessage): Promise<boolean> {
  if (input.website && input.website.trim() !== '') return false;
  await db.transaction(async (tx) => {
    const [stored] = await tx
      .insert(contactMessages)
      .values({
        name: input.name,
        email: input.email,
        phone: input.phone ?? null,
        message: input.message,
        locale: input.locale ?? 'en',
      })
      .returning({ id: contactMessages.id });
    await enqueueOwnerAlert(tx, {
      kind: 'contact_message',
      occasion: stored!.id,
      customerId: null,
      orderId: null,
      values: { name: input.name, email: input.email, phone: input.phone ?? '', message: input.message },
    });
  });
  return true;
}
