import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { addDays, formatCalendarDate, todayInLosAngeles } from '@/contracts/dates';
import { additionalFees, emailLogs, orders } from '@/server/platform/db/schema';
import { startBillingTestApp } from '@tests/support/billing-fixtures';
import { paidWeeklyRental, portalCookie } from '@tests/support/weekly-rental';

const { t, admin, advance, portalOf, ledgerOf, decisionEmail } = await startBillingTestApp();
afterAll(async () => t.close());

const DAY_MS = 86_400_000;
const appToday = () => todayInLosAngeles(t.deps.clock.now());
const advanceTo = async (date: string) => advance(Math.round((Date.parse(date) - Date.parse(appToday())) / DAY_MS));

describe(
  'cancelling a weekly rental (no minimum term: it ends at the end of the paid week)',
  { timeout: 180_000 },
  () => {
    it('takes only the end of the paid week, charges no fee, and bills nothing after that instant', async () => {
      const rental = await paidWeeklyRental(t);
      const startDate = rental.order.startDate;
      await advanceTo(addDays(startDate, 8)); // into the second week, paid on the start date + 7 days
      const endOfWeek = addDays(startDate, 14);
      const cookies = await portalCookie(t, rental);
      const ask = (effectiveDate: string) =>
        t.app.inject({
          method: 'POST',
          url: `/api/portal/${rental.orderId}/cancellation`,
          cookies,
          payload: { effectiveDate, reason: 'The heat wave is over, thank you.' },
        });

      // Any other date, sooner or later, is refused with the date the rental can end.
      for (const date of [addDays(startDate, 10), addDays(startDate, 21)]) {
        const refused = await ask(date);
        expect(refused.statusCode).toBe(400);
        expect(refused.json().fieldErrors.effectiveDate).toBe(
          `A weekly rental ends at the end of the week already paid for: the effective date is ${formatCalendarDate(endOfWeek)}.`,
        );
      }
      const asked = await ask(endOfWeek);
      expect(asked.statusCode).toBe(201);

      let portal = await portalOf(rental);
      expect(portal.cancellationTerms).toMatchObject({ planType: 'weekly', startDate });
      expect(portal.cancellationRequest).toMatchObject({
        status: 'pending',
        effectiveDate: endOfWeek,
        earlyTerminationFeeCents: 0,
      });
      const [received] = await t.db
        .select()
        .from(emailLogs)
        .where(
          and(
            eq(emailLogs.customerId, rental.order.customerId),
            eq(emailLogs.subject, `We received your cancellation request (${rental.order.orderNumber})`),
          ),
        );
      expect(received!.body).toContain(
        'Your weekly rental ends at the end of the week you have paid for; no early-termination fee applies',
      );

      const decided = await admin.request({
        method: 'POST',
        url: `/api/admin/cancellation-requests/${asked.json().id}/decision`,
        payload: { decision: 'approved' },
      });
      expect(decided.statusCode).toBe(200);
      const fees = await t.db.select().from(additionalFees).where(eq(additionalFees.orderId, rental.orderId));
      expect(fees).toEqual([]);
      const decision = await decisionEmail(rental.order, 'approved');
      expect(decision!.body).not.toContain('early-termination fee');

      // Billing ends at the very instant the paid week does: still active until then, with no next bill.
      let ledger = await ledgerOf(rental.orderId);
      const weekEndsAt = ledger.subscription!.currentPeriodEnd!;
      expect(todayInLosAngeles(weekEndsAt)).toBe(endOfWeek);
      expect(ledger.subscription).toMatchObject({ status: 'active', cancelAt: weekEndsAt });
      portal = await portalOf(rental);
      expect(portal.billing).toMatchObject({ status: 'current', endsAt: endOfWeek, nextBillDate: null });
      expect(portal.cancellationRequest).toMatchObject({ status: 'approved', earlyTerminationFeeCents: 0 });

      // The day before, nothing changes; after that instant the subscription has ended, with no further invoice.
      await advanceTo(addDays(endOfWeek, -1));
      expect((await ledgerOf(rental.orderId)).subscription).toMatchObject({ status: 'active', endedAt: null });
      await advanceTo(addDays(endOfWeek, 1));
      ledger = await ledgerOf(rental.orderId);
      expect(ledger.subscription).toMatchObject({ status: 'canceled', endedAt: weekEndsAt });
      expect(ledger.invoices).toHaveLength(2);
      const [order] = await t.db.select().from(orders).where(eq(orders.id, rental.orderId));
      expect(order).toMatchObject({ status: 'completed', endDate: endOfWeek });

      await advance(21);
      expect((await ledgerOf(rental.orderId)).invoices).toHaveLength(2);
    });
  },
);
