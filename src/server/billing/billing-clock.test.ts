import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { addDays, todayInLosAngeles } from '@/contracts/dates';
import { createCancellationRequest } from '@/server/platform/db/factories';
import { additionalFees, emailLogs, orders } from '@/server/platform/db/schema';
import { goodCard, pay, startCheckout } from '@tests/support/payment-fixtures';
import { startBillingTestApp } from '@tests/support/billing-fixtures';

const { t, admin, advance, paidRental, portalOf, ledgerOf, customerGatewayId, decisionEmail, approveCancellation } =
  await startBillingTestApp();
afterAll(async () => t.close());

const DAY_MS = 86_400_000;

const failingCard = { ...goodCard, cardNumber: '4000 0000 0000 0341' };

describe('the billing clock', () => {
  it('tells the time and refuses a bad advance', async () => {
    const clock = await admin.request({ method: 'GET', url: '/api/admin/billing-clock' });
    expect(clock.statusCode).toBe(200);
    expect(Math.abs(new Date(clock.json().now).getTime() - Date.now())).toBeLessThan(60_000);
    for (const days of [0, 401, 1.5, '3']) {
      const response = await admin.request({
        method: 'POST',
        url: '/api/admin/billing-clock/advance',
        payload: { days },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors).toEqual({ days: 'Days must be a whole number from 1 to 400' });
    }
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/admin/billing-clock/advance',
      payload: { days: 1 },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('a rental over months (embedded gateway, events through the webhook)', { timeout: 180_000 }, () => {
  it('bills the first month at checkout and each renewal after it', async () => {
    const rental = await paidRental();
    let ledger = await ledgerOf(rental.orderId);
    // The first month, from the start date, is a one-time price beside the subscription's $0 trial (ADR 012).
    expect(ledger.subscription).toMatchObject({ status: 'trialing', orderId: rental.orderId });
    expect(ledger.invoices.map((invoice) => [invoice.status, invoice.amountPaidCents, invoice.lines])).toEqual([
      [
        'paid',
        3900,
        [
          ['rent', 0],
          ['item', 3900],
        ],
      ],
    ]);

    for (let month = 0; month < 3; month += 1) await advance(32);

    ledger = await ledgerOf(rental.orderId);
    expect(ledger.invoices.map((invoice) => [invoice.status, invoice.amountPaidCents])).toEqual([
      ['paid', 3900],
      ['paid', 3900],
      ['paid', 3900],
      ['paid', 3900],
    ]);
    // Each invoice bills the month after the one before.
    for (let i = 1; i < ledger.invoices.length; i += 1) {
      expect(ledger.invoices[i]!.periodStart).toEqual(ledger.invoices[i - 1]!.periodEnd);
    }
    expect(ledger.subscription!.currentPeriodStart).toEqual(ledger.invoices[3]!.periodStart);

    // The customer sees the same history, newest first, and the next bill as the provider will charge it.
    const portal = await portalOf(rental);
    expect(portal.billing).toMatchObject({
      status: 'current',
      nextBillDate: todayInLosAngeles(ledger.subscription!.currentPeriodEnd!),
      nextAmountCents: 3900,
      endsAt: null,
    });
    expect(
      portal.billing.invoices.map((invoice: { status: string; amountCents: number }) => invoice.amountCents),
    ).toEqual([3900, 3900, 3900, 3900]);
    expect(portal.order.nextBillDate).toBe(portal.billing.nextBillDate);

    // A receipt for each paid renewal; the checkout's own payment has the order confirmation instead.
    const receipts = await t.db.select().from(emailLogs).where(eq(emailLogs.customerId, rental.order.customerId));
    const receiptSubject = `Receipt: $39.00 paid for your AC rental (${rental.order.orderNumber})`;
    expect(receipts.filter((email) => email.subject === receiptSubject)).toHaveLength(3);
    // The owner's order view shows the same billing.
    const detail = await admin.request({ method: 'GET', url: `/api/admin/orders/${rental.orderId}` });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().billing).toEqual(portal.billing);
  });

  it('bills nothing more once the owner has completed the order', async () => {
    const rental = await paidRental();
    const completed = await admin.request({
      method: 'POST',
      url: `/api/admin/orders/${rental.orderId}/status`,
      payload: { status: 'completed' },
    });
    expect(completed.statusCode).toBe(200);
    expect((await ledgerOf(rental.orderId)).subscription).toMatchObject({ status: 'canceled' });

    await advance(90);
    const ledger = await ledgerOf(rental.orderId);
    expect(ledger.invoices).toHaveLength(1);
    expect(ledger.subscription!.endedAt).toBeInstanceOf(Date);
  });

  it('puts a pending fee on the next renewal and marks it paid with it', async () => {
    const rental = await paidRental();
    const created = await admin.request({
      method: 'POST',
      url: '/api/admin/additional-fees',
      payload: {
        customerId: rental.order.customerId,
        orderId: rental.orderId,
        feeType: 'damage',
        description: 'Cracked exhaust hose',
        amountCents: 2500,
      },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().stripeInvoiceId).toMatch(/^ii_local_/);

    await advance(32); // a month, and the hour Stripe waits before it finalizes a renewal
    const ledger = await ledgerOf(rental.orderId);
    expect(ledger.invoices.map((invoice) => [invoice.amountPaidCents, invoice.lines.sort()])).toEqual([
      [
        3900,
        [
          ['item', 3900],
          ['rent', 0],
        ],
      ],
      [
        6400,
        [
          ['item', 2500],
          ['rent', 3900],
        ],
      ],
    ]);
    const [fee] = await t.db.select().from(additionalFees).where(eq(additionalFees.id, created.json().id));
    expect(fee).toMatchObject({ status: 'paid', paidAt: ledger.invoices[1]!.paidAt });
  });

  it('retries a failed renewal 3 and 7 days after, and a new card pays it', async () => {
    const rental = await paidRental();
    // The customer swaps in a card that saves but never charges.
    const portal = await t.deps.payments.createBillingPortalSession({
      gatewayCustomerId: (await customerGatewayId(rental.order.customerId))!,
      returnUrl: 'http://localhost/portal',
    });
    const portalSession = portal.url.split('/').pop()!;
    expect((await pay(t, portalSession, failingCard)).statusCode).toBe(200);

    const renewedAt = (await ledgerOf(rental.orderId)).subscription!.currentPeriodEnd!;
    // The renewal is drafted at the period's end and charged an hour later.
    const failedAt = new Date(renewedAt.getTime() + 3_600_000);
    await advance(32);
    let ledger = await ledgerOf(rental.orderId);
    expect(ledger.subscription!.status).toBe('past_due');
    expect(ledger.invoices[1]).toMatchObject({
      status: 'open',
      attemptCount: 1,
      nextPaymentAttemptAt: new Date(failedAt.getTime() + 3 * DAY_MS),
    });

    await advance(3);
    ledger = await ledgerOf(rental.orderId);
    expect(ledger.invoices[1]).toMatchObject({
      status: 'open',
      attemptCount: 2,
      nextPaymentAttemptAt: new Date(failedAt.getTime() + 7 * DAY_MS),
    });

    const again = await t.deps.payments.createBillingPortalSession({
      gatewayCustomerId: (await customerGatewayId(rental.order.customerId))!,
      returnUrl: 'http://localhost/portal',
    });
    expect((await pay(t, again.url.split('/').pop()!, goodCard)).statusCode).toBe(200);
    ledger = await ledgerOf(rental.orderId);
    expect(ledger.subscription!.status).toBe('active');
    expect(ledger.invoices[1]).toMatchObject({ status: 'paid', attemptCount: 3, amountPaidCents: 3900 });
  });

  it('ends billing at an approved early cancellation, with one $150 fee charged at once', async () => {
    const rental = await paidRental();
    await advance(32); // into the second month
    const now = new Date((await admin.request({ method: 'GET', url: '/api/admin/billing-clock' })).json().now);
    // The rental started a month ago on the billing clock (the checkout helper dates it by the wall clock).
    await t.db
      .update(orders)
      .set({ startDate: addDays(todayInLosAngeles(now), -32) })
      .where(eq(orders.id, rental.orderId));
    const effectiveDate = addDays(todayInLosAngeles(now), 10); // well inside the 4-month minimum
    await approveCancellation(rental, effectiveDate);
    const fees = () =>
      t.db
        .select()
        .from(additionalFees)
        .where(and(eq(additionalFees.orderId, rental.orderId), eq(additionalFees.feeType, 'early_termination')));
    expect(await fees()).toEqual([
      expect.objectContaining({
        amountCents: 15_000,
        status: 'pending',
        stripeInvoiceId: expect.stringMatching(/^ii_local_/),
      }),
    ]);
    expect((await ledgerOf(rental.orderId)).subscription).toMatchObject({ status: 'active' });
    const portal = await portalOf(rental);
    expect(portal.cancellationRequest).toMatchObject({
      status: 'approved',
      effectiveDate,
      earlyTerminationFeeCents: 15_000,
    });
    expect(portal.billing).toMatchObject({ status: 'current', endsAt: effectiveDate, nextBillDate: null });
    expect(portal.fees).toEqual([
      expect.objectContaining({ feeType: 'early_termination', amountCents: 15_000, status: 'pending' }),
    ]);
    // The customer hears the decision, with the end date and the fee.
    const decision = await decisionEmail(rental.order, 'approved');
    expect(decision).toMatchObject({ status: 'sent', recipientEmail: rental.email });
    expect(decision!.body).toContain('billing stops then');
    expect(decision!.body).toContain('an early-termination fee of $150.00 is charged to your card on file');

    // A second request approved later does not charge the fee again.
    const second = await createCancellationRequest(t.db, {
      orderId: rental.orderId,
      customerId: rental.order.customerId,
      effectiveDate: addDays(effectiveDate, 1),
      status: 'pending',
    }).catch(() => null); // one pending request per order: the first is decided, so this one is allowed
    expect(second).not.toBeNull();
    await admin.request({
      method: 'POST',
      url: `/api/admin/cancellation-requests/${second!.id}/decision`,
      payload: { decision: 'approved' },
    });
    expect(await fees()).toHaveLength(1);

    await advance(60);
    const ledger = await ledgerOf(rental.orderId);
    expect(ledger.subscription).toMatchObject({ status: 'canceled' });
    expect(ledger.invoices.map((invoice) => [invoice.status, invoice.amountPaidCents, invoice.lines])).toEqual([
      [
        'paid',
        3900,
        [
          ['rent', 0],
          ['item', 3900],
        ],
      ],
      ['paid', 3900, [['rent', 3900]]],
      ['paid', 15_000, [['item', 15_000]]],
    ]);
    expect([null, ledger.subscription!.id]).toContain(ledger.invoices[2]!.subscriptionId); // its own, or the final
    expect(await fees()).toEqual([expect.objectContaining({ status: 'paid' })]);
  });

  it('tells the customer when a cancellation is declined, with the note, and keeps billing', async () => {
    const rental = await paidRental();
    const request = await createCancellationRequest(t.db, {
      orderId: rental.orderId,
      customerId: rental.order.customerId,
      effectiveDate: addDays(todayInLosAngeles(new Date(Date.now() + 400 * DAY_MS)), 0),
    });
    const decided = await admin.request({
      method: 'POST',
      url: `/api/admin/cancellation-requests/${request.id}/decision`,
      payload: { decision: 'declined', notes: 'Please call us about a unit swap instead.' },
    });
    expect(decided.statusCode).toBe(200);
    const decision = await decisionEmail(rental.order, 'declined');
    expect(decision!.body).toContain(
      'Your rental continues as before. Note from our team: Please call us about a unit swap instead.',
    );
    const portal = await portalOf(rental);
    expect(portal.cancellationRequest).toMatchObject({
      status: 'declined',
      decisionNote: 'Please call us about a unit swap instead.',
      earlyTerminationFeeCents: 0,
    });
    expect(portal.billing).toMatchObject({ status: 'current', endsAt: null });
  });

  it('declines at checkout a card whose charges fail', async () => {
    const checkout = await startCheckout(t);
    const response = await pay(t, checkout.sessionId, failingCard);
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({ message: 'Your card was declined.' });
    const [order] = await t.db
      .select()
      .from(orders)
      .where(and(eq(orders.id, checkout.orderId), eq(orders.status, 'pending')));
    expect(order).toBeDefined();
  });
});
