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
} from '@/contracts/admin/emails';
import { formatCalendarDate } from '@/contracts/dates';
import { formatCents } from '@/contracts/money';
import { recordAudit } from '@/server/platform/audit-log';
import type { Config } from '@/server/platform/config';
import type { Db } from '@/server/platform/db/client';
import { visitWindowLabel } from '@/contracts/deliveries';
import { visitsOfOrder } from '@/server/operations/visits/load';
import { longDate } from '@/server/operations/visits/visit-emails';
import {
  adminUsers,
  customers,
  deliveryTasks,
  emailLogs,
  emailTemplates,
  orders,
  unitModels,
} from '@/server/platform/db/schema';
import { systemEmailTemplates } from '@/server/platform/db/system-email-templates';
import type { Mailer } from '@/server/platform/mail/mailer';
import { renderTemplate } from '@/server/platform/mail/render';
import { sendAndLogEmail } from '@/server/platform/mail/templated-email';
import { AppError, Conflict, NotFound } from '@/server/platform/errors';
import { pageWindow, toPage } from '@/server/platform/lib/paging';

/** The mail transport refused the message: not the caller's mistake, so a 502 that carries the reason. */
export class EmailDeliveryFailed extends AppError {
  constructor(reason: string) {
    super(`Email could not be sent: ${reason}`, 502);
  }
}

type TemplateValues = Record<string, string | number | null | undefined>;

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

/** Made-up values for previewing a template, covering every placeholder the system's templates use. */
export function sampleTemplateValues(config: Pick<Config, 'business' | 'publicUrl'>): TemplateValues {
  return {
    customerName: 'Maria Gonzalez',
    customerEmail: 'maria.gonzalez@example.com',
    orderNumber: 'order-K7M2Q9XP',
    unitModel: 'Portable AC 12,000-14,000 BTU',
    startDate: 'June 1, 2026',
    rate: '$39.00/month',
    address: '123 Orange Grove Ave, Santa Ana 92701',
    portalUrl: `${config.publicUrl}/account-access`,
    deliveryDate: 'Monday, June 1, 2026',
    deliveryWindow: '8AM-11AM',
    deliveryPlan: 'We will deliver and install your unit on Monday, June 1, between 8AM-12PM.',
    visitType: 'service visit',
    visitDate: 'Monday, June 1, 2026',
    visitWindow: '11AM-2PM',
    visitDetails: 'a service visit for your Portable AC 12,000-14,000 BTU.',
    effectiveDate: 'September 30, 2026',
    cancellationTerms: "This date gives the required 30 days' notice after your minimum term.",
    amount: '$25.00',
    feeDescription: 'Replacement exhaust hose',
    reason: 'The unit was out of order for a week',
    refundedWhat: 'your payment for June 1, 2026 – July 1, 2026',
    modelName: 'Portable AC 12,000-14,000 BTU',
    checkoutUrl: `${config.publicUrl}/checkout`,
    linkUrl: `${config.publicUrl}/order/00000000-0000-4000-8000-000000000000?key=sample`,
    heldUntil: 'Saturday, June 1, 4:30 PM PDT',
    position: '3',
    offerHours: '12',
    offerUrl: `${config.publicUrl}/checkout?waitlist=sample`,
    leaveUrl: `${config.publicUrl}/waitlist/leave?token=sample`,
    businessPhone: config.business.phone,
    businessEmail: config.business.email,
  };
}

/** A customer's own values for the Send Email dialog: contact details and their most recent order. */
async function customerTemplateValues(
  db: Db,
  config: Pick<Config, 'business' | 'publicUrl'>,
  customerId: string,
): Promise<TemplateValues> {
  const [customer] = await db.select().from(customers).where(eq(customers.id, customerId));
  if (!customer) throw new NotFound('Customer not found');
  const [order] = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      type: orders.type,
      startDate: orders.startDate,
      priceCents: orders.priceCents,
      address: orders.address,
      city: orders.city,
      zipCode: orders.zipCode,
      unitModel: unitModels.name,
    })
    .from(orders)
    .innerJoin(unitModels, eq(unitModels.id, orders.modelId))
    .where(eq(orders.customerId, customerId))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  // The delivery booked for that order, when there is one: the Delivery scheduled template's day and window.
  const [delivery] = order
    ? await db
        .select({ day: deliveryTasks.scheduledDate, window: deliveryTasks.timeWindow })
        .from(deliveryTasks)
        .where(visitsOfOrder(order.id, 'delivery', ['scheduled', 'completed']))
        .orderBy(desc(deliveryTasks.createdAt))
        .limit(1)
    : [];
  return {
    ...(delivery?.day && { deliveryDate: longDate(delivery.day) }),
    ...(delivery?.window && { deliveryWindow: visitWindowLabel(delivery.window) }),
    customerName: customer.name,
    customerEmail: customer.email,
    businessPhone: config.business.phone,
    businessEmail: config.business.email,
    portalUrl: `${config.publicUrl}/account-access`,
    ...(order && {
      orderNumber: order.orderNumber,
      unitModel: order.unitModel,
      startDate: formatCalendarDate(order.startDate),
      rate: `${formatCents(order.priceCents)}/${order.type === 'weekly' ? 'week' : 'month'}`,
      address: `${order.address}, ${order.city} ${order.zipCode}`,
    }),
  };
}

/** Fills a subject and body with a customer's data, or with sample data when no customer is given. */
export async function previewTemplate(
  db: Db,
  config: Pick<Config, 'business' | 'publicUrl'>,
  input: { subject: string; body: string; customerId?: string },
): Promise<TemplatePreview> {
  const values = input.customerId
    ? await customerTemplateValues(db, config, input.customerId)
    : sampleTemplateValues(config);
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
