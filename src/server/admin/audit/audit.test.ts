import { afterAll, describe, expect, it } from 'vitest';
import { recordAudit } from '@/server/platform/audit-log';
import { createAdditionalFee, createCustomer, createOrder, createUnitModel } from '@/server/platform/db/factories';
import { createTestApp } from '@tests/support/test-app';
import { signInAdmin, type AdminClient } from '@tests/support/admin-client';

const t = await createTestApp();
afterAll(async () => t.close());

const history = (client: AdminClient, subject: string, id: string, query = '') =>
  client.request({ method: 'GET', url: `/api/admin/audit-events?subject=${subject}&id=${id}${query}` });

/** A customer with an order the owner cancelled, a fee on it the owner waived, and their own contact change. */
async function customerWithHistory(owner: AdminClient) {
  const customer = await createCustomer(t.db);
  const model = await createUnitModel(t.db);
  const order = await createOrder(t.db, { customerId: customer.id, modelId: model.id, status: 'pending' });
  const otherOrder = await createOrder(t.db, { customerId: customer.id, modelId: model.id, status: 'pending' });
  await recordAudit(t.db, {
    actorType: 'system',
    actorId: null,
    action: 'order.checkout_expired',
    entityType: 'order',
    entityId: otherOrder.id,
  });
  const cancelled = await owner.request({
    method: 'POST',
    url: `/api/admin/orders/${order.id}/status`,
    payload: { status: 'cancelled', note: 'Customer changed their mind' },
  });
  expect(cancelled.statusCode).toBe(200);
  const fee = await createAdditionalFee(t.db, {
    customerId: customer.id,
    orderId: order.id,
    createdBy: owner.adminUserId,
  });
  const waived = await owner.request({
    method: 'PATCH',
    url: `/api/admin/additional-fees/${fee.id}`,
    payload: { status: 'waived' },
  });
  expect(waived.statusCode).toBe(200);
  await recordAudit(t.db, {
    actorType: 'customer',
    actorId: customer.id,
    action: 'customer.contact_updated',
    entityType: 'customer',
    entityId: customer.id,
    details: { fields: ['phone'] },
  });
  return { customer, order, otherOrder, fee };
}

describe('GET /api/admin/audit-events', () => {
  it('shows an order’s history with its fees’, newest first, naming the admin; not another order’s', async () => {
    const owner = await signInAdmin(t);
    const { order } = await customerWithHistory(owner);
    const staff = await signInAdmin(t, 'staff password long', { role: 'staff' });
    const response = await history(staff, 'order', order.id);
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page.total).toBe(2);
    expect(page.items.map((event: { action: string }) => event.action)).toEqual(['fee.waived', 'order.status_changed']);
    expect(page.items[1]).toMatchObject({
      actorType: 'admin',
      actorName: owner.username,
      entityType: 'order',
      details: { from: 'pending', to: 'cancelled', note: 'Customer changed their mind' },
    });
    expect(page.items[0]).toMatchObject({
      actorType: 'admin',
      actorName: owner.username,
      entityType: 'additional_fee',
    });
  });

  it('shows a customer’s history: their own changes and their fees’, not their orders’', async () => {
    const owner = await signInAdmin(t);
    const { customer } = await customerWithHistory(owner);
    const page = (await history(owner, 'customer', customer.id)).json();
    expect(
      page.items.map((event: { action: string; actorType: string; actorName: string | null }) => [
        event.action,
        event.actorType,
        event.actorName,
      ]),
    ).toEqual([
      ['customer.contact_updated', 'customer', null],
      ['fee.waived', 'admin', owner.username],
    ]);
  });

  it('is paged on the server', async () => {
    const owner = await signInAdmin(t);
    const { customer } = await customerWithHistory(owner);
    const first = (await history(owner, 'customer', customer.id, '&pageSize=1')).json();
    const second = (await history(owner, 'customer', customer.id, '&pageSize=1&page=2')).json();
    expect(first).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(first.items).toHaveLength(1);
    expect(second.items).toHaveLength(1);
    expect(second.items[0].id).not.toBe(first.items[0].id);
  });

  it.each([
    ['subject=unit&id=00000000-0000-4000-8000-000000000000', 'Choose order or customer'],
    ['subject=order&id=42', 'Invalid id'],
    ['subject=order&id=00000000-0000-4000-8000-000000000000&pageSize=500', undefined],
  ])('answers 400 to %s', async (query, message) => {
    const owner = await signInAdmin(t);
    const response = await owner.request({ method: 'GET', url: `/api/admin/audit-events?${query}` });
    expect(response.statusCode).toBe(400);
    if (message) expect(response.json().message).toBe(message);
  });
});
