import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createCustomer } from '@/server/platform/db/factories';
import { auditEvents, customers } from '@/server/platform/db/schema';
import { startPortalTestApp } from '@tests/support/portal-fixtures';

const { t, rental, signIn } = await startPortalTestApp();
afterAll(async () => t.close());

describe('contact details', () => {
  it('saves new details with the checkout rules and records who changed what', async () => {
    const { customer, order } = await rental();
    const cookie = await signIn(order.orderNumber, customer.email);
    const bad = await t.app.inject({
      method: 'PATCH',
      url: `/api/portal/${order.id}/contact`,
      headers: { cookie },
      payload: { name: 'J', email: 'nope', phone: '123' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({
      name: 'Name must be at least 2 characters',
      email: 'Please enter a valid email address',
      phone: 'Please enter a valid phone number',
    });

    const ok = await t.app.inject({
      method: 'PATCH',
      url: `/api/portal/${order.id}/contact`,
      headers: { cookie },
      payload: { name: 'Jordan R. Rivera', email: 'Jordan.New@Example.com', phone: '(949) 555-0199' },
    });
    expect(ok.statusCode).toBe(204);
    const [saved] = await t.db.select().from(customers).where(eq(customers.id, customer.id));
    expect(saved).toMatchObject({ name: 'Jordan R. Rivera', email: 'jordan.new@example.com', phone: '(949) 555-0199' });
    const [audit] = await t.db.select().from(auditEvents).where(eq(auditEvents.entityId, customer.id));
    expect(audit).toMatchObject({ actorType: 'customer', actorId: customer.id, action: 'customer.contact_updated' });
    expect(audit?.details).toMatchObject({ name: { from: customer.name, to: 'Jordan R. Rivera' } });
  });

  it("refuses a write sent from another site's page, even with the customer's cookie", async () => {
    const { customer, order } = await rental();
    const cookie = await signIn(order.orderNumber, customer.email);
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/portal/${order.id}/contact`,
      headers: { cookie, origin: 'https://evil.example' },
      payload: { name: 'Changed By Attacker', email: customer.email, phone: '(949) 555-0199' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'Cross-site request refused' });
    const [saved] = await t.db.select().from(customers).where(eq(customers.id, customer.id));
    expect(saved?.name).toBe(customer.name);
  });

  it("refuses another account's e-mail address and changes nothing", async () => {
    const { customer, order } = await rental();
    const other = await createCustomer(t.db);
    const cookie = await signIn(order.orderNumber, customer.email);
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/portal/${order.id}/contact`,
      headers: { cookie },
      payload: { name: 'New Name', email: other.email, phone: '(949) 555-0199' },
    });
    expect(response.statusCode).toBe(409);
    const [saved] = await t.db.select().from(customers).where(eq(customers.id, customer.id));
    expect(saved?.name).toBe(customer.name);
  });
});
