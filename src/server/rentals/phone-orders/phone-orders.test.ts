import { count, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { business } from '@/contracts/business';
import { addDays, todayInLosAngeles } from '@/contracts/dates';
import { dormRefusal } from '@/contracts/service-area';
import { createUnit, createUnitModel } from '@/server/platform/db/factories';
import { orders, units } from '@/server/platform/db/schema';
import { signInAdmin } from '@tests/support/admin-client';
import { parseCsv } from '@tests/support/csv';
import { startBillingTestApp } from '@tests/support/billing-fixtures';
import { goodCard, outboxMessages, pay, postWebhook } from '@tests/support/payment-fixtures';
import type { LocalPaymentGateway } from '@/server/billing/provider/local-gateway';
import { linkParts, phoneOrderBody, phoneOrderUpToPayment } from '@tests/support/phone-order-fixtures';

const { t, advance } = await startBillingTestApp();
afterAll(() => t.close());
const staff = await signInAdmin(t, 'correct horse battery', { role: 'staff' });

const order = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const linkOf = (linkUrl: string) => {
  const { orderId, key } = linkParts(linkUrl);
  return t.app.inject({ url: `/api/order-links/${orderId}?key=${key}` });
};
const orderCount = async () => (await t.db.select({ n: count() }).from(orders))[0]!.n;
const today = () => todayInLosAngeles(t.deps.clock.now());
/** The .eml files sent, quoted-printable '=' undone so links read whole. */
const sentMail = () => outboxMessages(t).map((message) => message.replace(/=3D/g, '='));

async function stockedModel(units = 1) {
  const model = await createUnitModel(t.db, { weeklyPrice: 1500 });
  for (let i = 0; i < units; i += 1) await createUnit(t.db, { modelId: model.id });
  return model;
}

function takeOrder(overrides: Record<string, unknown>) {
  return staff.request({ method: 'POST', url: '/api/admin/orders', payload: phoneOrderBody(overrides, today()) });
}

describe('POST /api/admin/orders (an order taken by phone)', () => {
  it('holds a unit for the hours asked, e-mails the link and shows the order as link sent', async () => {
    const model = await stockedModel();
    const created = await takeOrder({ unitModelId: model.id, planType: 'weekly', holdHours: 6 });
    expect(created.statusCode, created.body).toBe(201);
    const { orderId, orderNumber, linkUrl } = created.json();
    expect(linkUrl).toMatch(new RegExp(`/order/${orderId}\\?key=[\\w-]{43}$`));

    expect(await order(orderId)).toMatchObject({
      status: 'pending',
      source: 'phone',
      type: 'weekly',
      priceCents: 1500,
      monthsMin: 0,
    });
    const [held] = await t.db.select().from(units).where(eq(units.heldByOrderId, orderId));
    expect(held!.heldUntil!.getTime() - t.deps.clock.now().getTime()).toBeGreaterThan(5.9 * 3_600_000);
    expect(held!.heldUntil!.getTime() - t.deps.clock.now().getTime()).toBeLessThanOrEqual(6 * 3_600_000);

    const email = sentMail().find((message) => message.includes(orderNumber));
    expect(email).toContain(linkUrl);
    expect(email).toContain('$15.00/week (no minimum term)');

    const list = await staff.request({ url: `/api/admin/orders/filtered?search=${orderNumber}` });
    expect(list.json().items[0]).toMatchObject({ orderNumber, type: 'weekly', linkStatus: 'sent' });
  });

  it("refuses with the checkout's messages and writes nothing", async () => {
    const model = await stockedModel();
    const before = await orderCount();
    const refusals: Array<[Record<string, unknown>, number, string]> = [
      [{ startDate: addDays(today(), -1) }, 400, 'Start date cannot be in the past'],
      [{ startDate: addDays(today(), 61) }, 400, `Start date must be within the next ${business.latestStartDays} days`],
      [{ deliveryToDorm: true }, 400, dormRefusal],
      [{ zipCode: '96701' }, 422, ''],
      [{ holdHours: 49 }, 400, 'Hold the unit for 1 to 48 hours'],
      [{ planType: 'yearly' }, 400, 'Choose the monthly or the weekly plan'],
    ];
    for (const [overrides, status, message] of refusals) {
      const refused = await takeOrder({ unitModelId: model.id, ...overrides });
      expect(refused.statusCode, JSON.stringify(overrides)).toBe(status);
      expect(refused.body).toContain(message);
    }
    const unknownModel = await takeOrder({ unitModelId: '00000000-0000-4000-8000-000000000000' });
    expect(unknownModel.statusCode).toBe(404);
    expect(await orderCount()).toBe(before);

    // Out of stock, and the per-customer limit of live holds, as at checkout.
    const customer = { name: 'Ana Ruiz', email: 'ana.ruiz@example.com', phone: '714-555-0199' };
    expect((await takeOrder({ unitModelId: model.id, customer })).statusCode).toBe(201);
    const none = await takeOrder({ unitModelId: model.id });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toContain('out of stock');
    const other = await stockedModel(3);
    expect((await takeOrder({ unitModelId: other.id, customer })).statusCode).toBe(201);
    const third = await takeOrder({ unitModelId: other.id, customer });
    expect(third.statusCode).toBe(429);
  });

  it('finds an existing customer by e-mail or by phone number however it is written', async () => {
    const model = await stockedModel();
    const customer = { name: 'Luis Ortega', email: 'luis.ortega@example.com', phone: '(562) 555-0177' };
    expect((await takeOrder({ unitModelId: model.id, customer })).statusCode).toBe(201);
    for (const q of ['LUIS.ORTEGA@example.com', '562-555-0177', '+1 562 555 0177']) {
      const found = await staff.request({ url: `/api/admin/orders/customer-lookup?q=${encodeURIComponent(q)}` });
      expect(found.json().customer, q).toMatchObject({ email: 'luis.ortega@example.com', name: 'Luis Ortega' });
    }
    const none = await staff.request({ url: '/api/admin/orders/customer-lookup?q=nobody%40example.com' });
    expect(none.json()).toEqual({ customer: null });
  });
});

describe("the customer's link", () => {
  it('opens, signs and pays a weekly order, then says it was used', async () => {
    const model = await stockedModel();
    const revenueBefore = (await staff.request({ url: '/api/admin/stats' })).json().monthlyRevenue;
    const steps = await phoneOrderUpToPayment(t, staff, { unitModelId: model.id, planType: 'weekly' });
    expect((await staff.request({ url: `/api/admin/orders/${steps.orderId}` })).json().phoneOrder).toMatchObject({
      linkStatus: 'signed',
    });
    expect((await pay(t, steps.sessionId, goodCard)).statusCode).toBe(200);
    expect(await order(steps.orderId)).toMatchObject({ status: 'active', type: 'weekly' });
    expect((await linkOf(steps.linkUrl)).json()).toEqual({
      state: 'used',
      orderNumber: steps.orderNumber,
      locale: 'en',
      order: null,
    });
    const detail = (await staff.request({ url: `/api/admin/orders/${steps.orderId}` })).json();
    expect(detail.phoneOrder).toMatchObject({ linkStatus: 'paid', linkUrl: null });

    // The figures count the weekly rent as 52/12 of it a month; the export names the plan.
    const revenueAfter = (await staff.request({ url: '/api/admin/stats' })).json().monthlyRevenue;
    expect(revenueAfter - revenueBefore).toBe(Math.round((1500 * 52) / 12));
    const owner = await signInAdmin(t);
    const csv = parseCsv(
      (await owner.request({ url: `/api/admin/orders/export.csv?search=${steps.orderNumber}` })).body,
    );
    expect(csv[1]![csv[0]!.indexOf('Plan')]).toBe('weekly');
  });

  it("shows the order's details, and refuses payment before the agreement is signed", async () => {
    const model = await stockedModel();
    const startDate = addDays(today(), 3);
    const created = (await takeOrder({ unitModelId: model.id, planType: 'weekly', startDate })).json();
    const opened = await linkOf(created.linkUrl);
    expect(opened.json()).toMatchObject({
      state: 'open',
      order: { planType: 'weekly', priceCents: 1500, monthsMin: 0, nextBillDate: addDays(startDate, 7), signed: false },
    });
    expect((await order(created.orderId)).linkOpenedAt).not.toBeNull();
    const { orderId, key } = linkParts(created.linkUrl);
    const early = await t.app.inject({ method: 'POST', url: `/api/order-links/${orderId}/pay`, payload: { key } });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Please sign the agreement first');
  });

  it('refuses a key that is not ours, for this order or another', async () => {
    const model = await stockedModel(2);
    const first = (await takeOrder({ unitModelId: model.id })).json();
    const second = (await takeOrder({ unitModelId: model.id })).json();
    const { key } = linkParts(second.linkUrl);
    for (const url of [
      `/api/order-links/${first.orderId}?key=${key}`,
      `/api/order-links/${first.orderId}?key=${'A'.repeat(43)}`,
      `/api/order-links/${first.orderId}?key=${'A'.repeat(101)}`,
      `/api/order-links/not-a-uuid?key=${key}`,
    ]) {
      const response = await t.app.inject({ url });
      expect([400, 404], url).toContain(response.statusCode);
    }
  });

  it('says replaced once the owner sends the link again, and the new one opens', async () => {
    const model = await stockedModel();
    const created = (await takeOrder({ unitModelId: model.id })).json();
    const resent = await staff.request({ method: 'POST', url: `/api/admin/orders/${created.orderId}/link` });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json().linkUrl).not.toBe(created.linkUrl);
    expect((await linkOf(created.linkUrl)).json().state).toBe('replaced');
    expect((await linkOf(resent.json().linkUrl)).json().state).toBe('open');
    expect(sentMail().some((message) => message.includes(resent.json().linkUrl))).toBe(true);
  });

  it('says released when the owner cancels, and the unit is offered again', async () => {
    const model = await stockedModel();
    const created = (await takeOrder({ unitModelId: model.id })).json();
    const cancelled = await staff.request({
      method: 'POST',
      url: `/api/admin/orders/${created.orderId}/status`,
      payload: { status: 'cancelled' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await linkOf(created.linkUrl)).json().state).toBe('released');
    expect((await takeOrder({ unitModelId: model.id })).statusCode).toBe(201);
  });

  it('says expired when the hold ends, and the sweep cancels the order and frees the unit', async () => {
    const model = await stockedModel();
    const created = (await takeOrder({ unitModelId: model.id, holdHours: 2 })).json();
    await advance(1);
    expect((await linkOf(created.linkUrl)).json().state).toBe('expired');
    await t.app.scheduledWork.run(t.deps.clock.now(), console);
    expect(await order(created.orderId)).toMatchObject({ status: 'cancelled' });
    expect((await linkOf(created.linkUrl)).json().state).toBe('expired');
    const resend = await staff.request({ method: 'POST', url: `/api/admin/orders/${created.orderId}/link` });
    expect(resend.statusCode).toBe(409);
    expect((await takeOrder({ unitModelId: model.id })).statusCode).toBe(201);
  });

  it('keeps the order when its payment page lapses while the hold lasts, and the link opens a new page', async () => {
    const model = await stockedModel();
    const steps = await phoneOrderUpToPayment(t, staff, { unitModelId: model.id, holdHours: 48 });
    await advance(1);
    // The provider expires the page on its own (the local one every minute): its event reaches the webhook.
    const gateway = t.deps.payments as LocalPaymentGateway;
    const lapsed = (await gateway.expireDueSessions()).filter((event) => event.payload.includes(steps.sessionId));
    expect(lapsed).toHaveLength(1);
    expect((await postWebhook(t, lapsed[0]!.payload, lapsed[0]!.signature)).statusCode).toBe(200);
    expect(await order(steps.orderId)).toMatchObject({ status: 'pending', checkoutUrl: null, stripeSessionId: null });
    const { key } = linkParts(steps.linkUrl);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/order-links/${steps.orderId}/pay`,
      payload: { key },
    });
    expect(again.statusCode, again.body).toBe(200);
    const sessionId = again.json().sessionUrl.split('/').pop();
    expect(sessionId).not.toBe(steps.sessionId);
    expect((await pay(t, sessionId, goodCard)).statusCode).toBe(200);
    expect(await order(steps.orderId)).toMatchObject({ status: 'active' });
  });
});
