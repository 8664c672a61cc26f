import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { addDays, addMonths, formatCalendarDate, middayInLosAngeles, todayInLosAngeles } from '@/contracts/dates';
import { orders } from '@/server/platform/db/schema';
import { startBillingTestApp } from '@tests/support/billing-fixtures';
import { postWebhook, startCheckout } from '@tests/support/payment-fixtures';
import { stripeFixture } from '@tests/support/stripe-fixtures';
import { startStripeFake, stripeGatewayFor } from '@tests/support/stripe-fake';
import { signWebhookPayload } from './webhook-signature';

// The same rental as first-bill-date.test.ts, on the Stripe adapter: the real SDK sends the Checkout Session to the
// local fake, and Stripe's events (in the published fixture's shapes) come back through the webhook.
const stripe = await startStripeFake();
const { t, portalOf, ledgerOf } = await startBillingTestApp({ deps: { payments: stripeGatewayFor(stripe) } });
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const unix = (date: Date) => Math.floor(date.getTime() / 1000);
let eventCount = 0;

async function deliver(type: string, object: Record<string, unknown>) {
  const payload = JSON.stringify({
    id: `evt_first_bill_${(eventCount += 1)}_${randomUUID().slice(0, 8)}`,
    object: 'event',
    type,
    created: unix(t.deps.clock.now()) + eventCount,
    data: { object },
  });
  const response = await postWebhook(t, payload, signWebhookPayload(payload, 'whsec_fake'));
  expect(response.statusCode, response.body).toBe(200);
}

describe('the bill dates of a rental that starts 20 days out (Stripe)', () => {
  it('asks Checkout for the first month now and the rent from the start date + 1 month (trial_end)', async () => {
    const startDate = addDays(todayInLosAngeles(t.deps.clock.now()), 20);
    const renewsOn = addMonths(startDate, 1);
    const renewsAt = middayInLosAngeles(renewsOn);
    const checkout = await startCheckout(t, { startDate });

    const sent = stripe.requests.find((request) => request.path === '/v1/checkout/sessions')!.params;
    const firstMonth = `First month's rent, ${formatCalendarDate(startDate)} – ${formatCalendarDate(renewsOn)}`;
    expect(sent).toMatchObject({
      mode: 'subscription',
      'line_items[0][price_data][recurring][interval]': 'month',
      'line_items[0][price_data][unit_amount]': '3900',
      'line_items[1][price_data][unit_amount]': '3900',
      'line_items[1][price_data][product_data][name]': firstMonth,
      'subscription_data[trial_end]': String(unix(renewsAt)),
    });
    // One-time, not recurring: Checkout bills it on the first invoice only.
    expect(sent['line_items[1][price_data][recurring][interval]']).toBeUndefined();

    // What Stripe sends back once the customer pays: a trialing subscription and its first invoice, paid.
    const now = unix(t.deps.clock.now());
    const subscriptionId = `sub_first_${randomUUID().slice(0, 8)}`;
    const customerId = `cus_first_${randomUUID().slice(0, 8)}`;
    const subscription = stripeFixture('subscription');
    Object.assign(subscription, {
      id: subscriptionId,
      customer: customerId,
      status: 'trialing',
      trial_start: now,
      trial_end: unix(renewsAt),
      billing_cycle_anchor: unix(renewsAt),
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      metadata: { orderId: checkout.orderId },
    });
    Object.assign(subscription.items.data[0], { current_period_start: now, current_period_end: unix(renewsAt) });

    const invoice = stripeFixture('invoice');
    const trialLine = structuredClone(invoice.lines.data[0]);
    Object.assign(trialLine, {
      id: 'il_trial',
      amount: 0,
      description: 'Trial period for Monthly AC Rental',
      period: { start: now, end: unix(renewsAt) },
    });
    trialLine.parent.type = 'subscription_item_details';
    const firstMonthLine = structuredClone(invoice.lines.data[0]);
    Object.assign(firstMonthLine, {
      id: 'il_first',
      amount: 3900,
      description: firstMonth,
      period: { start: now, end: now },
    });
    firstMonthLine.parent.invoice_item_details.invoice_item = 'ii_first_month';
    Object.assign(invoice, {
      id: `in_first_${randomUUID().slice(0, 8)}`,
      customer: customerId,
      status: 'paid',
      amount_due: 3900,
      amount_paid: 3900,
      attempt_count: 1,
      next_payment_attempt: null,
      created: now,
      billing_reason: 'subscription_create',
      hosted_invoice_url: null,
    });
    invoice.parent.subscription_details.subscription = subscriptionId;
    invoice.status_transitions.paid_at = now;
    invoice.lines.data = [trialLine, firstMonthLine];

    await deliver('checkout.session.completed', {
      id: checkout.sessionId,
      object: 'checkout.session',
      mode: 'subscription',
      payment_status: 'paid',
      status: 'complete',
      customer: customerId,
      subscription: subscriptionId,
      client_reference_id: checkout.orderId,
      metadata: { orderId: checkout.orderId },
    });
    await deliver('customer.subscription.created', subscription);
    await deliver('invoice.paid', invoice);

    const ledger = await ledgerOf(checkout.orderId);
    expect(ledger.subscription).toMatchObject({ status: 'trialing', currentPeriodEnd: renewsAt });
    expect(ledger.invoices.map((row) => [row.status, row.amountPaidCents, row.lines])).toEqual([
      [
        'paid',
        3900,
        [
          ['rent', 0],
          ['item', 3900],
        ],
      ],
    ]);
    const portal = await portalOf({ ...checkout, order: { orderNumber: await orderNumberOf(checkout.orderId) } });
    expect(portal.billing).toMatchObject({ status: 'current', nextBillDate: renewsOn, nextAmountCents: 3900 });
    expect(portal.order.nextBillDate).toBe(renewsOn);
    // The history shows what was paid: the first month, from the start date.
    expect(portal.billing.invoices).toEqual([
      expect.objectContaining({ periodStart: startDate, periodEnd: renewsOn, amountCents: 3900, status: 'paid' }),
    ]);
  });
});

async function orderNumberOf(orderId: string): Promise<string> {
  const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
  return order!.orderNumber;
}
