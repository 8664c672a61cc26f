import { desc, eq, sql } from 'drizzle-orm';
import type { Locale } from '@/contracts/locale';
import { visitWindowLabel } from '@/contracts/deliveries';
import { formatCents } from '@/contracts/money';
import { formatCalendarDateIn, formatLongDateIn } from '@/i18n/format';
import { localeOrDefault } from '@/i18n/locale';
import { translator } from '@/i18n/translator';
import { visitsOfOrder } from '@/server/operations/visits/load';
import type { Config } from '@/server/platform/config';
import type { Db } from '@/server/platform/db/client';
import { modelNameIn } from '@/server/platform/db/model-name';
import { customers, deliveryTasks, orders, unitModels } from '@/server/platform/db/schema';
import { NotFound } from '@/server/platform/errors';

/** What a template's {{placeholders}} are filled with. */
export type TemplateValues = Record<string, string | number | null | undefined>;

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
export async function customerTemplateValues(
  db: Db,
  config: Pick<Config, 'business' | 'publicUrl'>,
  customerId: string,
  templateLocale?: Locale,
): Promise<TemplateValues> {
  const [customer] = await db.select().from(customers).where(eq(customers.id, customerId));
  if (!customer) throw new NotFound('Customer not found');
  // The values in the template's language (the one chosen for the customer: ADR 026), else the customer's.
  const locale = templateLocale ?? localeOrDefault(customer.locale);
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
      unitModel: modelNameIn(sql`${locale}`),
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
    ...(delivery?.day && { deliveryDate: formatLongDateIn(locale, delivery.day) }),
    ...(delivery?.window && { deliveryWindow: visitWindowLabel(delivery.window, locale) }),
    customerName: customer.name,
    customerEmail: customer.email,
    businessPhone: config.business.phone,
    businessEmail: config.business.email,
    portalUrl: `${config.publicUrl}/account-access`,
    ...(order && {
      orderNumber: order.orderNumber,
      unitModel: order.unitModel,
      startDate: formatCalendarDateIn(locale, order.startDate),
      rate: translator(locale, 'catalog')(order.type === 'weekly' ? 'perWeek' : 'perMonth', {
        price: formatCents(order.priceCents),
      }),
      address: `${order.address}, ${order.city} ${order.zipCode}`,
    }),
  };
}
