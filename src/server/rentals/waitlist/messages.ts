import { randomUUID } from 'node:crypto';
import { localeOrDefault } from '@/i18n/locale';
import type { Db } from '@/server/platform/db/client';
import type { Mailer } from '@/server/platform/mail/mailer';
import { enqueueNotification, type NotificationRow } from '@/server/platform/mail/outbox';
import { renderForSending, UnfilledPlaceholders } from '@/server/platform/mail/render';
import { activeTemplate } from '@/server/platform/mail/templated-email';

/** The outbox audience of a message to a lead: an e-mail address that is not (yet) a customer (the waitlist's). */
export const LEAD_AUDIENCE = 'lead';

/**
 * Sends a queued message to a lead: the active template of its kind, filled like every system e-mail (an unfilled
 * placeholder blocks it and tells the owner). A lead is not a customer, so nothing goes to email_logs (which
 * belongs to customers); the waitlist entry and the outbox row are its record.
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
