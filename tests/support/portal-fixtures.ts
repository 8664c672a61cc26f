import { expect } from 'vitest';
import { CUSTOMER_SESSION_COOKIE } from '@/server/platform/auth/customer-sessions';
import { createCustomer, createOrder, createUnitModel } from '@/server/platform/db/factories';
import { seedDemoData } from '@/server/demo/seed';
import { createTestApp, type TestApp } from '@tests/support/test-app';

/** Shared by the portal-*.test.ts files: the app with its e-mail templates, rentals to look at, and sign-in. */

let ipCounter = 0;
/** Each sign-in comes from its own address so the look-up limit is only hit where a test means to. */
export const nextIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

export interface PortalTestApp {
  t: TestApp;
  /** A new customer's order of the test model: active unless overridden. */
  rental(overrides?: { startDate?: string; status?: string }): Promise<{
    customer: Awaited<ReturnType<typeof createCustomer>>;
    order: Awaited<ReturnType<typeof createOrder>>;
  }>;
  /** Signs in through POST /api/account-access and returns the session as a `cookie` header value. */
  signIn(orderNumber: string, email: string): Promise<string>;
}

export async function startPortalTestApp(): Promise<PortalTestApp> {
  const t = await createTestApp();
  await seedDemoData(t.db); // the e-mail templates
  const modelId = (await createUnitModel(t.db)).id;

  async function rental(overrides: { startDate?: string; status?: string } = {}) {
    const customer = await createCustomer(t.db);
    const order = await createOrder(t.db, { customerId: customer.id, modelId, status: 'active', ...overrides });
    return { customer, order };
  }

  async function signIn(orderNumber: string, email: string): Promise<string> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/account-access',
      payload: { orderNumber, email },
      remoteAddress: nextIp(),
    });
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find((c) => c.name === CUSTOMER_SESSION_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    return `${CUSTOMER_SESSION_COOKIE}=${cookie!.value}`;
  }

  return { t, rental, signIn };
}
