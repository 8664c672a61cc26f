import { timeWindowLabels, visitTypeLabels, type TimeWindow, type VisitType } from '@/contracts/deliveries';
import { formatCalendarDate } from '@/contracts/dates';
import type { Db } from '@/server/db/client';
import type { Mailer } from '@/server/email/mailer';
import { renderForSending } from '@/server/email/render';
import { activeTemplate, customerLocale, sendTemplatedEmail } from '@/server/email/service';
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

function visitDetails(visit: AdminVisit): string {
  const serial = visit.collectUnit ? ` (unit ${visit.collectUnit.serial})` : '';
  switch (visit.type as VisitType) {
    case 'pickup':
      return `we will pick up your ${visit.modelName}${serial}. Please have it unplugged and its water tray emptied.`;
    case 'service':
      return `a service visit for your ${visit.modelName}${visit.problem ? ` (you told us: ${visit.problem})` : ''}.`;
    case 'swap':
      return `we will bring a replacement ${visit.modelName} and take the current unit${serial} away.`;
    default:
      return `we will deliver and install your ${visit.modelName}.`;
  }
}

export interface VisitEmail {
  templateType: 'delivery_scheduled' | 'visit_scheduled';
  customerId: string;
  recipientEmail: string;
  values: Record<string, string>;
}

/** The customer's e-mail for a visit booked on a day and window: delivery_scheduled, or visit_scheduled. */
export function visitEmail(deps: VisitEmailDeps, visit: AdminVisit, day: string, window: TimeWindow): VisitEmail {
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
      values: { ...common, deliveryDate: longDate(day), deliveryWindow: timeWindowLabels[window] },
    };
  }
  return {
    templateType: 'visit_scheduled',
    ...target,
    values: {
      ...common,
      visitType: visitTypeLabels[visit.type].toLowerCase(),
      visitDate: longDate(day),
      visitWindow: timeWindowLabels[window],
      visitDetails: visitDetails(visit),
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
