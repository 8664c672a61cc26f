import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createCustomer, createOrder, createUnit } from '@/server/platform/db/factories';
import { deliveryTasks, paymentEvents, units } from '@/server/platform/db/schema';
import { signWebhookPayload } from '@/server/billing/provider/webhook-signature';
import { rentUnit } from '@/server/rentals/units/rentals';
import {
  completedEvent,
  emailsTo,
  orderRow,
  postWebhook,
  signWebhook,
  startCheckout,
  startPaymentsTestApp,
} from '@tests/support/payment-fixtures';

const t = await startPaymentsTestApp();

describe('POST /api/payments/webhook', () => {
  it('applies the same event sent 10 times at once exactly once', async () => {
    const checkout = await startCheckout(t);
    const payload = completedEvent(checkout);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => postWebhook(t, payload, signWebhook(t, payload))),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(200));

    const order = await orderRow(t, checkout.orderId);
    expect(order.status).toBe('active');
    expect(await emailsTo(t, order.id)).toHaveLength(1);
    expect(await t.db.select().from(deliveryTasks).where(eq(deliveryTasks.orderId, order.id))).toHaveLength(1);
    const [events] = await t.db
      .select({ n: count() })
      .from(paymentEvents)
      .where(eq(paymentEvents.id, JSON.parse(payload).id));
    expect(events!.n).toBe(1);
  });

  it('ignores a second, different event for an order that is already active', async () => {
    const checkout = await startCheckout(t);
    for (const payload of [completedEvent(checkout), completedEvent(checkout)]) {
      expect((await postWebhook(t, payload, signWebhook(t, payload))).statusCode).toBe(200);
    }
    expect(await emailsTo(t, checkout.orderId)).toHaveLength(1);
    expect(await t.db.select().from(deliveryTasks).where(eq(deliveryTasks.orderId, checkout.orderId))).toHaveLength(1);
  });

  it.each([
    ['no signature', () => undefined],
    ['a signature made with another secret', (payload: string) => signWebhookPayload(payload, 'whsec_forged')],
    ['a malformed signature', () => 't=1,v1=deadbeef'],
    [
      'an expired timestamp',
      (payload: string) =>
        signWebhookPayload(payload, t.config.stripe.webhookSecret, Math.floor(Date.now() / 1000) - 3600),
    ],
    [
      'a timestamp ten years ahead',
      (payload: string) =>
        signWebhookPayload(payload, t.config.stripe.webhookSecret, Math.floor(Date.now() / 1000) + 10 * 365 * 86_400),
    ],
    [
      'a timestamp six minutes ahead',
      (payload: string) =>
        signWebhookPayload(payload, t.config.stripe.webhookSecret, Math.floor(Date.now() / 1000) + 360),
    ],
  ])('answers 400 and changes nothing for %s', async (_label, signatureFor) => {
    const checkout = await startCheckout(t);
    const payload = completedEvent(checkout);
    const response = await postWebhook(t, payload, signatureFor(payload));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('message');
    expect((await orderRow(t, checkout.orderId)).status).toBe('pending');
    expect(
      await t.db
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.id, JSON.parse(payload).id)),
    ).toHaveLength(0);
  });

  it('answers 400 for a body altered after signing', async () => {
    const checkout = await startCheckout(t);
    const payload = completedEvent(checkout);
    const signature = signWebhook(t, payload);
    const tampered = payload.replace('"paid"', '"paid" ');
    expect((await postWebhook(t, tampered, signature)).statusCode).toBe(400);
    expect((await orderRow(t, checkout.orderId)).status).toBe('pending');
  });

  it('cancels the order and frees its unit when the session expires unpaid', async () => {
    const checkout = await startCheckout(t);
    const payload = JSON.stringify({
      id: `evt_test_${randomUUID()}`,
      object: 'event',
      type: 'checkout.session.expired',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: checkout.sessionId,
          object: 'checkout.session',
          status: 'expired',
          payment_status: 'unpaid',
          metadata: { orderId: checkout.orderId },
        },
      },
    });
    expect((await postWebhook(t, payload, signWebhook(t, payload))).statusCode).toBe(200);
    expect((await orderRow(t, checkout.orderId)).status).toBe('cancelled');
    const [unit] = await t.db.select().from(units).where(eq(units.id, checkout.unitId));
    expect(unit).toMatchObject({ status: 'available', heldByOrderId: null });
    const inventory = await t.app.inject({ url: `/api/inventory/${unit!.modelId}` });
    expect(inventory.json()).toEqual({ available: 1, held: 0 });
  });

  it('accepts and records events it does not act on', async () => {
    const payload = JSON.stringify({
      id: `evt_test_${randomUUID()}`,
      object: 'event',
      type: 'invoice.paid',
      created: Math.floor(Date.now() / 1000),
      data: { object: {} },
    });
    expect((await postWebhook(t, payload, signWebhook(t, payload))).statusCode).toBe(200);
    expect(
      await t.db
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.id, JSON.parse(payload).id)),
    ).toHaveLength(1);
  });

  it('assigns another free unit of the model when the hold was lost before payment arrived', async () => {
    const checkout = await startCheckout(t);
    const [held] = await t.db.select().from(units).where(eq(units.id, checkout.unitId));
    // Someone else rented the held unit after the hold ran out; one more unit of the model is free.
    const someoneElse = await createCustomer(t.db);
    const theirOrder = await createOrder(t.db, {
      customerId: someoneElse.id,
      modelId: held!.modelId,
      status: 'active',
    });
    await t.db.transaction((tx) => rentUnit(tx, { unitId: held!.id, orderId: theirOrder.id }));
    const spare = await createUnit(t.db, { modelId: held!.modelId });
    const payload = completedEvent(checkout);
    expect((await postWebhook(t, payload, signWebhook(t, payload))).statusCode).toBe(200);
    expect(await orderRow(t, checkout.orderId)).toMatchObject({ status: 'active', unitId: spare.id });
  });
});
