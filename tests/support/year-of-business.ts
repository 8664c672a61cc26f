import { expect } from 'vitest';
import { addDays, todayInLosAngeles } from '@/contracts/dates';
import type { startBillingTestApp } from '@tests/support/billing-fixtures';
import { goodCard, pay, startCheckout } from '@tests/support/payment-fixtures';

/** Stripe's card that saves but whose every charge fails (4000 0000 0000 0341). */
export const failingCard = { ...goodCard, cardNumber: '4000 0000 0000 0341' };

export type BillingTestApp = Awaited<ReturnType<typeof startBillingTestApp>>;

/** What the simulation did, for the test to check the figures against. */
export interface YearOfBusiness {
  rentals: number;
  declinedCheckouts: number;
  failingCards: number;
  cardsFixed: number;
  fees: number;
  completed: number;
  cancelled: number;
  scheduledEnds: number;
}

/**
 * A year of business on the embedded gateway's billing clock, driven through the app's own routes: each month
 * `perMonth` paid rentals start and one checkout is declined on the failing card (a lead whose hold lapses);
 * then the clock moves a month, renewing, charging and retrying everything due. Rental i (counting from 0):
 * - i % 5 = 1 switches to the failing card right after checkout, so its renewals fail and are retried;
 *   the even ones of those put a good card back two months later, which pays the open invoices;
 * - i % 7 = 3 gets a $25 damage fee at once (an invoice item on its next renewal);
 * - i % 6 = 4 is completed by the owner after 3 months, i % 6 = 5 cancelled by the owner after 4 (past due or not);
 * - i % 11 = 2 has a cancellation approved in month 2, ending its billing 20 days later (the provider ends it).
 */
export async function simulateYear(
  billing: BillingTestApp,
  options: { months: number; perMonth: number },
): Promise<YearOfBusiness> {
  const { t, admin, advance, paidRental, useCard, approveCancellation } = billing;
  const done: YearOfBusiness = {
    rentals: 0,
    declinedCheckouts: 0,
    failingCards: 0,
    cardsFixed: 0,
    fees: 0,
    completed: 0,
    cancelled: 0,
    scheduledEnds: 0,
  };
  const rentals: Array<{ i: number; month: number; orderId: string; customerId: string; failing: boolean }> = [];

  const setStatus = async (orderId: string, status: 'completed' | 'cancelled') => {
    const response = await admin.request({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/status`,
      payload: { status },
    });
    expect(response.statusCode).toBe(200);
  };
  const clockNow = async () =>
    new Date((await admin.request({ method: 'GET', url: '/api/admin/billing-clock' })).json().now);

  for (let month = 0; month < options.months; month += 1) {
    for (let n = 0; n < options.perMonth; n += 1) {
      const i = rentals.length;
      const rental = await paidRental();
      const { customerId } = rental.order;
      rentals.push({ i, month, orderId: rental.orderId, customerId, failing: i % 5 === 1 });
      done.rentals += 1;
      if (i % 5 === 1) {
        await useCard(customerId, failingCard.cardNumber);
        done.failingCards += 1;
      }
      if (i % 7 === 3) {
        const fee = await admin.request({
          method: 'POST',
          url: '/api/admin/additional-fees',
          payload: {
            customerId,
            orderId: rental.orderId,
            feeType: 'damage',
            description: 'Cracked hose',
            amountCents: 2500,
          },
        });
        expect(fee.statusCode).toBe(201);
        done.fees += 1;
      }
    }
    const declined = await startCheckout(t);
    expect((await pay(t, declined.sessionId, failingCard)).statusCode).toBe(402);
    done.declinedCheckouts += 1;

    for (const rental of rentals) {
      const age = month - rental.month;
      if (rental.failing && rental.i % 2 === 0 && age === 2) {
        await useCard(rental.customerId, goodCard.cardNumber);
        done.cardsFixed += 1;
      }
      const endsByRequest = rental.i % 11 === 2;
      if (rental.i % 6 === 4 && age === 3 && !endsByRequest) {
        await setStatus(rental.orderId, 'completed');
        done.completed += 1;
      }
      if (rental.i % 6 === 5 && age === 4 && !endsByRequest) {
        await setStatus(rental.orderId, 'cancelled');
        done.cancelled += 1;
      }
      if (endsByRequest && age === 2) {
        const effectiveDate = addDays(todayInLosAngeles(await clockNow()), 20);
        await approveCancellation({ orderId: rental.orderId, order: { customerId: rental.customerId } }, effectiveDate);
        done.scheduledEnds += 1;
      }
    }
    await advance(30);
  }
  return done;
}
