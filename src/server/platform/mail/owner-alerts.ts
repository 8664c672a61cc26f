/**
 * The owner's alerts: short e-mails to the business address that say what happened and where to look. Each kind
 * names the values it is queued with (strings, so the queue's jsonb keeps them as they were at the time).
 */
export const ownerAlertKinds = [
  'new_rental',
  'cancellation_request',
  'payment_failed',
  'suspended',
  'service_request',
  'email_blocked',
  'email_failed',
  'contact_message',
] as const;
export type OwnerAlertKind = (typeof ownerAlertKinds)[number];

type Values = Record<string, string>;

/** A visitor's words go into a subject line: one line, not too long. */
const oneLine = (value: string | undefined, max = 80) => (value ?? '').replace(/\s+/g, ' ').trim().slice(0, max);

const alerts: Record<OwnerAlertKind, (v: Values) => { subject: string; lines: string[]; replyTo?: string }> = {
  new_rental: (v) => ({
    subject: `New rental paid: ${v.orderNumber} (${v.customerName})`,
    lines: [`${v.customerName} paid for ${v.orderNumber}, starting ${v.startDate}.`, `Deliver to: ${v.address}`],
  }),
  cancellation_request: (v) => ({
    subject: `Cancellation requested: ${v.orderNumber} (${v.customerName})`,
    lines: [
      `${v.customerName} asked to cancel ${v.orderNumber} effective ${v.effectiveDate}.`,
      'It waits for your decision in Orders.',
    ],
  }),
  payment_failed: (v) => ({
    subject: `Payment failed: ${v.orderNumber} (${v.customerName}), ${v.amount}`,
    lines: [
      `Charging ${v.amount} for ${v.orderNumber} failed (attempt ${v.attempt}).`,
      v.nextAttempt ? `The next attempt is on ${v.nextAttempt}.` : 'No more automatic attempts are scheduled.',
      'The customer was e-mailed a link to fix the card and pay.',
    ],
  }),
  service_request: (v) => ({
    subject: `Service requested: ${v.orderNumber} (${v.customerName})`,
    lines: [
      `${v.customerName} says the unit for ${v.orderNumber} needs service.`,
      `What is wrong: ${v.problem}`,
      `Preferred day: ${v.preferredDate}`,
      `Address: ${v.address}`,
      `Phone: ${v.phone}`,
      'Call them to book a visit; it waits in Deliveries.',
    ],
  }),
  suspended: (v) => ({
    subject: `Rental suspended: ${v.orderNumber} (${v.customerName})`,
    lines: [
      `${v.orderNumber} is suspended after ${v.attempt} failed payments (${v.amount} unpaid).`,
      'Paying the invoice brings it back; otherwise you can schedule a pickup from "Needs attention".',
    ],
  }),
  email_blocked: (v) => ({
    subject: `E-mail not sent: "${v.templateName}" to ${v.recipientEmail}`,
    lines: [
      `The "${v.templateName}" e-mail (${v.templateType}) to ${v.recipientEmail} was not sent: ` +
        `these placeholders had no value: ${v.placeholders}.`,
      'Edit the template in Email Center (use only the placeholders it lists), then send it again by hand.',
    ],
  }),
  email_failed: (v) => ({
    subject: `E-mail not delivered: "${v.kind}" to ${v.recipientEmail}`,
    lines: [
      `The "${v.kind}" e-mail to ${v.recipientEmail}${v.orderNumber ? ` about ${v.orderNumber}` : ''} could not be ` +
        `sent after ${v.attempts} tries over about 15 hours. The last error: ${oneLine(v.lastError, 300)}`,
      'Check the mail settings (SMTP_URL) and the address, then send it again from the customer in Customers.',
    ],
  }),
  contact_message: (v) => ({
    subject: `Contact form: message from ${oneLine(v.name)}`,
    lines: [
      `From: ${oneLine(v.name)} <${v.email}>`,
      `Phone: ${v.phone || 'not given'}`,
      '',
      v.message ?? '',
      '',
      'Reply to this e-mail to answer them. The message is also under Messages in the dashboard.',
    ],
    replyTo: v.email,
  }),
};

export function isOwnerAlertKind(kind: string): kind is OwnerAlertKind {
  return (ownerAlertKinds as readonly string[]).includes(kind);
}

export function renderOwnerAlert(kind: OwnerAlertKind, values: Values, dashboardUrl: string) {
  const { subject, lines, replyTo } = alerts[kind](values);
  return { subject, text: [...lines, '', `Dashboard: ${dashboardUrl}`].join('\n'), replyTo };
}
