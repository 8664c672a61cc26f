import { desc, eq } from 'drizzle-orm';
import { createLoginLink } from '@/server/platform/auth/login-links';
import type { Db } from '@/server/platform/db/client';
import { agreements } from '@/server/platform/db/schema';
import type { Mailer, OutgoingEmail } from '@/server/platform/mail/mailer';
import { UnfilledPlaceholders } from '@/server/platform/mail/render';
import { sendTemplatedEmail } from '@/server/platform/mail/templated-email';
import { LEAD_AUDIENCE, sendLeadMessage } from '@/server/rentals/waitlist/messages';
import {
  claimNextNotification,
  enqueueOwnerAlert,
  settleNotification,
  type NotificationRow,
} from '@/server/platform/mail/outbox';
import { isOwnerAlertKind, sendOwnerAlert } from '@/server/platform/mail/owner-alerts';

export interface DispatchDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  /** The business address for the owner's alerts; the admins' e-mails when unset. */
  ownerAlertEmail: string | undefined;
  business: { phone: string; email: string };
}

/** How many messages one run sends at most, so one run never holds a sweep for long. */
const BATCH = 100;

async function send(deps: DispatchDeps, row: NotificationRow, now: Date): Promise<void> {
  if (row.audience === 'owner') {
    if (!isOwnerAlertKind(row.kind)) throw new Error(`Unknown owner alert: ${row.kind}`);
    return sendOwnerAlert(deps, row.kind, row.values);
  }
  if (row.audience === LEAD_AUDIENCE) return sendLeadMessage(deps, row);
  if (!row.customerId || !row.values.recipientEmail) throw new Error('A customer message needs a customer');
  const { sentBy, ...values } = row.values;
  const extras = await customerExtras(deps, row, now);
  const log = await sendTemplatedEmail(deps.db, deps.mailer, {
    templateType: row.kind,
    customerId: row.customerId,
    recipientEmail: row.values.recipientEmail,
    sentBy: sentBy ?? null,
    values: {
      portalUrl: extras.portalUrl,
      payUrl: extras.portalUrl,
      businessPhone: deps.business.phone,
      businessEmail: deps.business.email,
      ...values,
      ...extras.values,
    },
    attachments: extras.attachments,
  });
  if (log.status !== 'sent') throw new Error(log.errorMessage ?? 'The e-mail could not be sent');
}

/**
 * What a customer message gets at sending time rather than when it was queued: links (a one-time sign-in link is
 * made now, so no live token waits in the queue) and the order confirmation's signed agreement, read from its row
 * (the queue keeps text, not PDFs). Amounts and dates were fixed when it was queued.
 */
async function customerExtras(
  deps: DispatchDeps,
  row: NotificationRow,
  now: Date,
): Promise<{ portalUrl: string; values: Record<string, string>; attachments?: OutgoingEmail['attachments'] }> {
  const siteUrl = row.values.siteUrl ?? deps.publicUrl;
  const portalUrl = row.orderId ? `${siteUrl}/portal/${row.orderId}` : `${siteUrl}/account-access`;
  const signIn = (orderId: string) =>
    createLoginLink(deps.db, { customerId: row.customerId!, orderId, publicUrl: siteUrl, now });
  if (row.kind === 'sign_in_link' && row.orderId) {
    return { portalUrl, values: { signInUrl: await signIn(row.orderId) } };
  }
  if (row.kind === 'order_confirmation' && row.orderId) {
    const [agreement] = await deps.db
      .select({ pdfData: agreements.pdfData })
      .from(agreements)
      .where(eq(agreements.orderId, row.orderId))
      .orderBy(desc(agreements.createdAt))
      .limit(1);
    const attachments = agreement?.pdfData
      ? [
          {
            filename: `rental-agreement-${row.values.orderNumber ?? row.orderId}.pdf`,
            content: agreement.pdfData,
            contentType: 'application/pdf',
          },
        ]
      : undefined;
    // "Manage your rental": a one-time link that signs the customer in to the portal.
    return { portalUrl: await signIn(row.orderId), values: {}, attachments };
  }
  return { portalUrl, values: {} };
}

/** The owner hears of a customer's message that failed for good (an owner alert that fails is only logged). */
async function alertOwnerOfFailedMessage(db: Db, row: NotificationRow, lastError: string): Promise<void> {
  if (row.audience === 'owner') return;
  await enqueueOwnerAlert(db, {
    kind: 'email_failed',
    occasion: row.id,
    customerId: row.customerId,
    orderId: row.orderId,
    values: {
      kind: row.kind,
      recipientEmail: row.values.recipientEmail ?? row.values.email ?? '',
      orderNumber: row.values.orderNumber ?? '',
      attempts: String(row.attempts),
      lastError,
    },
  });
}

/**
 * Sends the queued messages that are due, each by exactly one sender: a message is claimed before it is sent
 * (platform/mail/outbox.ts), marked sent after, and offered again after a failure with growing waits (6 tries
 * over about 15 hours; then the owner is told). Returns how many it sent.
 */
export async function dispatchNotifications(deps: DispatchDeps, now: Date): Promise<number> {
  let sent = 0;
  const tried: string[] = [];
  for (let i = 0; i < BATCH; i += 1) {
    const row = await claimNextNotification(deps.db, now, tried);
    if (!row) break;
    tried.push(row.id);
    try {
      await send(deps, row, now);
      await settleNotification(deps.db, row, { sent: true, at: now });
      sent += 1;
    } catch (error) {
      // An unfilled placeholder is not sent raw, nor tried again: the message fails with the reason, and
      // sendTemplatedEmail has queued the owner's alert naming the placeholder.
      const message = error instanceof Error ? error.message : String(error);
      const status = await settleNotification(deps.db, row, {
        sent: false,
        error: message,
        final: error instanceof UnfilledPlaceholders,
      });
      // An unfilled placeholder already told the owner which one (sendTemplatedEmail).
      if (status === 'failed' && !(error instanceof UnfilledPlaceholders)) {
        await alertOwnerOfFailedMessage(deps.db, row, message);
      }
    }
  }
  return sent;
}
