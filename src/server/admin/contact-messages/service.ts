import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Page } from '@/contracts/admin/common';
import type { AdminContactMessage, ContactMessageListQuery } from '@/contracts/admin/contact-messages';
import { adminAudit, recordAudit } from '@/server/platform/audit-log';
import type { Db } from '@/server/platform/db/client';
import { contactMessages } from '@/server/platform/db/schema';
import { NotFound } from '@/server/platform/errors';
import { isoOrNull, pageWindow, toPage } from '@/server/platform/lib/paging';

type Row = typeof contactMessages.$inferSelect;

const toAdminMessage = (row: Row): AdminContactMessage => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  message: row.message,
  locale: row.locale,
  createdAt: row.createdAt.toISOString(),
  handledAt: isoOrNull(row.handledAt),
});

/** One page of the messages, newest first. */
export async function listContactMessages(db: Db, query: ContactMessageListQuery): Promise<Page<AdminContactMessage>> {
  const { limit, offset } = pageWindow(query);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(contactMessages)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(contactMessages),
  ]);
  return toPage(rows.map(toAdminMessage), total?.n ?? 0, query);
}

/** Marks a message answered; marking it again keeps the first time. Audited. */
export async function markContactMessageHandled(
  db: Db,
  adminUserId: string,
  id: string,
  now: Date,
): Promise<AdminContactMessage> {
  const [updated] = await db
    .update(contactMessages)
    .set({ handledAt: now })
    .where(and(eq(contactMessages.id, id), isNull(contactMessages.handledAt)))
    .returning();
  if (updated) {
    await recordAudit(db, adminAudit(adminUserId, 'contact_message.handled', 'contact_message', id));
    return toAdminMessage(updated);
  }
  const [existing] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
  if (!existing) throw new NotFound('Message not found');
  return toAdminMessage(existing);
}
