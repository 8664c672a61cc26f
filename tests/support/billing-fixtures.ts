import { and, asc, eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import { todayInLosAngeles } from '@/contracts/dates';
import { signInAdmin } from '@tests/support/admin-client';
import { CUSTOMER_SESSION_COOKIE } from '@/server/platform/auth/customer-sessions';
import { createCancellationRequest } from '@/server/platform/db/factories';
import { customers, emailLogs, invoiceLines, invoices, orders, subscriptions } from '@/server/platform/db/schema';
import { createPaymentsTestApp, goodCard, pay, startCheckout } from '@tests/support/payment-fixtures';
import { phoneOrderUpToPayment } from '@tests/support/phone-order-fixtures';
import { invoicesOfOrder } from '@/server/billing/billing-status';

/** Shared by the billing-clock tests: the app on the embedded gateway, an admin to move its clock, rentals. */
export async function startBillingTestApp(options: Parameters<typeof createPaymentsTestApp>[0] = {}) {
  const t = await createPaymentsTestApp(options);
  const admin = await signInAdmin(t);

  async function advance(days: number) {
    const response = await admin.request({
      method: 'POST',
      url: '/api/admin/billing-clock/advance',
      payload: { days },
    });
    expect(response.statusCode).toBe(200);
    return new Date(response.json().now);
  }

  /**
   * A rental paid on the provider's page; it starts today on the app clock unless told otherwise. Ordered at the
   * public checkout, or, in the 'billing on phone orders' test project (TEST_ORDERS_VIA=phone), taken by the owner
   * by phone and signed through the e-mailed link: every billing test then proves a monthly phone order is billed
   * as a checkout's is (issue 29).
   */
  async function paidRental(options: { startDate?: string } = {}) {
    const startDate = options.startDate ?? todayInLosAngeles(t.deps.clock.now());
    const checkout =
      process.env.TEST_ORDERS_VIA === 'phone'
        ? await phoneOrderUpToPayment(t, admin, { startDate, planType: 'monthly' })
        : await startCheckout(t, { startDate });
    expect((await pay(t, checkout.sessionId, goodCard)).statusCode).toBe(200);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, checkout.orderId));
    expect(order).toMatchObject({
      status: 'active',
      source: process.env.TEST_ORDERS_VIA === 'phone' ? 'phone' : 'checkout',
    });
    return { ...checkout, order: order! };
  }

  /** What the customer's portal shows, signed in with the order number and e-mail as a customer would. */
  async function portalOf(rental: { orderId: string; email: string; order: { orderNumber: string } }) {
    const access = await t.app.inject({
      method: 'POST',
      url: '/api/account-access',
      payload: { orderNumber: rental.order.orderNumber, email: rental.email },
      remoteAddress: `10.7.0.${Math.floor(Math.random() * 250) + 1}`,
    });
    expect(access.statusCode).toBe(200);
    const session = access.cookies.find((cookie) => cookie.name === CUSTOMER_SESSION_COOKIE)!.value;
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/portal/${rental.orderId}`,
      cookies: { [CUSTOMER_SESSION_COOKIE]: session },
    });
    expect(response.statusCode).toBe(200);
    return response.json();
  }

  /** The order's ledger: its subscription and its invoices (its own too: fees billed at once), oldest first, with their lines. */
  async function ledgerOf(orderId: string) {
    const [subscription] = await t.db.select().from(subscriptions).where(eq(subscriptions.orderId, orderId));
    const rows = await t.db
      .select()
      .from(invoices)
      .where(invoicesOfOrder(orderId, subscription?.id))
      .orderBy(asc(invoices.issuedAt));
    const lines = rows.length
      ? await t.db
          .select()
          .from(invoiceLines)
          .where(
            inArray(
              invoiceLines.invoiceId,
              rows.map((row) => row.id),
            ),
          )
      : [];
    return {
      subscription,
      invoices: rows.map((row) => ({
        ...row,
        lines: lines.filter((line) => line.invoiceId === row.id).map((line) => [line.kind, line.amountCents]),
      })),
    };
  }

  async function customerGatewayId(customerId: string): Promise<string | null> {
    const [customer] = await t.db.select().from(customers).where(eq(customers.id, customerId));
    return customer?.stripeCustomerId ?? null;
  }

  /** The e-mail that told the customer the owner's decision on their cancellation request. */
  async function decisionEmail(order: { customerId: string; orderNumber: string }, decision: string) {
    const [email] = await t.db
      .select()
      .from(emailLogs)
      .where(
        and(
          eq(emailLogs.customerId, order.customerId),
          eq(emailLogs.subject, `Your cancellation request for ${order.orderNumber} was ${decision}`),
        ),
      );
    return email;
  }

  /** The customer saves a card on the provider's billing page ("Update payment method"); it pays what is open. */
  async function useCard(customerId: string, cardNumber: string) {
    const session = await t.deps.payments.createBillingPortalSession({
      gatewayCustomerId: (await customerGatewayId(customerId))!,
      returnUrl: 'http://localhost/portal',
    });
    expect((await pay(t, session.url.split('/').pop()!, { ...goodCard, cardNumber })).statusCode).toBe(200);
  }

  /** A cancellation request for the order, approved by the owner. */
  async function approveCancellation(
    rental: { orderId: string; order: { customerId: string } },
    effectiveDate: string,
  ) {
    const request = await createCancellationRequest(t.db, {
      orderId: rental.orderId,
      customerId: rental.order.customerId,
      effectiveDate,
    });
    const decided = await admin.request({
      method: 'POST',
      url: `/api/admin/cancellation-requests/${request.id}/decision`,
      payload: { decision: 'approved' },
    });
    expect(decided.statusCode).toBe(200);
    return request;
  }

  return {
    t,
    admin,
    advance,
    paidRental,
    portalOf,
    ledgerOf,
    customerGatewayId,
    decisionEmail,
    useCard,
    approveCancellation,
  };
}
