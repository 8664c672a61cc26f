import { desc, eq, sql } from 'drizzle-orm';
import type { Locale } from '@/contracts/locale';
import { visitWindowLabel } from '@/contracts/deliveries';
import { formatCents } from '@/contracts/money';
import { formatCalendarDateIn, formatLongDateIn, formatMomentIn } from '@/i18n/format';
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

/** The sample's own words that no catalog of ours holds, in each language. */
const sampleWords = {
  en: {
    model: 'Portable AC 12,000-14,000 BTU',
    feeDescription: 'Replacement exhaust hose',
    reason: 'The unit was out of order for a week',
    deliverySentence: (day: string, hours: string) =>
      `We will deliver and install your unit on ${day}, between ${hours}.`,
  },
  es: {
    model: 'Aire portátil de 12,000-14,000 BTU',
    feeDescription: 'Manguera de escape de repuesto',
    reason: 'La unidad no funcionó durante una semana',
    deliverySentence: (day: string, hours: string) =>
      `El ${day}, entre ${hours}, entregaremos e instalaremos su unidad.`,
  },
} satisfies Record<Locale, unknown>;

/**
 * Made-up values for previewing a template, covering every placeholder the system's templates use, in the
 * template's language: dates, windows, the rate and the sentences the e-mails compose are written as a real e-mail
 * in that language writes them (the same catalogs and formatters).
 */
export function sampleTemplateValues(
  config: Pick<Config, 'business' | 'publicUrl'>,
  locale: Locale = 'en',
): TemplateValues {
  const t = translator(locale, 'emails');
  const words = sampleWords[locale];
  const day = (date: string) => formatCalendarDateIn(locale, date);
  const firstDay = '2026-06-01';
  return {
    customerName: 'Maria Gonzalez',
    customerEmail: 'maria.gonzalez@example.com',
    orderNumber: 'order-K7M2Q9XP',
    unitModel: words.model,
    startDate: day(firstDay),
    rate: translator(locale, 'catalog')('perMonth', { price: formatCents(3900) }),
    address: '123 Orange Grove Ave, Santa Ana 92701',
    portalUrl: `${config.publicUrl}/account-access`,
    deliveryDate: formatLongDateIn(locale, firstDay),
    deliveryWindow: visitWindowLabel('morning', locale),
    deliveryPlan: words.deliverySentence(day(firstDay), visitWindowLabel('morning', locale)),
    visitType: t('visits.types.service'),
    visitDate: formatLongDateIn(locale, firstDay),
    visitWindow: visitWindowLabel('midday', locale),
    visitDetails: t('visits.service', { model: words.model, problem: '' }),
    effectiveDate: day('2026-09-30'),
    cancellationTerms: t('cancellation.notice', { days: 30 }),
    amount: formatCents(2500),
    feeDescription: words.feeDescription,
    reason: words.reason,
    refundedWhat: t('moneyBack.invoice', { period: t('period', { start: day(firstDay), end: day('2026-07-01') }) }),
    modelName: words.model,
    checkoutUrl: `${config.publicUrl}/checkout`,
    linkUrl: `${config.publicUrl}/order/00000000-0000-4000-8000-000000000000?key=sample`,
    heldUntil: formatMomentIn(locale, '2026-06-01T23:30:00Z', { zone: true }),
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
