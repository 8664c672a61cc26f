import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { addDays, todayInLosAngeles } from '@/contracts/dates';
import { cancellationRequests, emailLogs } from '@/server/platform/db/schema';
import { startPortalTestApp } from '@tests/support/portal-fixtures';

const { t, rental, signIn } = await startPortalTestApp();
afterAll(async () => t.close());

describe('cancellation requests', () => {
  const today = todayInLosAngeles();

  async function cancel(cookie: string, orderId: string, payload: Record<string, unknown>) {
    return t.app.inject({ method: 'POST', url: `/api/portal/${orderId}/cancellation`, headers: { cookie }, payload });
  }

  it.each([
    [{ reason: 'Moving out of the area' }, 'effectiveDate', 'Effective date is required'],
    [{ effectiveDate: '', reason: 'Moving out of the area' }, 'effectiveDate', 'Effective date is required'],
    [
      { effectiveDate: '2099-01-01', reason: 'too short' },
      'reason',
      'Please provide a reason for cancellation (minimum 10 characters)',
    ],
    [{ effectiveDate: '2099-01-01' }, 'reason', 'Please provide a reason for cancellation (minimum 10 characters)'],
  ])('rejects %o with the spec message', async (payload, field, message) => {
    const { customer, order } = await rental();
    const cookie = await signIn(order.orderNumber, customer.email);
    const response = await cancel(cookie, order.id, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors[field]).toBe(message);
  });

  it('inside the minimum term: records the request with the $150 fee and e-mails a receipt', async () => {
    const { customer, order } = await rental({ startDate: addDays(today, -30) });
    const cookie = await signIn(order.orderNumber, customer.email);
    const response = await cancel(cookie, order.id, {
      effectiveDate: addDays(today, 7),
      reason: 'Moving back home for the winter',
    });
    expect(response.statusCode).toBe(201);

    const portal = (await t.app.inject({ url: `/api/portal/${order.id}`, headers: { cookie } })).json();
    expect(portal.cancellationRequest).toMatchObject({
      status: 'pending',
      effectiveDate: addDays(today, 7),
      earlyTerminationFeeCents: 15_000,
    });
    const [receipt] = await t.db.select().from(emailLogs).where(eq(emailLogs.customerId, customer.id));
    expect(receipt).toMatchObject({ status: 'sent', recipientEmail: customer.email });
    expect(receipt?.body).toContain('early-termination fee of $150.00');

    const again = await cancel(cookie, order.id, {
      effectiveDate: addDays(today, 9),
      reason: 'Sending it a second time',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A cancellation request for this rental is already pending.');
  });

  it('after the minimum term: enforces 30 days of notice', async () => {
    const { customer, order } = await rental({ startDate: addDays(today, -200) });
    const cookie = await signIn(order.orderNumber, customer.email);
    const tooSoon = await cancel(cookie, order.id, {
      effectiveDate: addDays(today, 10),
      reason: 'No longer need the unit',
    });
    expect(tooSoon.statusCode).toBe(400);
    expect(tooSoon.json().fieldErrors.effectiveDate).toMatch(/30 days' notice: the earliest effective date is/);
    const past = await cancel(cookie, order.id, {
      effectiveDate: addDays(today, -1),
      reason: 'No longer need the unit',
    });
    expect(past.json().fieldErrors.effectiveDate).toBe('The effective date cannot be in the past.');
    expect(
      await t.db.select().from(cancellationRequests).where(eq(cancellationRequests.orderId, order.id)),
    ).toHaveLength(0);

    const ok = await cancel(cookie, order.id, { effectiveDate: addDays(today, 30), reason: 'No longer need the unit' });
    expect(ok.statusCode).toBe(201);
    const [receipt] = await t.db.select().from(emailLogs).where(eq(emailLogs.customerId, customer.id));
    expect(receipt?.body).toContain('no early-termination fee applies');
  });

  it('refuses a rental that has already ended', async () => {
    const { customer, order } = await rental({ status: 'completed' });
    const cookie = await signIn(order.orderNumber, customer.email);
    const response = await cancel(cookie, order.id, {
      effectiveDate: addDays(today, 40),
      reason: 'It ended already anyway',
    });
    expect(response.statusCode).toBe(409);
  });
});
