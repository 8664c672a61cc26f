import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { todayInLosAngeles } from '@/contracts/dates';
import { firstPeriodBilling } from '@/server/billing/first-month';
import { CUSTOMER_SESSION_COOKIE } from '@/server/platform/auth/customer-sessions';
import { createCustomer, createOrder, createUnit, createUnitModel } from '@/server/platform/db/factories';
import { orders } from '@/server/platform/db/schema';
import { goodCard, pay } from '@tests/support/payment-fixtures';
import type { TestApp } from '@tests/support/test-app';

/**
 * A weekly rental paid on the embedded gateway's page, as a phone order's link pays one (issue 29). The public
 * checkout takes only the monthly plan, so the pending order is made as the phone order makes it: at the model's
 * weekly price with no minimum term; its payment session bills the first week now and rent every 7 days from the
 * start date + 7 days (firstPeriodBilling). It starts today on the app clock unless told otherwise.
 */
export async function paidWeeklyRental(t: TestApp, options: { startDate?: string } = {}) {
  const startDate = options.startDate ?? todayInLosAngeles(t.deps.clock.now());
  const model = await createUnitModel(t.db);
  await createUnit(t.db, { modelId: model.id });
  const customer = await createCustomer(t.db);
  const pending = await createOrder(t.db, {
    customerId: customer.id,
    modelId: model.id,
    type: 'weekly',
    priceCents: model.weeklyPrice,
    monthsMin: 0,
    startDate,
    status: 'pending',
  });
  const first = firstPeriodBilling('weekly', startDate, pending.priceCents);
  const session = await t.deps.payments.createCheckoutSession({
    orderId: pending.id,
    orderNumber: pending.orderNumber,
    customerEmail: customer.email,
    gatewayCustomerId: null,
    amountCents: pending.priceCents,
    description: `Weekly AC Rental (${pending.btuTier} BTU)`,
    oneTimeItems: [first.item],
    renewsAt: first.renewsAt,
    interval: first.interval,
    successUrl: 'http://localhost/success?session_id={CHECKOUT_SESSION_ID}',
    cancelUrl: 'http://localhost/',
    expiresAt: new Date(t.deps.clock.now().getTime() + 30 * 60_000),
  });
  await t.db
    .update(orders)
    .set({ stripeSessionId: session.id, checkoutUrl: session.url })
    .where(eq(orders.id, pending.id));
  expect((await pay(t, session.id, goodCard)).statusCode).toBe(200);
  const [order] = await t.db.select().from(orders).where(eq(orders.id, pending.id));
  expect(order).toMatchObject({ status: 'active', type: 'weekly', priceCents: model.weeklyPrice });
  return { orderId: order!.id, email: customer.email, order: order!, renewsOn: first.renewsOn };
}

let ipCounter = 0;

/** The customer's portal session cookie, signed in with the order number and e-mail as a customer would. */
export async function portalCookie(
  t: TestApp,
  rental: { email: string; order: { orderNumber: string } },
): Promise<Record<string, string>> {
  const access = await t.app.inject({
    method: 'POST',
    url: '/api/account-access',
    payload: { orderNumber: rental.order.orderNumber, email: rental.email },
    remoteAddress: `10.8.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`,
  });
  expect(access.statusCode).toBe(200);
  return { [CUSTOMER_SESSION_COOKIE]: access.cookies.find((cookie) => cookie.name === CUSTOMER_SESSION_COOKIE)!.value };
}
