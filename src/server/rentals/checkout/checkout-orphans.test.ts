import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { BillingClock } from '@/server/platform/clock';
import { auditEvents, orders } from '@/server/platform/db/schema';
import { createAppDeps } from '@/server/deps';
import { runScheduledWork } from '@/server/scheduled-work';
import { signInAdmin } from '@tests/support/admin-client';
import { startStripeFake, stripeGatewayFor } from '@tests/support/stripe-fake';
import { ORPHAN_CANCEL_REASON, ORPHAN_GRACE_MINUTES } from './orphans';
import { openPaymentPage, registration, startCheckoutTestApp } from '@tests/support/checkout-fixtures';

// The real Stripe adapter and SDK against the local fake, which can leave a request unanswered: from the database's
// side, a create-session waiting on a provider that never answers is exactly what a process killed at that moment
// leaves behind (the order and its hold committed, no payment session recorded).
const stripe = await startStripeFake();
const { t, createSession, modelWithUnits } = await startCheckoutTestApp({
  deps: { payments: stripeGatewayFor(stripe) },
});
const admin = await signInAdmin(t);
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const clock = t.deps.clock as BillingClock;
const minutesLater = (minutes: number) => new Date(clock.now().getTime() + minutes * 60_000);
const log = { error: () => undefined };
// A second app instance on the same database and clock, as when two servers share one PostgreSQL.
const second = createAppDeps(t.config, t.database, { clock, payments: t.deps.payments });

const stock = async (modelId: string) => (await t.app.inject({ url: `/api/inventory/${modelId}` })).json();
const orderRow = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;

async function until(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('orphan checkouts: the order committed, the payment session never recorded', { timeout: 120_000 }, () => {
  it('are cancelled with the reason after the grace period, once, leaving checkouts that reached their page', async () => {
    const reachedPage = await modelWithUnits(1);
    const orphaned = await modelWithUnits(1);
    const normal = await createSession(registration({ modelId: reachedPage.id }));
    expect(normal.statusCode).toBe(200);
    // Its page is opened: its unit is held for the checkout's full time (ADR 037).
    await openPaymentPage(t.app, normal.json().sessionUrl);

    // The provider never answers this one (nor the adapter's 2 retries).
    stripe.holdNext(3);
    const body = registration({ modelId: orphaned.id, checkoutKey: randomUUID() });
    const inFlight = createSession(body);
    await until(() => stripe.heldCount === 1, 'the session request to reach the provider');
    const [orphan] = await t.db
      .select()
      .from(orders)
      .where(and(eq(orders.modelId, orphaned.id), eq(orders.status, 'pending')));
    expect(orphan).toMatchObject({ stripeSessionId: null, checkoutUrl: null, cancelReason: null });
    expect(await stock(orphaned.id)).toEqual({ available: 0, held: 1 });

    // Within the grace period it may still be a slow provider call: left alone.
    const early = await runScheduledWork(t.deps, minutesLater(ORPHAN_GRACE_MINUTES - 1), log);
    expect(early.orphanCheckoutsCancelled).toBe(0);
    expect((await orderRow(orphan!.id)).status).toBe('pending');

    // Past it, on two instances at once: cancelled once, with the reason, and its unit is offered again.
    clock.moveTo(minutesLater(ORPHAN_GRACE_MINUTES + 1));
    const reports = await Promise.all([
      runScheduledWork(t.deps, clock.now(), log),
      runScheduledWork(second, clock.now(), log),
    ]);
    expect(reports.map((report) => report.orphanCheckoutsCancelled).sort()).toEqual([0, 1]);
    const swept = await orderRow(orphan!.id);
    expect(swept).toMatchObject({ status: 'cancelled', cancelReason: ORPHAN_CANCEL_REASON, checkoutKey: null });
    expect(await stock(orphaned.id)).toEqual({ available: 1, held: 0 });
    const audit = await t.db.select().from(auditEvents).where(eq(auditEvents.entityId, orphan!.id));
    expect(audit).toMatchObject([
      { actorType: 'system', actorId: null, action: 'order.orphan_checkout_cancelled', entityType: 'order' },
    ]);

    // The checkout that reached its payment page is the provider's to expire: untouched, its unit still held.
    const normalOrder = await orderRow(normal.json().orderId);
    expect(normalOrder).toMatchObject({ status: 'pending', cancelReason: null });
    expect(normalOrder.stripeSessionId).not.toBeNull();
    expect(await stock(reachedPage.id)).toEqual({ available: 0, held: 1 });

    // The owner finds it under Cancelled, with the reason, in the list and on the order.
    const cancelled = await admin.request({ method: 'GET', url: '/api/admin/orders/filtered?status=cancelled' });
    expect(cancelled.json().items).toEqual([
      expect.objectContaining({ id: orphan!.id, status: 'cancelled', cancelReason: ORPHAN_CANCEL_REASON }),
    ]);
    const detail = await admin.request({ method: 'GET', url: `/api/admin/orders/${orphan!.id}` });
    expect(detail.json().order).toMatchObject({ status: 'cancelled', cancelReason: ORPHAN_CANCEL_REASON });
    expect(detail.json().allowedStatuses).toEqual([]);

    // Running again, later, changes nothing more: not the orphan, not the checkout on its page (even past its hold).
    clock.moveTo(minutesLater(40));
    const again = await runScheduledWork(t.deps, clock.now(), log);
    expect(again.orphanCheckoutsCancelled).toBe(0);
    expect(await orderRow(orphan!.id)).toEqual(swept);
    expect(await t.db.select().from(auditEvents).where(eq(auditEvents.entityId, orphan!.id))).toHaveLength(1);
    expect((await orderRow(normalOrder.id)).status).toBe('pending');

    // The provider answers at last: the swept order gets no page; the session is expired and the caller told.
    stripe.answerHeld();
    const late = await inFlight;
    expect(late.statusCode).toBe(503);
    expect(await orderRow(orphan!.id)).toEqual(swept);
    const expiries = stripe.requests.filter((request) => request.path.endsWith('/expire'));
    expect(expiries).toHaveLength(1);

    // The customer's retry of the same form starts a fresh checkout and gets the unit.
    const retry = await createSession(body);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().orderId).not.toBe(orphan!.id);
    expect(await stock(orphaned.id)).toEqual({ available: 0, held: 1 });
  });
});
