import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { DEFAULT_LOCALE, type Locale } from '@/contracts/locale';
import { localeOrDefault } from '@/i18n/locale';
import type { Db } from '@/server/platform/db/client';
import { customers, emailLogs, emailTemplates } from '@/server/platform/db/schema';
import { NotFound } from '../errors';
import type { Mailer, OutgoingEmail } from './mailer';
import { enqueueNotification } from './outbox';
import { assertNoPlaceholders, renderForSending, UnfilledPlaceholders } from './render';

export interface EmailToSend {
  customerId: string;
  recipientEmail: string;
  subject: string;
  body: string;
  templateId?: string | null;
  /** The admin who sent it; null for e-mails the system sends itself. */
  sentBy?: string | null;
  attachments?: OutgoingEmail['attachments'];
}

export type EmailLog = typeof emailLogs.$inferSelect;

/**
 * Sends one e-mail through the mail port and records it in email_logs: 'sent', or 'failed' with the reason. A
 * failed send does not throw; the caller reads the log's status. A subject or body that still holds a `{{…}}`
 * is refused before anything is sent or logged (UnfilledPlaceholders): every e-mail goes through here.
 */
export async function sendAndLogEmail(db: Db, mailer: Mailer, email: EmailToSend): Promise<EmailLog> {
  assertNoPlaceholders(email.subject, email.body);
  let status: 'sent' | 'failed' = 'sent';
  let errorMessage: string | null = null;
  try {
    await mailer.send({
      to: email.recipientEmail,
      subject: email.subject,
      text: email.body,
      attachments: email.attachments,
    });
  } catch (error) {
    status = 'failed';
    errorMessage = error instanceof Error ? error.message : String(error);
  }
  const [log] = await db
    .insert(emailLogs)
    .values({
      customerId: email.customerId,
      templateId: email.templateId ?? null,
      subject: email.subject.slice(0, 200),
      body: email.body,
      recipientEmail: email.recipientEmail,
      status,
      sentBy: email.sentBy ?? null,
      errorMessage,
    })
    .returning();
  return log!;
}

/**
 * The active template of a type in a language (see systemEmailTemplates in db/system-email-templates.ts): the
 * customer's language first, else English, else any active one, so a Spanish template the owner switched off falls
 * back.
 */
export async function activeTemplate(db: Db, templateType: string, locale: Locale = DEFAULT_LOCALE) {
  const candidates = await db
    .select()
    .from(emailTemplates)
    .where(and(eq(emailTemplates.templateType, templateType), eq(emailTemplates.isActive, true)))
    .orderBy(asc(emailTemplates.createdAt), asc(emailTemplates.id));
  const template =
    candidates.find((row) => row.locale === locale) ??
    candidates.find((row) => row.locale === DEFAULT_LOCALE) ??
    candidates[0];
  if (!template) throw new NotFound(`No active e-mail template of type ${templateType}`);
  return template;
}

/** The language a customer reads their e-mails in (customers.locale; English when unknown). */
export async function customerLocale(db: Db, customerId: string): Promise<Locale> {
  const [row] = await db.select({ locale: customers.locale }).from(customers).where(eq(customers.id, customerId));
  return localeOrDefault(row?.locale);
}

/**
 * Sends the active template of a type filled with `values`. A placeholder the values cannot fill blocks the send
 * (UnfilledPlaceholders, nothing sent or logged) and queues an alert telling the owner which one, so a
 * template edited with a placeholder the system does not know is found the first time it would have gone out.
 */
export async function sendTemplatedEmail(
  db: Db,
  mailer: Mailer,
  input: Omit<EmailToSend, 'subject' | 'body' | 'templateId'> & {
    templateType: string;
    values: Record<string, string | number | null | undefined>;
    /** The language to write in; by default the customer's own (customers.locale). */
    locale?: Locale;
  },
): Promise<EmailLog> {
  const locale = input.locale ?? (await customerLocale(db, input.customerId));
  const template = await activeTemplate(db, input.templateType, locale);
  let rendered: { subject: string; body: string };
  try {
    rendered = renderForSending(template, input.values);
  } catch (error) {
    if (error instanceof UnfilledPlaceholders) await alertOwnerOfBlockedEmail(db, template, input, error);
    throw error;
  }
  const { locale: _locale, ...email } = input;
  return sendAndLogEmail(db, mailer, { ...email, templateId: template.id, ...rendered });
}

async function alertOwnerOfBlockedEmail(
  db: Db,
  template: { name: string; templateType: string },
  input: { customerId: string; recipientEmail: string },
  error: UnfilledPlaceholders,
): Promise<void> {
  await enqueueNotification(db, {
    key: `owner:email_blocked:${randomUUID()}`,
    audience: 'owner',
    kind: 'email_blocked',
    customerId: input.customerId,
    orderId: null,
    values: {
      templateName: template.name,
      templateType: template.templateType,
      recipientEmail: input.recipientEmail,
      placeholders: error.placeholders.join(', ') || 'double braces',
    },
  });
}
