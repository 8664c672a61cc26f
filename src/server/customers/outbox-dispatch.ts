import { asc } from 'drizzle-orm';
import { createLoginLink } from '@/server/platform/auth/login-links';
import type { Db } from '@/server/platform/db/client';
import { adminUsers } from '@/server/platform/db/schema';
import type { Mailer } from '@/server/platform/mail/mailer';
import { UnfilledPlaceholders } from '@/server/platform/mail/render';
import { sendTemplatedEmail } from '@/server/platform/mail/templated-email';
import { LEAD_AUDIENCE, sendLeadMessage } from '@/server/rentals/stock-alerts/service';
import { claimNextNotification, settleNotification, type NotificationRow } from '@/server/platform/mail/outbox';
import { isOwnerAlertKind, renderOwnerAlert } from '@/server/platform/mail/owner-alerts';

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

async function ownerRecipients(deps: DispatchDeps): Promise<string[]> {
  if (deps.ownerAlertEmail) return [deps.ownerAlertEmail];
  const admins = await deps.db.select({ email: adminUsers.email }).from(adminUsers).orderBy(asc(adminUsers.createdAt));
  return admins.map((admin) => admin.email);
}

async function send(deps: DispatchDeps, row: NotificationRow, now: Date): Promise<void> {
  if (row.audience === 'owner') {
    if (!isOwnerAlertKind(row.kind)) throw new Error(`Unknown owner alert: ${row.kind}`);
    const { subject, text, replyTo } = renderOwnerAlert(row.kind, row.values, `${deps.publicUrl}/admin`);
    const to = await ownerRecipients(deps);
    if (to.length === 0) throw new Error('No address for the owner: set OWNER_ALERT_EMAIL or add an admin');
    await deps.mailer.send({ to: to.join(', '), subject, text, ...(replyTo ? { replyTo } : {}) });
    return;
  }
  if (row.audience === LEAD_AUDIENCE) return sendLeadMessage(deps, row);
  if (!row.customerId || !row.values.recipientEmail) throw new Error('A customer message needs a customer');
  // Links and contact details are filled in at sending time; amounts and dates were fixed when it was queued.
  const portalUrl = row.orderId ? `${deps.publicUrl}/portal/${row.orderId}` : `${deps.publicUrl}/account-access`;
  // A sign-in e-mail's one-time link is made now, so no live token ever waits in the queue.
  const signInUrl =
    row.kind === 'sign_in_link' && row.orderId
      ? await createLoginLink(deps.db, {
          customerId: row.customerId,
          orderId: row.orderId,
          publicUrl: row.values.siteUrl ?? deps.publicUrl,
          now,
        })
      : undefined;
  const log = await sendTemplatedEmail(deps.db, deps.mailer, {
    templateType: row.kind,
    customerId: row.customerId,
    recipientEmail: row.values.recipientEmail,
    values: {
      portalUrl,
      payUrl: portalUrl,
      businessPhone: deps.business.phone,
      businessEmail: deps.business.email,
      ...row.values,
      ...(signInUrl ? { signInUrl } : {}),
    },
  });
  if (log.status !== 'sent') throw new Error(log.errorMessage ?? 'The e-mail could not be sent');
}

/**
 * Sends the queued messages that are due, each by exactly one sender: a message is claimed before it is sent
 * (./outbox.ts), marked sent after, and offered again after a failure (up to 5 tries). Returns how many it sent.
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
      await settleNotification(deps.db, row, {
        sent: false,
        error: error instanceof Error ? error.message : String(error),
        final: error instanceof UnfilledPlaceholders,
      });
    }
  }
  return sent;
}
