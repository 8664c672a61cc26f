import { formatLongDateIn } from '@/i18n/format';
import { DEFAULT_LOCALE, type Locale } from '@/contracts/locale';
import { translator } from '@/i18n/translator';
import { timeWindowLabels, type TimeWindow, type VisitType } from '@/contracts/deliveries';
import { formatCalendarDate } from '@/contracts/dates';
import type { Db } from '@/server/platform/db/client';
import type { Mailer } from '@/server/platform/mail/mailer';
import { renderForSending } from '@/server/platform/mail/render';
import { activeTemplate, customerLocale, sendTemplatedEmail } from '@/server/platform/mail/templated-email';
import type { AdminVisit } from '@/contracts/admin/deliveries';

export interface VisitEmailDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  business: { phone: string; email: string };
}

/** "Wednesday, November 25, 2026": the day as the customer reads it. */
export function longDate(isoDate: string): string {
  const weekday = new Date(`${isoDate}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' });
  return `${weekday}, ${formatCalendarDate(isoDate)}`;
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
  recipientEmail: string;
  values: Record<string, string>;
}

/** The customer's e-mail for a visit booked on a day and window: delivery_scheduled, or visit_scheduled. */
export function visitEmail(
  deps: VisitEmailDeps,
  visit: AdminVisit,
  day: string,
  window: TimeWindow,
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
  const target = { customerId: visit.customer.id, recipientEmail: visit.customer.email };
  if (visit.type === 'delivery') {
    return {
      templateType: 'delivery_scheduled',
      ...target,
      values: { ...common, deliveryDate: formatLongDateIn(locale, day), deliveryWindow: timeWindowLabels[window] },
    };
  }
  return {
    templateType: 'visit_scheduled',
    ...target,
    values: {
      ...common,
      visitType: t(`visits.types.${visit.type as VisitType}`),
      visitDate: formatLongDateIn(locale, day),
      visitWindow: timeWindowLabels[window],
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

/** Sends it; the booking stands whatever happens to the e-mail (the e-mail log shows a failed send). */
export async function sendVisitEmail(
  deps: VisitEmailDeps,
  adminUserId: string,
  email: VisitEmail,
): Promise<{ sent: boolean; message: string | null }> {
  try {
    const log = await sendTemplatedEmail(deps.db, deps.mailer, { ...email, sentBy: adminUserId });
    return log.status === 'sent'
      ? { sent: true, message: null }
      : {
          sent: false,
          message: `The e-mail to ${email.recipientEmail} failed: ${log.errorMessage ?? 'unknown error'}`,
        };
  } catch (error) {
    return { sent: false, message: error instanceof Error ? error.message : String(error) };
  }
}
