import { desc, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { emailLogs } from '@/server/platform/db/schema';
import { nextIp, startPortalTestApp } from '@tests/support/portal-fixtures';

const { t, rental, signIn } = await startPortalTestApp();
afterAll(async () => t.close());

const ask = (payload: object, remoteAddress = nextIp()) =>
  t.app.inject({ method: 'POST', url: '/api/portal/sign-in-link', payload, remoteAddress });

const signInEmails = async (customerId: string) =>
  (
    await t.db.select().from(emailLogs).where(eq(emailLogs.customerId, customerId)).orderBy(desc(emailLogs.createdAt))
  ).filter((log) => log.subject.startsWith('Your sign-in link'));

describe('sign-in e-mail from a signed-out portal page', () => {
  it('answers a customer and a stranger alike, and e-mails only the customer a link that opens the rental', async () => {
    const { customer, order } = await rental();
    const known = await ask({ email: customer.email.toUpperCase(), orderId: order.id });
    const unknown = await ask({ email: 'nobody-here@example.com', orderId: order.id });
    expect([known.statusCode, unknown.statusCode]).toEqual([202, 202]);
    expect(known.json()).toEqual(unknown.json());
    expect(known.cookies).toHaveLength(0);

    const [email] = await vi.waitFor(
      async () => {
        const logs = await signInEmails(customer.id);
        expect(logs).toHaveLength(1);
        return logs;
      },
      { timeout: 5000, interval: 50 },
    );
    expect(email!.recipientEmail).toBe(customer.email);
    expect(email!.body).toContain(order.orderNumber);
    // The link follows the site the request came to (ADR 015), and is made fresh when the e-mail is sent.
    const path = email!.body.match(/http:\/\/localhost\/auth\/link\/([A-Za-z0-9_-]+)/)?.[0];
    expect(path).toBeTruthy();
    const opened = await t.app.inject({
      method: 'POST',
      url: `/api${new URL(path!).pathname}`,
      remoteAddress: nextIp(),
    });
    expect(opened.json()).toEqual({ orderId: order.id });
  });

  it("links another order's page to the customer's own newest rental, never to the other order", async () => {
    const { customer, order } = await rental();
    const other = await rental();
    expect((await ask({ email: customer.email, orderId: other.order.id })).statusCode).toBe(202);
    const [email] = await vi.waitFor(async () => {
      const logs = await signInEmails(customer.id);
      expect(logs).toHaveLength(1);
      return logs;
    });
    expect(email!.body).toContain(order.orderNumber);
    expect(email!.body).not.toContain(other.order.orderNumber);
  });

  it('limits e-mails per address (429 with Retry-After), whether or not it is a customer', async () => {
    for (const email of ['limit-me@example.com', (await rental()).customer.email]) {
      const statuses: number[] = [];
      let retryAfter: string | undefined;
      for (let i = 0; i < 5; i += 1) {
        const response = await ask({ email });
        statuses.push(response.statusCode);
        if (response.statusCode === 429) retryAfter = String(response.headers['retry-after']);
      }
      expect(statuses).toEqual([202, 202, 202, 429, 429]);
      expect(Number(retryAfter)).toBeGreaterThan(0);
    }
  });

  it('limits requests per client address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1)
      statuses.push((await ask({ email: `probe${i}@example.com` }, '203.0.113.50')).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 202)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it.each([[{ email: 'not-an-email' }], [{}], [{ email: 'a@example.com', orderId: 'x'.repeat(65) }]])(
    'refuses %o and sends nothing',
    async (payload) => {
      const response = await ask(payload);
      expect(response.statusCode).toBe(400);
    },
  );

  it('tells the page whether this browser is signed in, and nothing about any order', async () => {
    const { customer, order } = await rental();
    const anonymous = await t.app.inject({ url: '/api/portal/session' });
    expect(anonymous.json()).toEqual({ signedIn: false });
    const cookie = await signIn(order.orderNumber, customer.email);
    const signedIn = await t.app.inject({ url: '/api/portal/session', headers: { cookie } });
    expect(signedIn.json()).toEqual({ signedIn: true });
  });
});
