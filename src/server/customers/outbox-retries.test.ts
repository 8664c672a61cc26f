import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInLosAngeles } from '@/contracts/dates';
import { customers, deliveryTasks, notifications, orders } from '@/server/platform/db/schema';
import { dispatchDepsOf } from '@/server/scheduled-work';
import { signInAdmin } from '@tests/support/admin-client';
import { createPaymentsTestApp, goodCard, pay, startCheckout } from '@tests/support/payment-fixtures';
import { startSwitchableSmtp, type SwitchableSmtp } from '@tests/support/smtp-sink';
import type { TestApp } from '@tests/support/test-app';
import { dispatchNotifications } from './outbox-dispatch';

const MINUTE = 60_000;

describe('the outbox through an SMTP outage (a real SMTP server that refuses, then accepts)', () => {
  let smtp: SwitchableSmtp;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSwitchableSmtp();
    t = await createPaymentsTestApp({ env: { SMTP_URL: smtp.url, OWNER_ALERT_EMAIL: 'owner@coolrent.example' } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  /** One run of two app instances' senders at the same moment of app time. */
  const runTwoSenders = (at: Date) =>
    Promise.all([dispatchNotifications(dispatchDepsOf(t.deps), at), dispatchNotifications(dispatchDepsOf(t.deps), at)]);

  const messageOf = async (orderId: string, kind: string) => {
    const [row] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.orderId, orderId), eq(notifications.kind, kind)));
    return row!;
  };

  it('delivers every e-mail exactly once, the agreement attached, after 10 minutes of refusals', async () => {
    smtp.refusing = true;
    const checkout = await startCheckout(t);
    expect((await pay(t, checkout.sessionId, goodCard)).statusCode).toBe(200);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, checkout.orderId));
    const [customer] = await t.db.select().from(customers).where(eq(customers.id, order!.customerId));
    expect(order!.status).toBe('active'); // the rental stands whatever the mail server does

    // Queued with the activation and tried at once by the webhook's request: refused.
    const start = (await messageOf(order!.id, 'order_confirmation')).claimedAt!;
    expect(await messageOf(order!.id, 'order_confirmation')).toMatchObject({ status: 'pending', attempts: 1 });
    const at = (ms: number) => new Date(start.getTime() + ms);

    // Tried again after 1 minute, then 5 more: still refused; between tries nothing is attempted.
    await runTwoSenders(at(30_000));
    expect((await messageOf(order!.id, 'order_confirmation')).attempts).toBe(1);
    await runTwoSenders(at(MINUTE + 1000));
    await runTwoSenders(at(6 * MINUTE + 2000));
    expect(await messageOf(order!.id, 'order_confirmation')).toMatchObject({ status: 'pending', attempts: 3 });

    smtp.refusing = false; // the outage ends after 10 minutes
    await runTwoSenders(at(20 * MINUTE));
    expect(smtp.messages).toHaveLength(0); // the next try waits its 30 minutes
    await runTwoSenders(at(37 * MINUTE));
    await runTwoSenders(at(3 * 60 * MINUTE));

    const toCustomer = smtp.messages.filter((message) => message.to.includes(customer!.email));
    expect(toCustomer).toHaveLength(1);
    expect(toCustomer[0]!.raw).toContain(`rental-agreement-${order!.orderNumber}.pdf`);
    expect(toCustomer[0]!.raw).toMatch(/Content-Type: application\/pdf/);
    // The owner's new-rental alert went through the same outage, once.
    expect(smtp.messages.filter((message) => message.to.includes('owner@coolrent.example'))).toHaveLength(1);
    expect(smtp.messages).toHaveLength(2);
    expect(await messageOf(order!.id, 'order_confirmation')).toMatchObject({ status: 'sent', attempts: 4 });
  });

  it('gives up after 6 tries over about 15 hours and tells the owner', async () => {
    smtp.refusing = true;
    const checkout = await startCheckout(t);
    expect((await pay(t, checkout.sessionId, goodCard)).statusCode).toBe(200);
    const start = (await messageOf(checkout.orderId, 'order_confirmation')).claimedAt!;
    const at = (ms: number) => new Date(start.getTime() + ms);
    for (const minutes of [1, 6, 36, 156, 876]) await runTwoSenders(at(minutes * MINUTE + 1000));
    expect(await messageOf(checkout.orderId, 'order_confirmation')).toMatchObject({ status: 'failed', attempts: 6 });
    const alerts = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.kind, 'email_failed'), eq(notifications.orderId, checkout.orderId)));
    expect(alerts).toEqual([
      expect.objectContaining({ audience: 'owner', values: expect.objectContaining({ kind: 'order_confirmation' }) }),
    ]);
    smtp.refusing = false;
  });
  it('queues a visit booking’s e-mail with the booking: the owner is told it is not sent yet, and it goes once', async () => {
    const checkout = await startCheckout(t);
    expect((await pay(t, checkout.sessionId, goodCard)).statusCode).toBe(200);
    const [delivery] = await t.db.select().from(deliveryTasks).where(eq(deliveryTasks.orderId, checkout.orderId));
    const admin = await signInAdmin(t);
    smtp.refusing = true;
    const scheduledDate = addDays(todayInLosAngeles(t.deps.clock.now()), 2);
    const booked = await admin.request({
      method: 'POST',
      url: `/api/admin/deliveries/${delivery!.id}/schedule`,
      payload: { scheduledDate, timeWindow: 'midday' },
    });
    expect(booked.statusCode).toBe(200);
    expect(booked.json().visit).toMatchObject({ status: 'scheduled', scheduledDate });
    expect(booked.json().email).toEqual({
      sent: false,
      message: expect.stringMatching(
        new RegExp(
          `^The e-mail to ${checkout.email} could not be sent yet \\(.+\\); it is tried again automatically\\.$`,
        ),
      ),
    });
    const queued = await messageOf(checkout.orderId, 'delivery_scheduled');
    expect(queued).toMatchObject({ status: 'pending', attempts: 1 });

    smtp.refusing = false;
    await runTwoSenders(new Date(queued.claimedAt!.getTime() + MINUTE + 1000));
    const toCustomer = smtp.messages.filter(
      (message) => message.to.includes(checkout.email) && message.raw.includes('delivery is scheduled'),
    );
    expect(toCustomer).toHaveLength(1);
    expect(toCustomer[0]!.raw).toContain('11AM-2PM');
    expect(await messageOf(checkout.orderId, 'delivery_scheduled')).toMatchObject({ status: 'sent', attempts: 2 });
  });
});
