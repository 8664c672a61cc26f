import { desc, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createLoginLink } from '@/server/platform/auth/login-links';
import { CUSTOMER_SESSION_COOKIE } from '@/server/platform/auth/customer-sessions';
import { emailLogs } from '@/server/platform/db/schema';
import { nextIp, startPortalTestApp } from '@tests/support/portal-fixtures';

const { t, rental } = await startPortalTestApp();
afterAll(async () => t.close());

const linkPath = (url: string) => new URL(url).pathname;
const post = (url: string) => t.app.inject({ method: 'POST', url, remoteAddress: nextIp() });

/** The path of a new sign-in link to the customer's order, valid from now on the app clock. */
const freshLinkPath = async (customerId: string, orderId: string) =>
  linkPath(await createLoginLink(t.db, { customerId, orderId, publicUrl: 'http://x', now: t.deps.clock.now() }));

/** The newest sign-in e-mail to this customer (sent just after the answer), and the path of its link. */
async function nextSignInEmail(customerId: string, after = 0) {
  return vi.waitFor(
    async () => {
      const logs = await t.db
        .select()
        .from(emailLogs)
        .where(eq(emailLogs.customerId, customerId))
        .orderBy(desc(emailLogs.createdAt));
      const signIn = logs.filter((log) => log.subject.startsWith('Your sign-in link'));
      expect(signIn.length).toBeGreaterThan(after);
      const url = signIn[0]!.body.match(/https?:\/\/\S+\/auth\/link\/[A-Za-z0-9_-]+/)?.[0];
      expect(url).toBeTruthy();
      return { log: signIn[0]!, path: linkPath(url!) };
    },
    { timeout: 5000, interval: 50 },
  );
}

describe('one-time link from an e-mail', () => {
  it("is not used up by opening it (a mail scanner's prefetch): only the Continue POST signs in, once", async () => {
    const { customer, order } = await rental();
    const path = await freshLinkPath(customer.id, order.id);
    for (let i = 0; i < 2; i += 1) {
      const prefetch = await t.app.inject({ url: path, remoteAddress: nextIp() });
      expect(prefetch.cookies).toHaveLength(0);
    }

    const first = await post(`/api${path}`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ orderId: order.id });
    const cookie = first.cookies.find((c) => c.name === CUSTOMER_SESSION_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    const portal = await t.app.inject({
      url: `/api/portal/${order.id}`,
      headers: { cookie: `${CUSTOMER_SESSION_COOKIE}=${cookie.value}` },
    });
    expect(portal.statusCode).toBe(200);

    const second = await post(`/api${path}`);
    expect(second.statusCode).toBe(410);
    expect(second.json().message).toBe('Each sign-in link opens your rental once, on one device.');
    expect(second.cookies).toHaveLength(0);

    // The same used link in the browser it signed in: still the way to the rental ("at any time").
    const again = await t.app.inject({
      method: 'POST',
      url: `/api${path}`,
      remoteAddress: nextIp(),
      headers: { cookie: `${CUSTOMER_SESSION_COOKIE}=${cookie.value}` },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ orderId: order.id });
  });

  it('refuses an expired or unknown link alike', async () => {
    const { customer, order } = await rental();
    const expired = await createLoginLink(t.db, {
      customerId: customer.id,
      orderId: order.id,
      publicUrl: 'http://x',
      now: new Date(t.deps.clock.now().getTime() - 8 * 86_400_000),
    });
    const a = await post(`/api${linkPath(expired)}`);
    const b = await post('/api/auth/link/not-a-real-token');
    expect([a.statusCode, b.statusCode]).toEqual([410, 410]);
    expect(a.json()).toEqual(b.json());
  });

  it('a used link sends a fresh one to its customer, which works; an unknown token gets the same answer', async () => {
    const { customer, order } = await rental();
    const path = await freshLinkPath(customer.id, order.id);
    expect((await post(`/api${path}`)).statusCode).toBe(200);

    const resend = await post(`/api${path}/resend`);
    const unknown = await post('/api/auth/link/not-a-real-token/resend');
    expect([resend.statusCode, unknown.statusCode]).toEqual([202, 202]);
    expect(resend.json()).toEqual(unknown.json());

    const fresh = await nextSignInEmail(customer.id);
    expect(fresh.log.recipientEmail).toBe(customer.email);
    expect(fresh.log.body).toContain(order.orderNumber);
    expect(fresh.path).not.toBe(path);
    const opened = await post(`/api${fresh.path}`);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toEqual({ orderId: order.id });
  });

  it('limits resends of one link', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await post('/api/auth/link/some-old-token/resend')).statusCode);
    expect(statuses).toEqual([202, 202, 202, 429, 429]);
  });
});
