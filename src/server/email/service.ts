import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { emailLogs, emailTemplates } from '../db/schema';
import { NotFound } from '../http/errors';
import type { Mailer, OutgoingEmail } from './mailer';
import { renderTemplate } from './render';

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
 * failed send does not throw; the caller reads the log's status.
 */
export async function sendAndLogEmail(db: Db, mailer: Mailer, email: EmailToSend): Promise<EmailLog> {
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

/** Sends the active template of a type (see systemEmailTemplates in db/reference-data.ts) filled with `values`. */
export async function sendTemplatedEmail(
  db: Db,
  mailer: Mailer,
  input: Omit<EmailToSend, 'subject' | 'body' | 'templateId'> & {
    templateType: string;
    values: Record<string, string | number | null | undefined>;
  },
): Promise<EmailLog> {
  const [template] = await db
    .select()
    .from(emailTemplates)
    .where(and(eq(emailTemplates.templateType, input.templateType), eq(emailTemplates.isActive, true)))
    .limit(1);
  if (!template) throw new NotFound(`No active e-mail template of type ${input.templateType}`);
  return sendAndLogEmail(db, mailer, {
    ...input,
    templateId: template.id,
    subject: renderTemplate(template.subject, input.values),
    body: renderTemplate(template.body, input.values),
  });
}
