import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { startBillingTestApp } from '@tests/support/billing-fixtures';
import { additionalFees, emailLogs, localGatewayInvoiceItems, notifications } from './platform/db/schema';
import { createAppDeps } from './deps';
import { enqueueNotification } from './platform/mail/outbox';
import { goodCard, pay } from '@tests/support/payment-fixtures';
import { runScheduledWork } from './scheduled-work';

const { t, advance, paidRental, customerGatewayId } = await startBillingTestApp();
afterAll(async () => t.close());

const DAY_MS = 86_400_000;
const log = { error: () => undefined };
// A second app instance on the same database and the same clock, as when two servers share one PostgreSQL.
const second = createAppDeps(t.config, t.database, { clock: t.deps.clock });

describe('scheduled work on two instances at once', { timeout: 180_000 }, () => {
  it('creates one late fee, bills it once and e-mails it once', async () => {
    const rental = await paidRental();
    const gatewayCustomerId = (await customerGatewayId(rental.order.customerId))!;
    const portal = await t.deps.payments.createBillingPortalSession({ gatewayCustomerId, returnUrl: 'http://x/p' });
    await pay(t, portal.url.split('/').pop()!, { ...goodCard, cardNumber: '4000 0000 0000 0341' });
    await advance(32); // the renewal fails

    const later = new Date(t.deps.clock.now().getTime() + 11 * DAY_MS);
    const reports = await Promise.all([
      runScheduledWork(t.deps, later, log),
      runScheduledWork(second, later, log),
      runScheduledWork(t.deps, later, log),
    ]);
    expect(reports.reduce((sum, report) => sum + report.lateFeesCreated, 0)).toBe(1);

    const fees = await t.db
      .select()
      .from(additionalFees)
      .where(and(eq(additionalFees.orderId, rental.orderId), eq(additionalFees.feeType, 'late_fee')));
    expect(fees).toHaveLength(1);
    const items = await t.db
      .select()
      .from(localGatewayInvoiceItems)
      .where(eq(localGatewayInvoiceItems.gatewayCustomerId, gatewayCustomerId));
    expect(items.filter((item) => item.amountCents === 2500)).toHaveLength(1);
    expect(fees[0]!.stripeInvoiceId).toBe(items.find((item) => item.amountCents === 2500)!.id);
    const feeEmails = await t.db
      .select()
      .from(emailLogs)
      .where(
        and(
          eq(emailLogs.customerId, rental.order.customerId),
          eq(emailLogs.subject, 'A fee has been added to your account'),
        ),
      );
    expect(feeEmails).toHaveLength(1);
  });

  it('sends each queued message once when both send at the same time', async () => {
    const rental = await paidRental();
    const keys = Array.from({ length: 30 }, (_, i) => `test:${rental.orderId}:${i}`);
    await t.db.transaction(async (tx) => {
      for (const key of keys) {
        await enqueueNotification(tx, {
          key,
          audience: 'customer',
          kind: 'additional_fee',
          customerId: rental.order.customerId,
          orderId: rental.orderId,
          values: { recipientEmail: rental.email, customerName: 'Test', amount: '$1.00', feeDescription: key },
        });
      }
      // The same key again is dropped.
      expect(
        await enqueueNotification(tx, {
          key: keys[0]!,
          audience: 'owner',
          kind: 'new_rental',
          customerId: null,
          orderId: null,
          values: {},
        }),
      ).toBe(false);
    });
    const now = t.deps.clock.now();
    const reports = await Promise.all([runScheduledWork(t.deps, now, log), runScheduledWork(second, now, log)]);
    expect(reports[0].notificationsSent + reports[1].notificationsSent).toBe(30);

    const logs = await t.db.select().from(emailLogs).where(eq(emailLogs.customerId, rental.order.customerId));
    for (const key of keys) expect(logs.filter((row) => row.body.includes(`${key}.`))).toHaveLength(1);
    const rows = await t.db.select().from(notifications).where(eq(notifications.orderId, rental.orderId));
    expect(rows.filter((row) => keys.includes(row.key)).every((row) => row.status === 'sent')).toBe(true);
  });
});
