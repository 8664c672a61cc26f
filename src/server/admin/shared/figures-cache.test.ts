import { describe, expect, it } from 'vitest';
import { createCustomer, createUnit, createUnitModel } from '@/server/platform/db/factories';
import { startAdminTestApp } from '@tests/support/admin-client';
import { FIGURES_MAX_AGE_MS } from './figures-cache';

/**
 * The dashboard's figures are reused for up to 30 s on the app clock (ADR 038): a dashboard left open, or several,
 * costs one pass over the history per 30 s, not one per read. The owner's own writes drop them at once; a
 * checkout's (the customers' busiest) and writes elsewhere show within the 30 s, with the figures' asOf saying so.
 */
let clockAt = Date.parse('2031-05-01T18:00:00Z');
const { t, admin } = await startAdminTestApp({ deps: { clock: { now: () => new Date(clockAt) } } });

const leads = async () => {
  const response = await admin.request({ method: 'GET', url: '/api/admin/stats' });
  expect(response.statusCode).toBe(200);
  const { figures } = response.json() as { figures: { leads: number; asOf: string } };
  return figures;
};

describe('the dashboard’s figures from memory', () => {
  it('are reused for 30 s on the app clock, then computed again; never for a time before', async () => {
    const first = await leads();
    await createCustomer(t.db);
    clockAt += FIGURES_MAX_AGE_MS - 1;
    expect(await leads()).toEqual(first);
    clockAt += 1;
    expect(await leads()).toMatchObject({ leads: first.leads + 1, asOf: new Date(clockAt).toISOString() });
    // A clock moved back (the demo's billing clock is reset): computed again, at that time.
    await createCustomer(t.db);
    clockAt -= 60_000;
    expect(await leads()).toMatchObject({ leads: first.leads + 2, asOf: new Date(clockAt).toISOString() });
  });

  it('are dropped by the owner’s writes at once, and by analytics’ too, but not by a checkout', async () => {
    const before = await leads();
    await createCustomer(t.db);
    // A checkout (here refused: an empty body) does not drop them: a checkout only adds a lead or an unpaid order.
    const checkout = await t.app.inject({ method: 'POST', url: '/api/checkout/create-session', payload: {} });
    expect(checkout.statusCode).toBe(400);
    expect(await leads()).toEqual(before);
    // Any other state-changing request does (here an owner's refused status change: its answer drops them too).
    const write = await admin.request({
      method: 'POST',
      url: '/api/admin/orders/00000000-0000-4000-8000-000000000000/status',
      payload: { status: 'completed' },
    });
    expect(write.statusCode).toBeGreaterThanOrEqual(400);
    expect((await leads()).leads).toBe(before.leads + 1);
    // Analytics are kept the same way.
    const analytics = await admin.request({ method: 'GET', url: '/api/admin/analytics' });
    expect(analytics.statusCode).toBe(200);
    await createCustomer(t.db);
    const again = await admin.request({ method: 'GET', url: '/api/admin/analytics' });
    expect(again.body).toBe(analytics.body);
  });
});

describe('the figures under the stat cards and Analytics', () => {
  it('are one computation for both, and neither keeps them past their 30 s', async () => {
    clockAt += 60 * 60_000;
    const stats = (await admin.request({ method: 'GET', url: '/api/admin/stats' })).json();
    await createCustomer(t.db);
    clockAt += 20_000;
    // Analytics, first read 20 s later, is built on the stat cards' figures: same instant, the new lead not yet in.
    const analytics = (await admin.request({ method: 'GET', url: '/api/admin/analytics' })).json();
    expect(analytics.figures).toEqual(stats.figures);
    // 30 s after those figures (10 s after Analytics was read) both are computed again, with the lead.
    clockAt += 10_000;
    const later = (await admin.request({ method: 'GET', url: '/api/admin/analytics' })).json();
    expect(later.figures).toMatchObject({ leads: stats.figures.leads + 1, asOf: new Date(clockAt).toISOString() });
    const statsLater = (await admin.request({ method: 'GET', url: '/api/admin/stats' })).json();
    expect(statsLater.figures).toEqual(later.figures);
  });

  it('built on older figures, are still never reused for a time before they were built', async () => {
    clockAt += 60 * 60_000;
    const model = await createUnitModel(t.db);
    // Held (so not rentable) for 15 s from now: free 20 s on, held again if the clock goes back to 10 s on.
    await createUnit(t.db, { modelId: model.id, heldUntil: new Date(clockAt + 15_000) });
    const available = async () => {
      const response = await admin.request({ method: 'GET', url: '/api/admin/stats' });
      return (response.json() as { availableUnits: number }).availableUnits;
    };
    expect((await admin.request({ method: 'GET', url: '/api/admin/analytics' })).statusCode).toBe(200);
    clockAt += 20_000;
    const free = await available();
    // The demo's billing clock moved back 10 s: the figures (from 20 s before) still serve; the fleet is counted again.
    clockAt -= 10_000;
    expect(await available()).toBe(free - 1);
  });
});
