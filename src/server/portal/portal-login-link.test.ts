import { afterAll, describe, expect, it } from 'vitest';
import { createLoginLink } from '../customer-auth/login-links';
import { CUSTOMER_SESSION_COOKIE } from '../customer-auth/sessions';
import { startPortalTestApp } from './test-fixtures';

const { t, rental } = await startPortalTestApp();
afterAll(async () => t.close());

describe('one-time link from the confirmation e-mail', () => {
  it('signs in once and lands on the portal; a second use goes to account access', async () => {
    const { customer, order } = await rental();
    const url = await createLoginLink(t.db, { customerId: customer.id, orderId: order.id, publicUrl: 'http://x' });
    const path = new URL(url).pathname;
    const first = await t.app.inject({ url: path });
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe(`/portal/${order.id}`);
    const cookie = first.cookies.find((c) => c.name === CUSTOMER_SESSION_COOKIE)!;
    const portal = await t.app.inject({
      url: `/api/portal/${order.id}`,
      headers: { cookie: `${CUSTOMER_SESSION_COOKIE}=${cookie.value}` },
    });
    expect(portal.statusCode).toBe(200);

    const second = await t.app.inject({ url: path });
    expect(second.headers.location).toBe('/account-access?link=expired');
    expect(second.cookies).toHaveLength(0);
  });

  it('refuses an expired link', async () => {
    const { customer, order } = await rental();
    const url = await createLoginLink(t.db, {
      customerId: customer.id,
      orderId: order.id,
      publicUrl: 'http://x',
      now: new Date(Date.now() - 8 * 86_400_000),
    });
    const response = await t.app.inject({ url: new URL(url).pathname });
    expect(response.headers.location).toBe('/account-access?link=expired');
  });
});
