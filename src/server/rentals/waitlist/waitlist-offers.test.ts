import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { offerEnded, offerForAnotherEmail } from '@/contracts/waitlist';
import { createUnit, createUnitModel } from '@/server/platform/db/factories';
import { notifications, units } from '@/server/platform/db/schema';
import { completedEvent, postWebhook, signWebhook } from '@tests/support/payment-fixtures';
import { openPaymentPage } from '@tests/support/checkout-fixtures';
import { startWaitlistTestApp } from '@tests/support/waitlist-fixtures';

const {
  t,
  clock,
  sweep,
  join,
  offerMailTo,
  offerTokenIn,
  soldOutModel,
  setStatus,
  available,
  checkout,
  entriesOf,
  orderCount,
} = await startWaitlistTestApp();

beforeEach(async () => {
  await t.db.delete(notifications);
});

describe('a unit that comes free', () => {
  it('goes to the first in line only, stays out of the catalog, and passes to the second when the hold ends', async () => {
    const { model, unit } = await soldOutModel('Fair AC');
    for (const email of ['first@example.com', 'second@example.com', 'third@example.com']) {
      expect((await join({ email, modelId: model.id, zipCode: '92612' })).statusCode).toBe(202);
    }
    expect(await available(model.id)).toBe(0);

    // Back from the workshop: with people waiting it is not the public's, even before the sweep runs.
    await setStatus(unit.id, 'available');
    expect(await available(model.id)).toBe(0);
    const stranger = await checkout(model.id, 'stranger@example.com');
    expect(stranger.statusCode).toBe(409);

    const report = await sweep();
    expect(report.waitlistOffers).toBe(1);
    expect(offerMailTo('first@example.com')).toHaveLength(1);
    expect(offerMailTo('second@example.com')).toHaveLength(0);
    expect(offerMailTo('third@example.com')).toHaveLength(0);
    expect(await available(model.id)).toBe(0);
    const mail = offerMailTo('first@example.com')[0]!;
    expect(mail).toContain('for 12 hours');
    expect(mail).not.toContain('{{');
    const firstToken = offerTokenIn(mail);

    const [held] = await t.db.select().from(units).where(eq(units.id, unit.id));
    const until = held!.heldUntil!;
    expect(until.getTime() - clock.now().getTime()).toBeGreaterThan(11.9 * 3_600_000);

    // The checkout page's notice.
    const view = await t.app.inject({ url: `/api/waitlist/offer?token=${encodeURIComponent(firstToken)}` });
    expect(view.json()).toMatchObject({ modelId: model.id, modelName: 'Fair AC', state: 'held' });

    // Only that person: the link with another e-mail, or no link, writes nothing.
    const before = await orderCount();
    const forwarded = await checkout(model.id, 'second@example.com', firstToken);
    expect(forwarded.statusCode).toBe(400);
    expect(forwarded.json().message).toBe(offerForAnotherEmail);
    expect((await checkout(model.id, 'second@example.com')).statusCode).toBe(409);
    const forged = await checkout(model.id, 'first@example.com', `${firstToken.split('.')[0]}.${'x'.repeat(43)}`);
    expect(forged.statusCode).toBe(400);
    expect(await orderCount()).toBe(before);

    // Unused: after the hold the second in line gets it; the first's link has ended.
    clock.moveTo(new Date(until.getTime() + 60_000));
    await sweep();
    expect(offerMailTo('second@example.com')).toHaveLength(1);
    expect(offerMailTo('third@example.com')).toHaveLength(0);
    const late = await checkout(model.id, 'first@example.com', firstToken);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(offerEnded);
    expect((await entriesOf(model.id)).map((e) => e.status)).toEqual(['lapsed', 'offered', 'waiting']);

    // The second rents it through the link: the hold moves to their order, and paying settles the place.
    const secondToken = offerTokenIn(offerMailTo('second@example.com')[0]!);
    const rented = await checkout(model.id, 'second@example.com', secondToken);
    expect(rented.statusCode, rented.body).toBe(200);
    const { orderId, sessionUrl } = rented.json();
    const [moved] = await t.db.select().from(units).where(eq(units.id, unit.id));
    expect(moved!.heldByOrderId).toBe(orderId);
    const checkoutCookie = rented.cookies.find((c) => c.name === 'cr_checkout')!.value;
    const signed = await t.app.inject({
      method: 'POST',
      url: '/api/agreements/create',
      cookies: { cr_checkout: checkoutCookie },
      payload: { orderId, typedName: 'Dana Waits', agreed: true },
    });
    expect(signed.statusCode).toBe(201);
    const event = completedEvent({
      orderId,
      sessionId: (await openPaymentPage(t.app, sessionUrl)).sessionId,
      email: 'second@example.com',
      checkoutCookie,
      unitId: unit.id,
    });
    expect((await postWebhook(t, event, signWebhook(t, event))).statusCode).toBe(200);
    await sweep();
    expect((await entriesOf(model.id)).map((e) => e.status)).toEqual(['lapsed', 'rented', 'waiting']);
    const [rentedUnit] = await t.db.select().from(units).where(eq(units.id, unit.id));
    expect(rentedUnit).toMatchObject({ status: 'rented', currentOrderId: orderId });
  });

  it('keeps the unit for the offer when its checkout is left, so the link works again', async () => {
    const { model, unit } = await soldOutModel('Return AC');
    await join({ email: 'back@example.com', modelId: model.id, zipCode: '92612' });
    await join({ email: 'next@example.com', modelId: model.id, zipCode: '92612' });
    await setStatus(unit.id, 'available');
    await sweep();
    const token = offerTokenIn(offerMailTo('back@example.com')[0]!);
    const first = await checkout(model.id, 'back@example.com', token);
    expect(first.statusCode).toBe(200);
    const cookie = first.cookies.find((c) => c.name === 'cr_checkout')!.value;
    const left = await t.app.inject({ method: 'POST', url: '/api/checkout/cancel', cookies: { cr_checkout: cookie } });
    expect(left.statusCode).toBe(204);

    const [unitAfter] = await t.db.select().from(units).where(eq(units.id, unit.id));
    expect(unitAfter).toMatchObject({ heldByOrderId: null, heldForClient: expect.stringMatching(/^waitlist:/) });
    expect(await available(model.id)).toBe(0);
    await sweep();
    expect(offerMailTo('next@example.com')).toHaveLength(0);
    expect((await checkout(model.id, 'back@example.com', token)).statusCode).toBe(200);
  });

  it('makes one offer per free unit however many sweeps run at once', async () => {
    const model = await createUnitModel(t.db, { name: 'Busy AC' });
    const fleet = await Promise.all([1, 2].map(() => createUnit(t.db, { modelId: model.id, status: 'maintenance' })));
    for (const i of [1, 2, 3, 4]) await join({ email: `busy${i}@example.com`, modelId: model.id, zipCode: '92612' });
    for (const unit of fleet) await setStatus(unit.id, 'available');
    const reports = await Promise.all([sweep(), sweep(), sweep()]);
    expect(reports.reduce((sum, r) => sum + r.waitlistOffers, 0)).toBe(2);
    expect((await entriesOf(model.id)).map((e) => e.status)).toEqual(['offered', 'offered', 'waiting', 'waiting']);
  });

  it('gives the offer back its place in line when the owner takes its unit out of service', async () => {
    const { model, unit } = await soldOutModel('Broken AC');
    await join({ email: 'unlucky@example.com', modelId: model.id, zipCode: '92612' });
    await join({ email: 'patient@example.com', modelId: model.id, zipCode: '92612' });
    await setStatus(unit.id, 'available');
    await sweep();
    expect(offerMailTo('unlucky@example.com')).toHaveLength(1);

    await setStatus(unit.id, 'maintenance');
    const spare = await createUnit(t.db, { modelId: model.id, status: 'maintenance' });
    await sweep();
    expect((await entriesOf(model.id)).map((e) => e.status)).toEqual(['waiting', 'waiting']);
    const [released] = await t.db.select().from(units).where(eq(units.id, unit.id));
    expect(released).toMatchObject({ heldUntil: null, heldForClient: null });

    // The next unit free is theirs, with a new e-mail; the second in line still waits.
    await setStatus(spare.id, 'available');
    await sweep();
    expect(offerMailTo('unlucky@example.com')).toHaveLength(2);
    expect(offerMailTo('patient@example.com')).toHaveLength(0);
  });
});
