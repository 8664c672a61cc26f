import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { addDays, todayInLosAngeles } from '@/contracts/dates';
import { serverToday } from '@/contracts/today';
import type { BillingClock } from '@/server/platform/clock';
import { orders } from '@/server/platform/db/schema';
import { registration, startCheckoutTestApp } from '@tests/support/checkout-fixtures';

const DAY_MS = 86_400_000;

const { t, createSession, modelWithUnits } = await startCheckoutTestApp();
afterAll(async () => t.close());

const askToday = async () => {
  const response = await t.app.inject({ url: '/api/today' });
  expect(response.statusCode).toBe(200);
  return { today: serverToday.parse(response.json()).today, cacheControl: response.headers['cache-control'] };
};

describe('GET /api/today: one today for the browser and the server', () => {
  it("answers the app clock's Los Angeles date, never to be cached", async () => {
    expect(await askToday()).toEqual({ today: todayInLosAngeles(t.deps.clock.now()), cacheControl: 'no-store' });
  });

  it('follows the billing clock 60 days ahead, and create-session accepts that day as the start date', async () => {
    const clock = t.deps.clock as BillingClock;
    const machineToday = todayInLosAngeles(new Date());
    clock.moveTo(new Date(clock.now().getTime() + 60 * DAY_MS));

    const { today } = await askToday();
    expect(today).toBe(todayInLosAngeles(clock.now()));
    expect(today >= addDays(machineToday, 60)).toBe(true);

    const model = await modelWithUnits(2);
    const accepted = await createSession(registration({ modelId: model.id, startDate: today }));
    expect(accepted.statusCode).toBe(200);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, accepted.json().orderId));
    expect(order!.startDate).toBe(today);

    // The machine's tomorrow, which a browser on the device's clock would offer, is in the app's past now.
    const refused = await createSession(registration({ modelId: model.id, startDate: addDays(machineToday, 1) }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors.startDate).toBe('Start date cannot be in the past');
  });
});
