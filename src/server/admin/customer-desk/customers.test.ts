import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdditionalFee, createCustomer, createOrder, createUnitModel } from '@/server/platform/db/factories';
import { createTestApp, type TestApp } from '@tests/support/test-app';
import { signInAdmin, type AdminClient } from '@tests/support/admin-client';

let t: TestApp;
let admin: AdminClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t);
  // One minute apart, in this order: PGlite's clock has millisecond steps, so rows written back to back can share
  // a created_at, and the newest-first test would then depend on the ids' order.
  const customersByAge = [
    { name: 'Maria Gonzalez', email: 'maria.g@example.com' },
    { name: 'Kevin Tran', email: 'ktran@uci.example' },
    { name: 'Percent 100% Sure', email: 'percent@example.com' },
    { name: 'Under_Score', email: 'under.score@example.com' },
    { name: 'Underxscore', email: 'underx@example.com' },
  ];
  for (const [i, customer] of customersByAge.entries()) {
    await createCustomer(t.db, { ...customer, createdAt: new Date(Date.UTC(2026, 5, 1, 12, i)) });
  }
});
afterAll(async () => t.close());

const list = async (query: string) => {
  const response = await admin.request({ method: 'GET', url: `/api/admin/customers${query}` });
  expect(response.statusCode).toBe(200);
  return response.json() as { items: Array<{ name: string; email: string }>; total: number; page: number };
};

describe('GET /api/admin/customers', () => {
  it('searches the name or the e-mail, whatever the case', async () => {
    expect((await list('?search=GONZ')).items.map((c) => c.name)).toEqual(['Maria Gonzalez']);
    expect((await list('?search=UCI.EXAMPLE')).items.map((c) => c.name)).toEqual(['Kevin Tran']);
    expect((await list('?search=nobody-matches')).total).toBe(0);
  });

  it('takes % and _ in a search literally', async () => {
    expect((await list(`?search=${encodeURIComponent('100%')}`)).items.map((c) => c.name)).toEqual([
      'Percent 100% Sure',
    ]);
    expect((await list('?search=under_')).items.map((c) => c.name)).toEqual(['Under_Score']);
  });

  it('pages through the newest customers first with the total', async () => {
    const first = await list('?page=1&pageSize=2');
    const second = await list('?page=2&pageSize=2');
    expect(first.total).toBe(5);
    expect(first.items).toHaveLength(2);
    expect(first.items[0]!.name).toBe('Underxscore');
    expect(second.items.map((c) => c.name)).not.toContain(first.items[0]!.name);
    expect((await list('?page=3&pageSize=2')).items).toHaveLength(1);
  });

  it('refuses a page size above 100', async () => {
    const response = await admin.request({ method: 'GET', url: '/api/admin/customers?pageSize=5000' });
    expect(response.statusCode).toBe(400);
  });
});

describe('GET /api/admin/customers/:id', () => {
  it('shows contact details, the three most recent orders and the fees', async () => {
    const model = await createUnitModel(t.db);
    const customer = await createCustomer(t.db, { name: 'Daniel Kim', phone: '(714) 555-0165' });
    const orderIds: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      const order = await createOrder(t.db, {
        customerId: customer.id,
        modelId: model.id,
        createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
      });
      orderIds.push(order.id);
    }
    const fee = await createAdditionalFee(t.db, {
      customerId: customer.id,
      orderId: orderIds[3],
      createdBy: admin.adminUserId,
      amountCents: 4200,
    });

    const response = await admin.request({ method: 'GET', url: `/api/admin/customers/${customer.id}` });
    expect(response.statusCode).toBe(200);
    const detail = response.json();
    expect(detail).toMatchObject({
      id: customer.id,
      name: 'Daniel Kim',
      email: customer.email,
      phone: '(714) 555-0165',
      orderCount: 4,
      hasPaymentAccount: false,
    });
    expect(detail.orders.map((o: { id: string }) => o.id)).toEqual([orderIds[3], orderIds[2], orderIds[1]]);
    expect(detail.additionalFees).toEqual([
      expect.objectContaining({ id: fee.id, amountCents: 4200, status: 'pending', createdBy: admin.username }),
    ]);
    expect(detail).not.toHaveProperty('stripeCustomerId');
  });

  it('answers 404 for an unknown customer and 400 for a malformed id', async () => {
    const unknown = await admin.request({ method: 'GET', url: `/api/admin/customers/${randomUUID()}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Customer not found' });
    expect((await admin.request({ method: 'GET', url: '/api/admin/customers/nope' })).statusCode).toBe(400);
  });
});
