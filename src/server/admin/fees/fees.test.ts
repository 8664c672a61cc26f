import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdditionalFee, createCustomer, createOrder, createUnitModel } from '@/server/platform/db/factories';
import { additionalFees, auditEvents, emailLogs, notifications } from '@/server/platform/db/schema';
import { seedDemoData } from '@/server/demo/seed';
import type { StripePaymentGateway } from '@/server/billing/provider/stripe-gateway';
import { startStripeFake, stripeGatewayFor, type StripeFake } from '@tests/support/stripe-fake';
import { createTestApp, type TestApp } from '@tests/support/test-app';
import { signInAdmin, type AdminClient } from '@tests/support/admin-client';
import { createFee, settleFee } from '@/server/billing/fees';

let t: TestApp;
let admin: AdminClient;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.db); // the e-mail templates
  admin = await signInAdmin(t);
});
afterAll(async () => t.close());

const createViaApi = (payload: Record<string, unknown>) =>
  admin.request({ method: 'POST', url: '/api/admin/additional-fees', payload });

describe('POST /api/admin/additional-fees', () => {
  it('records the fee in cents, pending, created by the signed-in admin', async () => {
    const customer = await createCustomer(t.db);
    const response = await createViaApi({
      customerId: customer.id,
      feeType: 'late_return',
      description: 'Returned 12 days late',
      amountCents: 2500,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      customerId: customer.id,
      feeType: 'late_return',
      description: 'Returned 12 days late',
      amountCents: 2500,
      status: 'pending',
      createdBy: admin.username,
      stripeInvoiceId: null,
      customer: { id: customer.id, name: customer.name, email: customer.email },
    });
    const [row] = await t.db.select().from(additionalFees).where(eq(additionalFees.id, response.json().id));
    expect(row!.createdBy).toBe(admin.adminUserId);
    const audits = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, row!.id), eq(auditEvents.action, 'fee.created')));
    expect(audits).toEqual([
      expect.objectContaining({
        actorId: admin.adminUserId,
        details: {
          customerId: customer.id,
          orderId: null,
          feeType: 'late_return',
          amountCents: 2500,
          invoiceItemId: null,
        },
      }),
    ]);
  });

  it.each([
    [{ description: 'Dent' }, 'description', 'Description must be at least 5 characters'],
    [{ description: '    ' }, 'description', 'Description must be at least 5 characters'],
    [{ amountCents: 99 }, 'amountCents', 'Amount must be at least $1.00'],
    [{ amountCents: undefined }, 'amountCents', 'Amount must be at least $1.00'],
    [{ feeType: 'cleaning' }, 'feeType', 'Fee type is required'],
    [{ customerId: 'not-a-uuid' }, 'customerId', 'Invalid customer id'],
  ])('refuses %j with the spec message', async (override, field, message) => {
    const customer = await createCustomer(t.db);
    const response = await createViaApi({
      customerId: customer.id,
      feeType: 'damage',
      description: 'Cracked exhaust hose',
      amountCents: 2500,
      ...override,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors[field]).toBe(message);
  });

  it('accepts exactly $1.00 and every fee type of the spec', async () => {
    const customer = await createCustomer(t.db);
    for (const feeType of ['damage', 'lost_unit', 'late_return', 'other']) {
      const response = await createViaApi({
        customerId: customer.id,
        feeType,
        description: 'Spec fee type',
        amountCents: 100,
      });
      expect(response.statusCode).toBe(201);
    }
  });

  it("refuses another customer's order and an unknown customer", async () => {
    const model = await createUnitModel(t.db);
    const [customer, other] = [await createCustomer(t.db), await createCustomer(t.db)];
    const othersOrder = await createOrder(t.db, { customerId: other.id, modelId: model.id });
    const wrongOrder = await createViaApi({
      customerId: customer.id,
      orderId: othersOrder.id,
      feeType: 'damage',
      description: 'Cracked exhaust hose',
      amountCents: 2500,
    });
    expect(wrongOrder.statusCode).toBe(400);
    expect(wrongOrder.json().message).toBe('That order does not belong to this customer');
    const unknown = await createViaApi({
      customerId: randomUUID(),
      feeType: 'damage',
      description: 'Cracked exhaust hose',
      amountCents: 2500,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it("e-mails the customer the 'additional_fee' template for every fee, queued with it in the outbox", async () => {
    const customer = await createCustomer(t.db, { name: 'Sofia Martinez' });
    // A client that still sends the old "notify" box unticked: every fee is e-mailed all the same.
    const response = await createViaApi({
      customerId: customer.id,
      feeType: 'damage',
      description: 'Broken window kit',
      amountCents: 4550,
      notifyCustomer: false,
    });
    expect(response.statusCode).toBe(201);
    const [queued] = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.key, `additional_fee:${response.json().id}`));
    expect(queued).toMatchObject({ audience: 'customer', kind: 'additional_fee', customerId: customer.id });
    const [log] = await t.db.select().from(emailLogs).where(eq(emailLogs.customerId, customer.id));
    expect(log).toMatchObject({ status: 'sent', sentBy: admin.adminUserId, recipientEmail: customer.email });
    expect(log!.body).toContain('A fee of $45.50 has been added to your account: Broken window kit.');
  });
});

describe('fees with the Stripe adapter', () => {
  // The real Stripe adapter and SDK, talking to a local server that speaks Stripe's API (tests/support/stripe-fake.ts).
  let stripe: StripeFake;
  let gateway: StripePaymentGateway;
  beforeAll(async () => {
    stripe = await startStripeFake();
    gateway = stripeGatewayFor(stripe);
  });
  afterAll(async () => stripe.close());
  // The SDK retries a 500 twice: three failures make one refused call.
  const refuseNextCall = () => stripe.failNext(3);
  const deps = () => ({ ...t.deps, payments: gateway });
  const input = (customerId: string) => ({
    customerId,
    feeType: 'damage' as const,
    description: 'Cracked exhaust hose',
    amountCents: 2500,
  });
  const stripeCustomer = () => createCustomer(t.db, { stripeCustomerId: `cus_${randomUUID().slice(0, 8)}` });

  it('adds an invoice item to a Stripe customer and keeps its id', async () => {
    const customer = await stripeCustomer();
    const fee = await createFee(deps(), admin.adminUserId, input(customer.id));
    const sent = stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/invoiceitems').at(-1);
    expect(sent?.params).toMatchObject({
      customer: customer.stripeCustomerId,
      amount: '2500',
      currency: 'usd',
      description: 'Cracked exhaust hose',
    });
    expect(fee.stripeInvoiceId).toMatch(/^ii_fake/);
  });

  it('saves nothing and says why when Stripe refuses', async () => {
    const customer = await stripeCustomer();
    refuseNextCall();
    await expect(createFee(deps(), admin.adminUserId, input(customer.id))).rejects.toThrow(
      'The payment provider did not accept the fee: The fake is failing on purpose.',
    );
    expect(await t.db.select().from(additionalFees).where(eq(additionalFees.customerId, customer.id))).toEqual([]);
  });

  it('does not call Stripe for a customer it does not know', async () => {
    const customer = await createCustomer(t.db);
    const before = stripe.requests.length;
    const fee = await createFee(deps(), admin.adminUserId, input(customer.id));
    expect(stripe.requests.length).toBe(before);
    expect(fee.stripeInvoiceId).toBeNull();
  });

  it('removes the invoice item when the fee is waived, so the customer is not billed', async () => {
    const customer = await stripeCustomer();
    const fee = await createFee(deps(), admin.adminUserId, input(customer.id));
    const waived = await settleFee(deps(), admin.adminUserId, fee.id, 'waived', new Date());
    expect(waived.status).toBe('waived');
    expect(stripe.requests.at(-1)).toMatchObject({ method: 'DELETE', path: `/v1/invoiceitems/${fee.stripeInvoiceId}` });
  });

  it('keeps the fee as it was when Stripe will not remove the item', async () => {
    const customer = await stripeCustomer();
    const fee = await createFee(deps(), admin.adminUserId, input(customer.id));
    refuseNextCall();
    await expect(settleFee(deps(), admin.adminUserId, fee.id, 'waived', new Date())).rejects.toThrow(
      'The payment provider did not remove the fee: The fake is failing on purpose.',
    );
    const [stored] = await t.db.select().from(additionalFees).where(eq(additionalFees.id, fee.id));
    expect(stored?.status).toBe('pending');
  });

  it('marks a Stripe fee paid without touching the invoice item', async () => {
    const customer = await stripeCustomer();
    const fee = await createFee(deps(), admin.adminUserId, input(customer.id));
    const before = stripe.requests.length;
    expect((await settleFee(deps(), admin.adminUserId, fee.id, 'paid', new Date())).status).toBe('paid');
    expect(stripe.requests.length).toBe(before);
  });
});

describe('GET /api/admin/additional-fees', () => {
  it('lists fees newest first, filtered by status and by customer', async () => {
    const customer = await createCustomer(t.db, { name: 'Filter Person Zed' });
    // A minute apart: PGlite's clock steps by the millisecond, so two rows written back to back can tie.
    const paid = await createAdditionalFee(t.db, {
      customerId: customer.id,
      createdBy: admin.adminUserId,
      status: 'paid',
      createdAt: new Date('2026-06-01T12:00:00Z'),
    });
    const pending = await createAdditionalFee(t.db, {
      customerId: customer.id,
      createdBy: admin.adminUserId,
      createdAt: new Date('2026-06-01T12:01:00Z'),
    });
    const response = await admin.request({
      method: 'GET',
      url: '/api/admin/additional-fees?status=paid&search=person%20zed',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ total: 1, items: [{ id: paid.id, status: 'paid' }] });
    const all = (await admin.request({ method: 'GET', url: '/api/admin/additional-fees?search=person%20zed' })).json();
    expect(all.items.map((f: { id: string }) => f.id)).toEqual([pending.id, paid.id]);
  });
});

describe('PATCH /api/admin/additional-fees/:id', () => {
  it('marks a pending fee paid (with the time) and records who did it', async () => {
    const customer = await createCustomer(t.db);
    const fee = await createAdditionalFee(t.db, { customerId: customer.id, createdBy: admin.adminUserId });
    const response = await admin.request({
      method: 'PATCH',
      url: `/api/admin/additional-fees/${fee.id}`,
      payload: { status: 'paid' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe('paid');
    expect(Date.now() - Date.parse(response.json().paidAt)).toBeLessThan(60_000);
    const [audit] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, fee.id), eq(auditEvents.action, 'fee.paid')));
    expect(audit).toMatchObject({ actorType: 'admin', actorId: admin.adminUserId });
  });

  it('waives a fee, and refuses to settle it twice', async () => {
    const customer = await createCustomer(t.db);
    const fee = await createAdditionalFee(t.db, { customerId: customer.id, createdBy: admin.adminUserId });
    const url = `/api/admin/additional-fees/${fee.id}`;
    const waived = await admin.request({ method: 'PATCH', url, payload: { status: 'waived' } });
    expect(waived.json()).toMatchObject({ status: 'waived', paidAt: null });
    const again = await admin.request({ method: 'PATCH', url, payload: { status: 'paid' } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'This fee is already waived' });
  });

  it("refuses a status other than 'paid' or 'waived'", async () => {
    const customer = await createCustomer(t.db);
    const fee = await createAdditionalFee(t.db, { customerId: customer.id, createdBy: admin.adminUserId });
    const response = await admin.request({
      method: 'PATCH',
      url: `/api/admin/additional-fees/${fee.id}`,
      payload: { status: 'pending' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Choose paid or waived');
  });
});
