import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { addDays, todayInLosAngeles } from '@/contracts/dates';
import { createUnit, createUnitModel } from '@/server/platform/db/factories';
import { createTestApp, type TestApp } from '@tests/support/test-app';

/** Shared by the checkout-*.test.ts files: registrations as the checkout form sends them, and stocked models. */

let ipCounter = 0;
/** Each call comes from its own address, so the per-IP checkout limit stays out of tests about other things. */
const freshIp = () => `10.1.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

let streetNumber = 100;

/**
 * A registration as the checkout form sends it. Each has its own e-mail and street address, so the bounds on
 * live holds per customer and per delivery address stay out of tests about other things.
 */
export function registration(overrides: Record<string, unknown> = {}) {
  return {
    planType: 'monthly',
    startDate: addDays(todayInLosAngeles(), 1),
    name: 'Jordan Rivera',
    email: `renter-${randomUUID().slice(0, 8)}@example.com`,
    phone: '(714) 555-0101',
    address: `${(streetNumber += 1)} Main Street, Apt 4`,
    city: 'Irvine',
    zipCode: '92612',
    buildingNotes: 'Gate code 1234',
    ...overrides,
  };
}

export const cookieOf = (response: LightMyRequestResponse, name: string) =>
  response.cookies.find((cookie) => cookie.name === name);

export interface CheckoutTestApp {
  t: TestApp;
  /** POST /api/checkout/create-session, from a fresh address unless one is given. */
  createSession(body: Record<string, unknown>, remoteAddress?: string): Promise<LightMyRequestResponse>;
  /** A new unit model with `count` units (created with `unitOverrides`). */
  modelWithUnits(
    count: number,
    unitOverrides?: Record<string, unknown>,
  ): Promise<Awaited<ReturnType<typeof createUnitModel>>>;
}

/**
 * Units in stock besides each test's own models, as in the business's fleet: unpaid checkouts may hold only a share
 * of the fleet's stock (units/hold-limits.ts), and the holds a file's tests leave would otherwise soon fill a fleet
 * of a few units.
 */
export const REST_OF_FLEET = 40;

/** `options` as for createTestApp: e.g. the real Stripe adapter talking to the Stripe fake. */
export async function startCheckoutTestApp(
  options: Parameters<typeof createTestApp>[0] = {},
): Promise<CheckoutTestApp> {
  const t = await createTestApp(options);
  await stockRestOfFleet(t);

  function createSession(body: Record<string, unknown>, remoteAddress = freshIp()) {
    return t.app.inject({ method: 'POST', url: '/api/checkout/create-session', payload: body, remoteAddress });
  }

  async function modelWithUnits(count: number, unitOverrides: Record<string, unknown> = {}) {
    const model = await createUnitModel(t.db);
    for (let i = 0; i < count; i += 1) await createUnit(t.db, { modelId: model.id, ...unitOverrides });
    return model;
  }

  return { t, createSession, modelWithUnits };
}

/**
 * Opens a checkout's payment page as the browser does: create-session's sessionUrl is our own route, which holds
 * the unit for the page and redirects to the provider's. Answers the provider's page URL and its session id.
 */
export async function openPaymentPage(
  app: { inject: TestApp['app']['inject'] },
  sessionUrl: string,
): Promise<{ pageUrl: string; sessionId: string }> {
  const url = new URL(sessionUrl);
  const response = await app.inject({ url: url.pathname, headers: { host: url.host } });
  if (response.statusCode !== 302) throw new Error(`The payment page did not open: ${response.statusCode}`);
  const pageUrl = String(response.headers.location);
  return { pageUrl, sessionId: pageUrl.split('/').pop()! };
}

/** The rest of the fleet (REST_OF_FLEET units of one model), for a test app whose tests take many holds. */
export async function stockRestOfFleet(t: Pick<TestApp, 'db'>): Promise<void> {
  const model = await createUnitModel(t.db, { name: 'Rest of the fleet' });
  for (let i = 0; i < REST_OF_FLEET; i += 1) await createUnit(t.db, { modelId: model.id });
}
