import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createCustomer } from '@/server/platform/db/factories';
import { customers, localGatewayCustomers } from '@/server/platform/db/schema';
import { startStripeFake, stripeGatewayFor } from '@tests/support/stripe-fake';
import { updateContactDetails } from './contact-details';
import { startPortalTestApp } from '@tests/support/portal-fixtures';

const { t, rental, signIn } = await startPortalTestApp();
const stripe = await startStripeFake();
const gateway = stripeGatewayFor(stripe);
afterAll(async () => {
  await stripe.close();
  await t.close();
});

const newContact = { name: 'Jordan R. Rivera', email: 'jordan.new@example.com', phone: '(949) 555-0199' };
const customerRow = async (id: string) => (await t.db.select().from(customers).where(eq(customers.id, id)))[0]!;

describe("a contact change reaches the payment provider's customer", () => {
  it('updates the embedded gateway, where the billing page reads the e-mail', async () => {
    const { customer, order } = await rental();
    await t.db.insert(localGatewayCustomers).values({ id: `cus_local_${customer.id}`, email: customer.email });
    await t.db
      .update(customers)
      .set({ stripeCustomerId: `cus_local_${customer.id}` })
      .where(eq(customers.id, customer.id));
    const cookie = await signIn(order.orderNumber, customer.email);

    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/portal/${order.id}/contact`,
      headers: { cookie },
      payload: newContact,
    });
    expect(response.statusCode).toBe(204);
    const [gatewayCustomer] = await t.db
      .select()
      .from(localGatewayCustomers)
      .where(eq(localGatewayCustomers.id, `cus_local_${customer.id}`));
    expect(gatewayCustomer!.email).toBe('jordan.new@example.com');
    expect(await customerRow(customer.id)).toMatchObject(newContact);
  });

  it('sends name, e-mail and phone to Stripe', async () => {
    const { customer, order } = await rental();
    await t.db.update(customers).set({ stripeCustomerId: 'cus_contact_ok' }).where(eq(customers.id, customer.id));
    stripe.requests.length = 0;
    await updateContactDetails({ db: t.db, payments: gateway }, customer.id, order.id, {
      ...newContact,
      email: `ok-${customer.id}@example.com`,
    });
    expect(stripe.requests).toHaveLength(1);
    expect(stripe.requests[0]).toMatchObject({
      method: 'POST',
      path: '/v1/customers/cus_contact_ok',
      params: { name: 'Jordan R. Rivera', email: `ok-${customer.id}@example.com`, phone: '(949) 555-0199' },
    });
  });

  it('changes nothing when Stripe refuses, and says why', async () => {
    const { customer, order } = await rental();
    await t.db.update(customers).set({ stripeCustomerId: 'cus_contact_down' }).where(eq(customers.id, customer.id));
    const before = await customerRow(customer.id);
    stripe.failNext(3); // the SDK retries a 500 twice
    await expect(
      updateContactDetails({ db: t.db, payments: gateway }, customer.id, order.id, {
        ...newContact,
        email: `down-${customer.id}@example.com`,
      }),
    ).rejects.toThrow(
      'The payment provider did not accept the new contact details, so nothing was changed: The fake is failing on purpose.',
    );
    expect(await customerRow(customer.id)).toEqual(before);
  });

  it('does not call the provider for a customer it does not know', async () => {
    const other = await createCustomer(t.db);
    const { customer, order } = await rental();
    expect(customer.stripeCustomerId).toBeNull();
    const refusingGateway = {
      updateCustomer: () => Promise.reject(new Error('must not be called')),
    };
    await updateContactDetails({ db: t.db, payments: refusingGateway }, customer.id, order.id, {
      ...newContact,
      email: `none-${other.id}@example.com`,
    });
    expect((await customerRow(customer.id)).email).toBe(`none-${other.id}@example.com`);
  });
});
