import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { addDays, addMonths, formatCalendarDate, middayInLosAngeles, todayInLosAngeles } from '@/contracts/dates';
import { emailLogs } from '@/server/platform/db/schema';
import { startBillingTestApp } from '@tests/support/billing-fixtures';

const { t, advance, paidRental, portalOf, ledgerOf } = await startBillingTestApp();
afterAll(async () => t.close());

const DAY_MS = 86_400_000;
const appToday = () => todayInLosAngeles(t.deps.clock.now());
const daysFromToday = (date: string) => Math.round((Date.parse(date) - Date.parse(appToday())) / DAY_MS);

describe('the bill dates of a rental that starts 20 days out (embedded gateway)', { timeout: 120_000 }, () => {
  it('pays the first month from the start date at checkout, and renews on the start date + 1 month', async () => {
    const startDate = addDays(appToday(), 20);
    const renewsOn = addMonths(startDate, 1);
    const rental = await paidRental({ startDate });

    // Checkout: the first month, from the start date, as a one-time price; the subscription's rent waits for it.
    let ledger = await ledgerOf(rental.orderId);
    expect(ledger.subscription).toMatchObject({
      status: 'trialing',
      currentPeriodEnd: middayInLosAngeles(renewsOn),
    });
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
    let portal = await portalOf(rental);
    expect(portal.billing).toMatchObject({ status: 'current', nextBillDate: renewsOn, nextAmountCents: 3900 });
    expect(portal.order.nextBillDate).toBe(renewsOn);
    // The history shows what was paid: the first month, from the start date.
    expect(portal.billing.invoices).toEqual([
      expect.objectContaining({ periodStart: startDate, periodEnd: renewsOn, amountCents: 3900, status: 'paid' }),
    ]);

    // No second charge before the start date + 1 month: not on the start date, not the day before the renewal.
    await advance(daysFromToday(renewsOn) - 1);
    expect(appToday()).toBe(addDays(renewsOn, -1));
    ledger = await ledgerOf(rental.orderId);
    expect(ledger.invoices).toHaveLength(1);
    // The confirmation says so too.
    const [confirmation] = await t.db
      .select()
      .from(emailLogs)
      .where(
        and(
          eq(emailLogs.customerId, rental.order.customerId),
          eq(emailLogs.subject, `Your AC rental is confirmed (${rental.order.orderNumber})`),
        ),
      );
    expect(confirmation!.body).toContain(
      `Your first month is paid; your next bill is on ${formatCalendarDate(renewsOn)}, then on the same day each month.`,
    );

    // The renewal: rent for the month from the start date + 1 month, and the next bill a month later.
    await advance(2);
    ledger = await ledgerOf(rental.orderId);
    expect(ledger.subscription).toMatchObject({ status: 'active' });
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
    ]);
    expect(ledger.invoices[1]).toMatchObject({
      periodStart: middayInLosAngeles(renewsOn),
      periodEnd: middayInLosAngeles(addMonths(startDate, 2)),
    });
    portal = await portalOf(rental);
    expect(portal.billing.nextBillDate).toBe(addMonths(startDate, 2));
  });

  it('keeps the start date’s day when the next month is shorter (Jan 31 → Feb 28 → Mar 31)', () => {
    expect(addMonths('2027-01-31', 1)).toBe('2027-02-28');
    expect(addMonths('2027-01-31', 2)).toBe('2027-03-31');
    // Midday in Los Angeles stays on its date on both sides of a daylight-saving change.
    for (const date of ['2027-03-14', '2027-11-07', '2027-07-04', '2027-12-31']) {
      expect(todayInLosAngeles(middayInLosAngeles(date))).toBe(date);
    }
  });
});
