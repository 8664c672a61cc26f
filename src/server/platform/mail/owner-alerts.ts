import { asc } from 'drizzle-orm';
import type { Db } from '../db/client';
import { adminUsers } from '../db/schema';
import type { Mailer } from './mailer';

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
  'contact_flood',
  'outbox_stuck',
  'sweep_failing',
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
  contact_flood: (v) => ({
    subject: `Contact form: many messages since ${v.since}`,
    lines: [
      `More than ${v.perHour} messages have come through the contact form since ${v.since}.`,
      "So that your inbox is not flooded, the rest of this hour's are not e-mailed one by one: every one is kept " +
        'under Messages in the dashboard.',
      'If they look like spam, nothing needs doing; real ones can be answered from there.',
    ],
  }),
  // The site's own health (platform/observability/health-watch.ts): sent at once, never queued behind the stuck mail.
  outbox_stuck: (v) => ({
    subject: `E-mail is not going out: ${v.depth} waiting, the oldest for ${v.age}`,
    lines: [
      `${v.depth} e-mails wait to be sent; the oldest was queued ${v.age} ago. Customers are not getting their ` +
        'confirmations, receipts and sign-in links, nor you the alerts about new rentals.',
      `Check the mail settings (SMTP_URL) and the server's log ("scheduled sweep failed", "could not be sent").`,
      'You are told once: again only after the queue has caught up and falls behind once more.',
    ],
  }),
  sweep_failing: (v) => ({
    subject: `Scheduled work failing: ${v.sweeps}`,
    lines: [
      `This scheduled work (run each minute) has failed ${v.runs} times in a row:`,
      v.details ?? '',
      "It does nothing until it is fixed. Check the server's log (and the error reports, when SENTRY_DSN is set).",
      'You are told once for each: again only after it has run without failing and fails once more.',
    ],
  }),
};

export function isOwnerAlertKind(kind: string): kind is OwnerAlertKind {
  return (ownerAlertKinds as readonly string[]).includes(kind);
}

export interface OwnerAlertDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  /** OWNER_ALERT_EMAIL: the business address for the owner's alerts; the admins' e-mails when unset. */
  ownerAlertEmail: string | undefined;
}

async function ownerRecipients(deps: OwnerAlertDeps): Promise<string[]> {
  if (deps.ownerAlertEmail) return [deps.ownerAlertEmail];
  const admins = await deps.db.select({ email: adminUsers.email }).from(adminUsers).orderBy(asc(adminUsers.createdAt));
  return admins.map((admin) => admin.email);
}

/**
 * Sends one alert to the owner now: the outbox sends its queued alerts through this, and the site-health alerts,
 * which must not wait in the queue they may be about, are sent with it directly.
 */
export async function sendOwnerAlert(deps: OwnerAlertDeps, kind: OwnerAlertKind, values: Values): Promise<void> {
  const { subject, text, replyTo } = renderOwnerAlert(kind, values, `${deps.publicUrl}/admin`);
  const to = await ownerRecipients(deps);
  if (to.length === 0) throw new Error('No address for the owner: set OWNER_ALERT_EMAIL or add an admin');
  await deps.mailer.send({ to: to.join(', '), subject, text, ...(replyTo ? { replyTo } : {}) });
}

export function renderOwnerAlert(kind: OwnerAlertKind, values: Values, dashboardUrl: string) {
  const { subject, lines, replyTo } = alerts[kind](values);
  return { subject, text: [...lines, '', `Dashboard: ${dashboardUrl}`].join('\n'), replyTo };
}
