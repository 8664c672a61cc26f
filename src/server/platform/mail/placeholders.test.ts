import { and, eq, like, or } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, todayInLosAngeles } from '@/contracts/dates';
import { signInAdmin } from '@tests/support/admin-client';
import { sampleTemplateValues } from '@/server/admin/emails/template-values';
import { createCustomer } from '@/server/platform/db/factories';
import { systemEmailTemplates } from '@/server/platform/db/system-email-templates';
import { customers, deliveryTasks, emailLogs, emailTemplates, notifications } from '@/server/platform/db/schema';
import { dispatchNotifications } from '@/server/customers/outbox-dispatch';
import { enqueueNotification } from './outbox';
import { goodCard, outboxMessages, pay, startCheckout, startPaymentsTestApp } from '@tests/support/payment-fixtures';
import { dispatchDepsOf } from '@/server/scheduled-work';
import { UnfilledPlaceholders } from './render';
import { sendTemplatedEmail } from './templated-email';

/** No e-mail ever goes out, or is logged, with a raw {{placeholder}} in it (issue 12). */
const t = await startPaymentsTestApp();
const admin = await signInAdmin(t);

/** Every value any system template uses, so only the placeholder a test adds is left unfilled. */
const allValues = {
  ...sampleTemplateValues(t.config),
  nextSteps: 'We will try again in 3 days.',
  lines: 'Monthly rent, June 1, 2026 – July 1, 2026: $39.00\nTotal paid: $39.00',
  payUrl: 'https://coolrent.example/pay',
  paidDate: 'June 1, 2026',
  period: 'June 1, 2026 – July 1, 2026',
  decision: 'approved',
  decisionDetails: 'Billing stops then.',
  deliveryWindow: '8AM-11AM',
  problem: 'The unit blows warm air',
  preferredDate: 'Tuesday, November 25, 2026',
  signInUrl: 'https://coolrent.example/auth/link/abc',
  modelName: 'Portable AC 12,000-14,000 BTU',
  checkoutUrl: 'https://coolrent.example/checkout?model=abc',
};

async function nothingRawAnywhere() {
  const raw = await t.db
    .select({ id: emailLogs.id })
    .from(emailLogs)
    .where(or(like(emailLogs.subject, '%{{%'), like(emailLogs.body, '%{{%')));
  expect(raw).toEqual([]);
  for (const message of outboxMessages(t)) expect(message).not.toContain('{{');
}

async function withExtraPlaceholder(templateType: string, run: () => Promise<void>, locale = 'en') {
  const [template] = await t.db
    .select()
    .from(emailTemplates)
    .where(and(eq(emailTemplates.templateType, templateType), eq(emailTemplates.locale, locale)));
  await t.db
    .update(emailTemplates)
    .set({ subject: `${template!.subject} {{ couponCode }}` })
    .where(eq(emailTemplates.id, template!.id));
  try {
    await run();
  } finally {
    await t.db.update(emailTemplates).set({ subject: template!.subject }).where(eq(emailTemplates.id, template!.id));
  }
}

describe('a placeholder that cannot be filled', () => {
  // Every system template in every language: a Spanish body holds the guard as the English one does.
  it.each(systemEmailTemplates.map((template) => [template.templateType, template.locale] as const))(
    'blocks the %s e-mail (%s): nothing sent or logged, the owner alerted',
    async (templateType, locale) => {
      const customer = await createCustomer(t.db);
      await t.db.update(customers).set({ locale }).where(eq(customers.id, customer.id));
      // Filled completely, it goes out.
      const ok = await sendTemplatedEmail(t.db, t.deps.mailer, {
        templateType,
        customerId: customer.id,
        recipientEmail: customer.email,
        values: allValues,
      });
      expect(ok.status).toBe('sent');
      const [used] = await t.db.select().from(emailTemplates).where(eq(emailTemplates.id, ok.templateId!));
      expect(used!.locale).toBe(locale);
      await withExtraPlaceholder(
        templateType,
        async () => {
          const refused = await sendTemplatedEmail(t.db, t.deps.mailer, {
            templateType,
            customerId: customer.id,
            recipientEmail: customer.email,
            values: allValues,
          }).catch((error: unknown) => error);
          expect(refused).toBeInstanceOf(UnfilledPlaceholders);
          expect((refused as UnfilledPlaceholders).statusCode).toBe(400);
          expect((refused as Error).message).toBe(
            'The e-mail was not sent: the placeholder "couponCode" has no value. Fill it in or remove it from the text.',
          );
        },
        locale,
      );
      const logs = await t.db.select().from(emailLogs).where(eq(emailLogs.customerId, customer.id));
      expect(logs).toHaveLength(1);
      const alerts = await t.db.select().from(notifications).where(eq(notifications.customerId, customer.id));
      expect(alerts).toMatchObject([{ audience: 'owner', kind: 'email_blocked' }]);
      await nothingRawAnywhere();
    },
  );

  it('fails a queued system message at once with the reason, and the owner is told which placeholder', async () => {
    const customer = await createCustomer(t.db);
    await enqueueNotification(t.db, {
      key: `payment_failed:test:${customer.id}`,
      audience: 'customer',
      kind: 'payment_failed',
      customerId: customer.id,
      orderId: null,
      values: {
        recipientEmail: customer.email,
        customerName: customer.name,
        orderNumber: 'order-ABCD2345',
        amount: '$39.00',
        nextSteps: 'x',
      },
    });
    await withExtraPlaceholder('payment_failed', async () => {
      await dispatchNotifications(dispatchDepsOf(t.deps), t.deps.clock.now());
    });
    const [queued] = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.key, `payment_failed:test:${customer.id}`));
    expect(queued).toMatchObject({ status: 'failed', attempts: 1 });
    expect(queued!.lastError).toMatch(/"couponCode" has no value/);
    // The alert went out in the same run or goes in the next.
    await dispatchNotifications(dispatchDepsOf(t.deps), t.deps.clock.now());
    const alert = outboxMessages(t).find(
      (m) => m.includes(`to ${customer.email} was not sent`) && m.includes('these placeholders had no value'),
    );
    expect(alert).toContain('couponCode');
    expect(await t.db.select().from(emailLogs).where(eq(emailLogs.customerId, customer.id))).toEqual([]);
    await nothingRawAnywhere();
  });

  it("refuses the Email Center's manual send that still holds a placeholder (400, nothing logged)", async () => {
    const customer = await createCustomer(t.db);
    const response = await admin.request({
      method: 'POST',
      url: '/api/admin/send-email',
      payload: {
        customerId: customer.id,
        recipientEmail: customer.email,
        subject: 'Your AC delivery is scheduled for {{deliveryDate}}',
        body: 'Hi, we come on {{ deliveryDate }} between {{deliveryWindow}}.',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'The e-mail was not sent: the placeholders "deliveryDate", "deliveryWindow" have no value. Fill it in or remove it from the text.',
    );
    expect(await t.db.select().from(emailLogs).where(eq(emailLogs.customerId, customer.id))).toEqual([]);
    await nothingRawAnywhere();
  });

  it('refuses to book a delivery whose e-mail cannot be filled, changing nothing', async () => {
    const checkout = await startCheckout(t);
    expect((await pay(t, checkout.sessionId, goodCard)).statusCode).toBe(200);
    const [task] = await t.db.select().from(deliveryTasks).where(eq(deliveryTasks.orderId, checkout.orderId));
    await withExtraPlaceholder('delivery_scheduled', async () => {
      const response = await admin.request({
        method: 'POST',
        url: `/api/admin/deliveries/${task!.id}/schedule`,
        payload: { scheduledDate: addDays(todayInLosAngeles(t.deps.clock.now()), 1), timeWindow: 'morning' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/"couponCode" has no value/);
    });
    // The delivery stays as the checkout booked it (in its window, ADR 035).
    const [after] = await t.db.select().from(deliveryTasks).where(eq(deliveryTasks.id, task!.id));
    expect(after).toEqual(task);
    expect(after).toMatchObject({ status: 'scheduled', timeWindow: expect.stringMatching(/^\d\d:\d\d-\d\d:\d\d$/) });
    await nothingRawAnywhere();
  });
});
