import { and, asc, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { additionalFees, emailLogs, notifications, orders } from '@/server/platform/db/schema';
import { goodCard } from '@tests/support/payment-fixtures';
import { startBillingTestApp } from '@tests/support/billing-fixtures';

const { t, advance, paidRental, portalOf, ledgerOf, useCard } = await startBillingTestApp();
afterAll(async () => t.close());

const failingCard = { ...goodCard, cardNumber: '4000 0000 0000 0341' };

/** The customer swaps their card on the provider's billing page, as "Update payment method" does. */

const billingStatusOf = async (orderId: string) =>
  (await t.db.select({ status: orders.billingStatus }).from(orders).where(eq(orders.id, orderId)))[0]!.status;

const dunningEmails = (customerId: string) =>
  t.db
    .select()
    .from(emailLogs)
    .where(and(eq(emailLogs.customerId, customerId), eq(emailLogs.status, 'sent')))
    .orderBy(asc(emailLogs.createdAt))
    .then((rows) => rows.filter((row) => row.subject.startsWith('Action needed')));

const ownerAlerts = (orderId: string) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.orderId, orderId), eq(notifications.audience, 'owner')))
    .orderBy(asc(notifications.createdAt));

const lateFees = (orderId: string) =>
  t.db
    .select()
    .from(additionalFees)
    .where(and(eq(additionalFees.orderId, orderId), eq(additionalFees.feeType, 'late_fee')));

describe('a renewal that fails (card 4000 0000 0000 0341)', { timeout: 180_000 }, () => {
  it('goes past due, then suspended, gets one late fee, and comes back when paid', async () => {
    const rental = await paidRental();
    const customerId = rental.order.customerId;
    await useCard(customerId, failingCard.cardNumber);

    // The first failure: past due, one e-mail to the customer, one alert to the owner.
    await advance(32);
    expect(await billingStatusOf(rental.orderId)).toBe('past_due');
    let emails = await dunningEmails(customerId);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.body).toContain('We could not charge $39.00 to your card');
    expect(emails[0]!.body).toMatch(/We will try your card again on \w+ \d+, \d{4}\./);
    expect(emails[0]!.body).toContain('a late fee of $25.00 is added');
    expect(emails[0]!.body).not.toContain('{{');
    let alerts = await ownerAlerts(rental.orderId);
    expect(alerts.filter((alert) => alert.kind === 'payment_failed')).toHaveLength(1);
    expect(alerts.every((alert) => alert.status === 'sent')).toBe(true);
    let portal = await portalOf(rental);
    expect(portal.billing).toMatchObject({
      status: 'past_due',
      openInvoice: { amountDueCents: 3900, attemptCount: 1 },
    });

    // The second failure, three days later: suspended, and the customer is told so.
    await advance(3);
    expect(await billingStatusOf(rental.orderId)).toBe('suspended');
    emails = await dunningEmails(customerId);
    expect(emails).toHaveLength(2);
    expect(emails[1]!.body).toContain('Your service is suspended until this payment is made.');
    alerts = await ownerAlerts(rental.orderId);
    expect(alerts.map((alert) => alert.kind).sort()).toEqual([
      'new_rental',
      'payment_failed',
      'payment_failed',
      'suspended',
    ]);
    expect((await portalOf(rental)).billing.status).toBe('suspended');

    // More than 10 days after the first failure: exactly one $25 late fee, on the provider for the next invoice.
    await advance(8);
    await advance(2);
    const fees = await lateFees(rental.orderId);
    expect(fees).toEqual([
      expect.objectContaining({ amountCents: 2500, status: 'pending', stripeInvoiceId: expect.stringMatching(/^ii_/) }),
    ]);
    expect(fees[0]!.createdBy).toBeNull();

    // A working card pays the open invoice: current again, suspension cleared.
    await useCard(customerId, goodCard.cardNumber);
    expect(await billingStatusOf(rental.orderId)).toBe('current');
    portal = await portalOf(rental);
    expect(portal.billing).toMatchObject({ status: 'current', openInvoice: null });

    // The late fee is billed on the next renewal and paid with it.
    await advance(25);
    const ledger = await ledgerOf(rental.orderId);
    const last = ledger.invoices.at(-1)!;
    expect(last).toMatchObject({ status: 'paid', amountPaidCents: 6400 });
    expect(last.lines.sort()).toEqual([
      ['item', 2500],
      ['rent', 3900],
    ]);
    expect(await lateFees(rental.orderId)).toEqual([expect.objectContaining({ status: 'paid' })]);
  });
});
