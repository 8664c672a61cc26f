import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { addDays, formatCalendarDate, middayInLosAngeles, todayInLosAngeles } from '@/contracts/dates';
import { additionalFees, emailLogs, localGatewaySubscriptions, orders } from '@/server/platform/db/schema';
import { startBillingTestApp } from '@tests/support/billing-fixtures';
import { paidWeeklyRental } from '@tests/support/weekly-rental';

const { t, advance, portalOf, ledgerOf, useCard } = await startBillingTestApp();
afterAll(async () => t.close());

const DAY_MS = 86_400_000;
const WEEKLY_CENTS = 1900; // the medium model's weekly price (unit_model_catalog), not the $39 monthly rate
const appToday = () => todayInLosAngeles(t.deps.clock.now());
const daysFromToday = (date: string) => Math.round((Date.parse(date) - Date.parse(appToday())) / DAY_MS);
/** Moves the billing clock to `date` at the current time of day (a renewal at its midday and the hour after). */
const advanceTo = async (date: string) => advance(daysFromToday(date));
const invoiceSummary = (ledger: Awaited<ReturnType<typeof ledgerOf>>) =>
  ledger.invoices.map((invoice) => [invoice.status, invoice.amountDueCents, invoice.lines]);

describe('a weekly rental on the embedded gateway (issue 29)', { timeout: 180_000 }, () => {
  it('pays the first week at once, then renews every 7 days at the weekly price', async () => {
    const rental = await paidWeeklyRental(t);
    const startDate = rental.order.startDate;
    expect(rental.renewsOn).toBe(addDays(startDate, 7));

    // The first week, from the start date, as a one-time price beside the subscription's $0 trial.
    let ledger = await ledgerOf(rental.orderId);
    expect(ledger.subscription).toMatchObject({
      status: 'trialing',
      currentPeriodEnd: middayInLosAngeles(addDays(startDate, 7)),
    });
    expect(invoiceSummary(ledger)).toEqual([
      [
        'paid',
        WEEKLY_CENTS,
        [
          ['rent', 0],
          ['item', WEEKLY_CENTS],
        ],
      ],
    ]);
    const [engine] = await t.db
      .select()
      .from(localGatewaySubscriptions)
      .where(eq(localGatewaySubscriptions.orderId, rental.orderId));
    expect(engine).toMatchObject({ interval: 'week', amountCents: WEEKLY_CENTS });
    let portal = await portalOf(rental);
    expect(portal.order).toMatchObject({ type: 'weekly', priceCents: WEEKLY_CENTS, monthsMin: 0 });
    expect(portal.order.nextBillDate).toBe(addDays(startDate, 7));
    expect(portal.billing).toMatchObject({ status: 'current', nextBillDate: addDays(startDate, 7) });
    expect(portal.billing.nextAmountCents).toBe(WEEKLY_CENTS);
    // The history shows the first week, not a month.
    expect(portal.billing.invoices).toEqual([
      expect.objectContaining({ periodStart: startDate, periodEnd: addDays(startDate, 7), amountCents: WEEKLY_CENTS }),
    ]);

    // Nothing more the day before the first renewal.
    await advanceTo(addDays(startDate, 6));
    expect((await ledgerOf(rental.orderId)).invoices).toHaveLength(1);

    // A week after the start date: rent for the week from there, and the next bill a week later.
    await advanceTo(addDays(startDate, 8));
    ledger = await ledgerOf(rental.orderId);
    expect(ledger.subscription).toMatchObject({ status: 'active' });
    expect(invoiceSummary(ledger).slice(1)).toEqual([['paid', WEEKLY_CENTS, [['rent', WEEKLY_CENTS]]]]);
    expect(ledger.invoices[1]).toMatchObject({
      periodStart: middayInLosAngeles(addDays(startDate, 7)),
      amountPaidCents: WEEKLY_CENTS,
    });
    expect(todayInLosAngeles(ledger.invoices[1]!.periodEnd)).toBe(addDays(startDate, 14));
    portal = await portalOf(rental);
    expect(portal.order.nextBillDate).toBe(addDays(startDate, 14));
    expect(portal.billing.nextBillDate).toBe(addDays(startDate, 14));

    // Two weeks after the start date: the third paid invoice, each week following the one before.
    await advanceTo(addDays(startDate, 15));
    ledger = await ledgerOf(rental.orderId);
    expect(ledger.invoices.map((invoice) => [invoice.status, invoice.amountPaidCents])).toEqual([
      ['paid', WEEKLY_CENTS],
      ['paid', WEEKLY_CENTS],
      ['paid', WEEKLY_CENTS],
    ]);
    expect(ledger.invoices[2]!.periodStart).toEqual(ledger.invoices[1]!.periodEnd);
    expect(todayInLosAngeles(ledger.invoices[2]!.periodEnd)).toBe(addDays(startDate, 21));
    portal = await portalOf(rental);
    expect(portal.order.nextBillDate).toBe(addDays(startDate, 21));

    // Each renewal's receipt calls it a week's rent, at the weekly price.
    const receipts = await t.db
      .select()
      .from(emailLogs)
      .where(
        and(
          eq(emailLogs.customerId, rental.order.customerId),
          eq(emailLogs.subject, `Receipt: $19.00 paid for your AC rental (${rental.order.orderNumber})`),
        ),
      );
    expect(receipts).toHaveLength(2);
    expect(receipts[0]!.body).toContain('Weekly rent, ');
  });

  it('puts a failed renewal past due, then suspends and adds the late fee on the monthly plan’s rules', async () => {
    const rental = await paidWeeklyRental(t);
    const startDate = rental.order.startDate;
    // The customer swaps in a card that saves but never charges.
    await useCard(rental.order.customerId, '4000 0000 0000 0341');

    await advanceTo(addDays(startDate, 8));
    let ledger = await ledgerOf(rental.orderId);
    expect(ledger.subscription!.status).toBe('past_due');
    expect(ledger.invoices[1]).toMatchObject({ status: 'open', attemptCount: 1, amountDueCents: WEEKLY_CENTS });
    const firstFailedAt = ledger.invoices[1]!.firstFailedAt!;
    expect((await portalOf(rental)).billing).toMatchObject({
      status: 'past_due',
      openInvoice: expect.objectContaining({ amountDueCents: WEEKLY_CENTS, attemptCount: 1 }),
    });
    const order = async () => (await t.db.select().from(orders).where(eq(orders.id, rental.orderId)))[0]!;
    expect((await order()).billingStatus).toBe('past_due');

    // The retry 3 days after the first failure fails too: 2 failed payments suspend service.
    await advanceTo(addDays(startDate, 12));
    expect((await ledgerOf(rental.orderId)).invoices[1]).toMatchObject({ status: 'open', attemptCount: 2 });
    expect((await order()).billingStatus).toBe('suspended');

    const lateFees = () =>
      t.db
        .select()
        .from(additionalFees)
        .where(and(eq(additionalFees.orderId, rental.orderId), eq(additionalFees.feeType, 'late_fee')));
    // Not 9 days after the first failure; past 10 days, one $25 fee on that invoice.
    await advanceTo(todayInLosAngeles(new Date(firstFailedAt.getTime() + 9 * DAY_MS)));
    expect(await lateFees()).toEqual([]);
    await advanceTo(todayInLosAngeles(new Date(firstFailedAt.getTime() + 11 * DAY_MS)));
    ledger = await ledgerOf(rental.orderId);
    expect(await lateFees()).toEqual([
      expect.objectContaining({
        amountCents: 2500,
        sourceInvoiceId: ledger.invoices[1]!.id,
        description: `Late fee: the invoice for the week from ${formatCalendarDate(addDays(startDate, 7))} was unpaid 10 days after the first failed payment`,
      }),
    ]);
    // A past-due subscription still renews every week, as Stripe's does: the next week's invoice is open too.
    expect(ledger.invoices[2]).toMatchObject({ status: 'open', amountDueCents: WEEKLY_CENTS });
    expect(todayInLosAngeles(ledger.invoices[2]!.periodStart)).toBe(addDays(startDate, 14));
  });
});
