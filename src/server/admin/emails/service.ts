import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Page } from '@/contracts/admin/common';
import type {
  AdminEmailLog,
  EmailLogQuery,
  EmailTemplateInput,
  EmailTemplateUpdate,
  EmailTemplateView,
  SendEmailInput,
  TemplatePreview,
  TemplatePreviewInput,
} from '@/contracts/admin/emails';
import { recordAudit } from '@/server/platform/audit-log';
import type { Config } from '@/server/platform/config';
import type { Db } from '@/server/platform/db/client';
import { adminUsers, customers, emailLogs, emailTemplates } from '@/server/platform/db/schema';
import { systemEmailTemplates } from '@/server/platform/db/system-email-templates';
import type { Mailer } from '@/server/platform/mail/mailer';
import { renderTemplate } from '@/server/platform/mail/render';
import { sendAndLogEmail } from '@/server/platform/mail/templated-email';
import { customerTemplateValues, sampleTemplateValues } from './template-values';
import { AppError, Conflict, NotFound } from '@/server/platform/errors';
import { pageWindow, toPage } from '@/server/platform/lib/paging';

/** The mail transport refused the message: not the caller's mistake, so a 502 that carries the reason. */
export class EmailDeliveryFailed extends AppError {
  constructor(reason: string) {
    super(`Email could not be sent: ${reason}`, 502);
  }
}

const toTemplateView = (row: typeof emailTemplates.$inferSelect): EmailTemplateView => ({
  id: row.id,
  name: row.name,
  subject: row.subject,
  body: row.body,
  templateType: row.templateType,
  locale: row.locale,
  isActive: row.isActive,
  updatedAt: row.updatedAt.toISOString(),
});

export async function listTemplates(db: Db): Promise<EmailTemplateView[]> {
  const rows = await db.select().from(emailTemplates).orderBy(asc(emailTemplates.name), asc(emailTemplates.id));
  return rows.map(toTemplateView);
}

export async function createTemplate(db: Db, input: EmailTemplateInput): Promise<EmailTemplateView> {
  const [row] = await db.insert(emailTemplates).values(input).returning();
  return toTemplateView(row!);
}

export async function updateTemplate(
  db: Db,
  adminUserId: string,
  templateId: string,
  update: EmailTemplateUpdate,
): Promise<EmailTemplateView> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(emailTemplates).where(eq(emailTemplates.id, templateId)).for('update');
    if (!before) throw new NotFound('Template not found');
    const [row] = await tx.update(emailTemplates).set(update).where(eq(emailTemplates.id, templateId)).returning();
    await keepSystemTemplateActive(tx, before.templateType, before.locale);
    if (update.isActive !== undefined && update.isActive !== before.isActive) {
      await recordAudit(tx, {
        actorType: 'admin',
        actorId: adminUserId,
        action: update.isActive ? 'email_template.activated' : 'email_template.deactivated',
        entityType: 'email_template',
        entityId: templateId,
      });
    }
    return toTemplateView(row!);
  });
}

const systemTemplateTypes: ReadonlySet<string> = new Set(systemEmailTemplates.map((t) => t.templateType));

/**
 * The system sends confirmations, receipts and notices on its own, by template type: leaving a system type with no
 * active template would silently stop those e-mails, so that change is refused (and the transaction rolled back).
 */
async function keepSystemTemplateActive(tx: Db, templateType: string, locale: string): Promise<void> {
  // A Spanish template switched off falls back to the English one (ADR 026): only English must stay active.
  if (!systemTemplateTypes.has(templateType) || locale !== 'en') return;
  const [active] = await tx
    .select({ n: count() })
    .from(emailTemplates)
    .where(
      and(
        eq(emailTemplates.templateType, templateType),
        eq(emailTemplates.locale, 'en'),
        eq(emailTemplates.isActive, true),
      ),
    );
  if ((active?.n ?? 0) === 0) {
    throw new Conflict(
      `The system sends "${templateType}" e-mails automatically, so one template of that type must stay active. ` +
        'Create or activate another one first.',
    );
  }
}

/** Fills a subject and body with a customer's data, or with sample data when no customer is given. */
export async function previewTemplate(
  db: Db,
  config: Pick<Config, 'business' | 'publicUrl'>,
  input: TemplatePreviewInput,
): Promise<TemplatePreview> {
  const values = input.customerId
    ? await customerTemplateValues(db, config, input.customerId, input.locale)
    : sampleTemplateValues(config, input.locale);
  return { subject: renderTemplate(input.subject, values), body: renderTemplate(input.body, values) };
}

/**
 * Sends the admin's e-mail through the mail transport and logs it with the admin as sender. A refused message is
 * logged as failed with the reason, and the caller gets that reason as an error.
 */
export async function sendAdminEmail(
  deps: { db: Db; mailer: Mailer },
  adminUserId: string,
  input: SendEmailInput,
): Promise<{ id: string; status: string }> {
  const { db } = deps;
  const [customer] = await db.select({ id: customers.id }).from(customers).where(eq(customers.id, input.customerId));
  if (!customer) throw new NotFound('Customer not found');
  if (input.templateId) {
    const [template] = await db
      .select({ id: emailTemplates.id })
      .from(emailTemplates)
      .where(eq(emailTemplates.id, input.templateId));
    if (!template) throw new NotFound('Template not found');
  }
  const log = await sendAndLogEmail(db, deps.mailer, {
    customerId: customer.id,
    recipientEmail: input.recipientEmail,
    subject: input.subject,
    body: input.body,
    templateId: input.templateId ?? null,
    sentBy: adminUserId,
  });
  if (log.status === 'failed') throw new EmailDeliveryFailed(log.errorMessage ?? 'unknown error');
  return { id: log.id, status: log.status };
}

/** Recent e-mail activity, newest first (served by email_logs_created_at_idx). */
export async function listEmailLogs(db: Db, query: EmailLogQuery): Promise<Page<AdminEmailLog>> {
  const where = query.status === 'all' ? undefined : eq(emailLogs.status, query.status);
  const { limit, offset } = pageWindow(query);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: emailLogs.id,
        subject: emailLogs.subject,
        recipientEmail: emailLogs.recipientEmail,
        status: emailLogs.status,
        errorMessage: emailLogs.errorMessage,
        createdAt: emailLogs.createdAt,
        sentBy: adminUsers.username,
        templateName: emailTemplates.name,
        customerId: customers.id,
        customerName: customers.name,
        customerEmail: customers.email,
      })
      .from(emailLogs)
      .innerJoin(customers, eq(customers.id, emailLogs.customerId))
      .leftJoin(adminUsers, eq(adminUsers.id, emailLogs.sentBy))
      .leftJoin(emailTemplates, eq(emailTemplates.id, emailLogs.templateId))
      .where(where)
      .orderBy(desc(emailLogs.createdAt), desc(emailLogs.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(emailLogs).where(where),
  ]);
  return toPage(
    rows.map(({ customerId, customerName, customerEmail, createdAt, ...row }) => ({
      ...row,
      createdAt: createdAt.toISOString(),
      customer: { id: customerId, name: customerName, email: customerEmail },
    })),
    total?.n ?? 0,
    query,
  );
}
