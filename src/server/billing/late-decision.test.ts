import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { addDays, todayInLosAngeles } from '@/contracts/dates';
import { createCancellationRequest } from '@/server/platform/db/factories';
import { additionalFees, orders } from '@/server/platform/db/schema';
import { startBillingTestApp } from '@tests/support/billing-fixtures';

const { t, admin, advance, paidRental, ledgerOf } = await startBillingTestApp();
afterAll(async () => t.close());

const clockNow = async () =>
  new Date((await admin.request({ method: 'GET', url: '/api/admin/billing-clock' })).json().now);

describe('a cancellation decided after its effective date (embedded gateway)', { timeout: 120_000 }, () => {
  it('is judged on the day the customer asked: one $150 fee, billed at once on the final invoice', async () => {
    const rental = await paidRental();
    await advance(32); // into the second month
    const asked = await clockNow();
    // The rental started a month ago on the billing clock (the checkout helper dates it by the wall clock).
    await t.db
      .update(orders)
      .set({ startDate: addDays(todayInLosAngeles(asked), -32) })
      .where(eq(orders.id, rental.orderId));
    // Asked today for an end in 5 days, well inside the 4-month minimum: the fee applies as of the asking.
    const effectiveDate = addDays(todayInLosAngeles(asked), 5);
    const request = await createCancellationRequest(t.db, {
      orderId: rental.orderId,
      customerId: rental.order.customerId,
      effectiveDate,
      requestDate: asked,
    });

    await advance(10); // the owner decides after the effective date has passed
    expect(todayInLosAngeles(await clockNow()) > effectiveDate).toBe(true);
    const decided = await admin.request({
      method: 'POST',
      url: `/api/admin/cancellation-requests/${request.id}/decision`,
      payload: { decision: 'approved' },
    });
    expect(decided.statusCode).toBe(200);

    const fees = await t.db
      .select()
      .from(additionalFees)
      .where(and(eq(additionalFees.orderId, rental.orderId), eq(additionalFees.feeType, 'early_termination')));
    expect(fees).toEqual([expect.objectContaining({ amountCents: 15_000 })]);

    // Billing ended now rather than at a date already past, and the final invoice carried the fee.
    await advance(1); // one scheduled-work run delivers the provider's events
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
  });
});
