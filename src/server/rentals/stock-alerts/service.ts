import { randomUUID } from 'node:crypto';
import { and, asc, eq, exists, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Locale } from '@/contracts/locale';
import { localeOrDefault } from '@/i18n/locale';
import {
  BACK_IN_STOCK_TEMPLATE,
  STOCK_LEAD_KIND,
  stockAlertThanks,
  type stockAlertInput,
} from '@/contracts/stock-alerts';
import type { Db } from '@/server/platform/db/client';
import { leads, unitModels, units } from '@/server/platform/db/schema';
import type { Mailer } from '@/server/platform/mail/mailer';
import { renderForSending, UnfilledPlaceholders } from '@/server/platform/mail/render';
import { activeTemplate } from '@/server/platform/mail/templated-email';
import { Invalid } from '@/server/platform/errors';
import { enqueueNotification, type NotificationRow } from '@/server/platform/mail/outbox';
import { unitIsOfferable } from '@/server/rentals/units/predicates';

/** The outbox audience of a message to a lead: an e-mail address that is not (yet) a customer. */
export const LEAD_AUDIENCE = 'lead';

/**
 * Keeps an out-of-stock model's "Notify me" as a lead (kind 'restock') the owner sees. The same e-mail asking
 * again for the same model is the same row (leads.dedupe_key), and the answer is the same either way; a filled
 * spam trap is answered alike and keeps nothing.
 */
export async function recordStockAlert(
  db: Db,
  input: z.output<typeof stockAlertInput>,
  locale: Locale,
  now: Date,
): Promise<{ message: string }> {
  if (input.website && input.website.trim() !== '') return { message: stockAlertThanks };
  const [model] = await db
    .select({ id: unitModels.id })
    .from(unitModels)
    .where(and(eq(unitModels.id, input.modelId), eq(unitModels.active, true)));
  if (!model) throw new Invalid('Please choose a unit model', { modelId: 'Please choose a unit model' });
  await db
    .insert(leads)
    .values({
      kind: STOCK_LEAD_KIND,
      email: input.email,
      modelId: model.id,
      locale,
      dedupeKey: `${STOCK_LEAD_KIND}:${input.email}:${model.id}`,
      createdAt: now,
    })
    .onConflictDoNothing({ target: leads.dedupeKey });
  return { message: stockAlertThanks };
}

/** How many waiting leads one sweep takes at most. */
const BATCH = 200;

/**
 * The scheduled sweep (every minute, any instance): each waiting 'restock' lead whose model can be rented again at
 * `now` (an active model with an offerable unit: the catalog's own definition) is marked notified and its e-mail
 * queued in the same transaction, so it is e-mailed once whatever runs the sweep, however often, across restarts.
 * Returns how many e-mails it queued.
 */
export async function queueBackInStockEmails(db: Db, now: Date): Promise<number> {
  const waiting = await db
    .select({
      id: leads.id,
      email: leads.email,
      locale: leads.locale,
      modelId: unitModels.id,
      modelName: unitModels.name,
    })
    .from(leads)
    .innerJoin(unitModels, eq(unitModels.id, leads.modelId))
    .where(
      and(
        eq(leads.kind, STOCK_LEAD_KIND),
        isNull(leads.notifiedAt),
        eq(unitModels.active, true),
        exists(
          db
            .select({ one: units.id })
            .from(units)
            .where(and(eq(units.modelId, unitModels.id), unitIsOfferable(now))),
        ),
      ),
    )
    .orderBy(asc(leads.createdAt))
    .limit(BATCH);
  let queued = 0;
  for (const lead of waiting) {
    await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(leads)
        .set({ notifiedAt: now })
        .where(and(eq(leads.id, lead.id), isNull(leads.notifiedAt)))
        .returning({ id: leads.id });
      if (!claimed) return;
      const added = await enqueueNotification(tx, {
        key: `${BACK_IN_STOCK_TEMPLATE}:${lead.id}`,
        audience: LEAD_AUDIENCE,
        kind: BACK_IN_STOCK_TEMPLATE,
        customerId: null,
        orderId: null,
        values: { recipientEmail: lead.email, modelName: lead.modelName, modelId: lead.modelId, locale: lead.locale },
      });
      if (added) queued += 1;
    });
  }
  return queued;
}

/**
 * Sends a queued message to a lead: the active template of its kind, filled like every system e-mail (an unfilled
 * placeholder blocks it and tells the owner). A lead is not a customer, so nothing goes to email_logs (which
 * belongs to customers); the lead's notified_at and the outbox row are its record.
 */
export async function sendLeadMessage(
  deps: { db: Db; mailer: Mailer; publicUrl: string; business: { phone: string; email: string } },
  row: NotificationRow,
): Promise<void> {
  const recipientEmail = row.values.recipientEmail;
  if (!recipientEmail) throw new Error('A message to a lead needs its e-mail');
  // The lead's language (stored when they asked): the Spanish template when there is one active, else English.
  const template = await activeTemplate(deps.db, row.kind, localeOrDefault(row.values.locale));
  const modelId = row.values.modelId ?? '';
  const values = {
    checkoutUrl: `${deps.publicUrl}/checkout?model=${encodeURIComponent(modelId)}`,
    catalogUrl: `${deps.publicUrl}/catalog`,
    businessPhone: deps.business.phone,
    businessEmail: deps.business.email,
    ...row.values,
  };
  let rendered: { subject: string; body: string };
  try {
    rendered = renderForSending(template, values);
  } catch (error) {
    if (error instanceof UnfilledPlaceholders) {
      await enqueueNotification(deps.db, {
        key: `owner:email_blocked:${randomUUID()}`,
        audience: 'owner',
        kind: 'email_blocked',
        customerId: null,
        orderId: null,
        values: {
          templateName: template.name,
          templateType: template.templateType,
          recipientEmail,
          placeholders: error.placeholders.join(', ') || 'double braces',
        },
      });
    }
    throw error;
  }
  await deps.mailer.send({ to: recipientEmail, subject: rendered.subject, text: rendered.body });
}
