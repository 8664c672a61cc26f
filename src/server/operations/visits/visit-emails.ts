import { formatLongDateIn } from '@/i18n/format';
import { DEFAULT_LOCALE, type Locale } from '@/contracts/locale';
import { translator } from '@/i18n/translator';
import { visitWindowLabel, type VisitType, type VisitWindow } from '@/contracts/deliveries';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '@/server/platform/db/client';
import { notifications } from '@/server/platform/db/schema';
import { enqueueNotification } from '@/server/platform/mail/outbox';
import { renderForSending } from '@/server/platform/mail/render';
import { activeTemplate, customerLocale } from '@/server/platform/mail/templated-email';
import type { AdminVisit } from '@/contracts/admin/deliveries';

export interface VisitEmailDeps {
  db: Db;
  /** Sends what is queued and due now (the app's outbox): the booking's e-mail goes at once when SMTP is up. */
  sendQueued: () => Promise<void>;
  publicUrl: string;
  business: { phone: string; email: string };
}

function visitDetails(visit: AdminVisit, locale: Locale): string {
  const t = translator(locale, 'emails');
  const serial = visit.collectUnit ? t('visits.serial', { serial: visit.collectUnit.serial }) : '';
  const model = visit.modelName;
  switch (visit.type as VisitType) {
    case 'pickup':
      return t('visits.pickup', { model, serial });
    case 'service':
      return t('visits.service', {
        model,
        problem: visit.problem ? t('visits.problem', { problem: visit.problem }) : '',
      });
    case 'swap':
      return t('visits.swap', { model, serial });
    default:
      return t('visits.delivery', { model });
  }
}

export interface VisitEmail {
  templateType: 'delivery_scheduled' | 'visit_scheduled';
  customerId: string;
  orderId: string;
  recipientEmail: string;
  values: Record<string, string>;
}

/** The customer's e-mail for a visit booked on a day and window: delivery_scheduled, or visit_scheduled. */
export function visitEmail(
  deps: VisitEmailDeps,
  visit: AdminVisit,
  day: string,
  window: VisitWindow,
  locale: Locale = DEFAULT_LOCALE,
): VisitEmail {
  const t = translator(locale, 'emails');
  const common = {
    customerName: visit.customer.name,
    orderNumber: visit.order.orderNumber,
    unitModel: visit.modelName,
    address: visit.address,
    portalUrl: `${deps.publicUrl}/portal/${visit.order.id}`,
    businessPhone: deps.business.phone,
    businessEmail: deps.business.email,
  };
  const target = { customerId: visit.customer.id, orderId: visit.order.id, recipientEmail: visit.customer.email };
  if (visit.type === 'delivery') {
    return {
      templateType: 'delivery_scheduled',
      ...target,
      values: {
        ...common,
        deliveryDate: formatLongDateIn(locale, day),
        deliveryWindow: visitWindowLabel(window, locale),
      },
    };
  }
  return {
    templateType: 'visit_scheduled',
    ...target,
    values: {
      ...common,
      visitType: t(`visits.types.${visit.type as VisitType}`),
      visitDate: formatLongDateIn(locale, day),
      visitWindow: visitWindowLabel(window, locale),
      visitDetails: visitDetails(visit, locale),
    },
  };
}

/** Fills the e-mail's template now, so a placeholder it cannot fill refuses the booking before anything changes. */
export async function checkVisitEmail(db: Db, email: VisitEmail): Promise<void> {
  renderForSending(
    await activeTemplate(db, email.templateType, await customerLocale(db, email.customerId)),
    email.values,
  );
}

/**
 * Queues the e-mail in the booking's transaction (the outbox retries it through an SMTP outage, and tells the
 * owner if it never goes), once per booking: `occasion` names the visit and the slot it moved from and to.
 * Answers the message's key.
 */
export async function queueVisitEmail(
  tx: Tx,
  adminUserId: string,
  email: VisitEmail,
  occasion: string,
): Promise<string> {
  const key = `${email.templateType}:${occasion}`;
  await enqueueNotification(tx, {
    key,
    audience: 'customer',
    kind: email.templateType,
    customerId: email.customerId,
    orderId: email.orderId,
    values: { recipientEmail: email.recipientEmail, sentBy: adminUserId, ...email.values },
  });
  return key;
}

/** Whether the queued e-mail went out on the try made just after the booking; the booking stands either way. */
export async function visitEmailOutcome(db: Db, key: string): Promise<{ sent: boolean; message: string | null }> {
  const [row] = await db
    .select({ status: notifications.status, lastError: notifications.lastError, values: notifications.values })
    .from(notifications)
    .where(eq(notifications.key, key));
  if (row?.status === 'sent') return { sent: true, message: null };
  const why = row?.lastError ? ` (${row.lastError})` : '';
  return {
    sent: false,
    message: `The e-mail to ${row?.values.recipientEmail ?? 'the customer'} could not be sent yet${why}; it is tried again automatically.`,
  };
}
