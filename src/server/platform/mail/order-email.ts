import { localeOrDefault } from '@/i18n/locale';
import type { Db } from '@/server/platform/db/client';
import type { Mailer, OutgoingEmail } from './mailer';
import { sendTemplatedEmail, type EmailLog } from './templated-email';

export interface OrderEmail {
  templateType: string;
  order: { orderNumber: string };
  customer: { id: string; email: string; name: string; locale: string | null };
  /** The template's values besides the customer's name and the order's number, which are filled in here. */
  values: Record<string, string | number | null | undefined>;
  attachments?: OutgoingEmail['attachments'];
}

/**
 * Sends a template about one order to its customer, in the customer's language (customers.locale, English when
 * unknown), with `customerName` and `orderNumber` filled in; sendTemplatedEmail logs it (and a failed send).
 */
export function sendOrderEmail(db: Db, mailer: Mailer, email: OrderEmail): Promise<EmailLog> {
  const { customer } = email;
  return sendTemplatedEmail(db, mailer, {
    templateType: email.templateType,
    locale: localeOrDefault(customer.locale),
    customerId: customer.id,
    recipientEmail: customer.email,
    values: { customerName: customer.name, orderNumber: email.order.orderNumber, ...email.values },
    attachments: email.attachments,
  });
}
