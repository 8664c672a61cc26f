import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { BillingClock } from '@/server/platform/clock';
import { createUnit, createUnitModel } from '@/server/platform/db/factories';
import { signInAdmin } from '@tests/support/admin-client';
import { eventually } from '@tests/support/eventually';
import { CHECKOUT_HOLD_MINUTES } from '@/server/rentals/checkout/checkout-limits';
import { cookieOf, registration, startCheckoutTestApp } from '@tests/support/checkout-fixtures';

/**
 * The catalog is served from memory (ADR 024). Every way stock or the model list changes must show at once on
 * this instance (PGlite delivers the trigger's NOTIFY before the writer's statement returns; PostgreSQL on the
 * listening connection a moment after commit, hence `eventually`, bounded by the 1 s the acceptance allows).
 */
const { t, createSession, modelWithUnits } = await startCheckoutTestApp();
afterAll(async () => t.close());

const stock = async (modelId: string) => (await t.app.inject({ url: `/api/inventory/${modelId}` })).json();
const listedIds = async () =>
  ((await t.app.inject({ url: '/api/unit-models' })).json() as Array<{ id: string }>).map((model) => model.id);

describe('ETag and 304', () => {
  it('answers a current copy with 304 and no body, and a changed one with 200 and a new tag', async () => {
    const model = await modelWithUnits(2);
    const first = await t.app.inject({ url: `/api/inventory/${model.id}` });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');

    const again = await t.app.inject({ url: `/api/inventory/${model.id}`, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);

    await createUnit(t.db, { modelId: model.id });
    await eventually(async () => (await t.app.inject({ url: `/api/inventory/${model.id}` })).json(), {
      available: 3,
      held: 0,
    });
    const changed = await t.app.inject({ url: `/api/inventory/${model.id}`, headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);

    const list = await t.app.inject({ url: '/api/unit-models' });
    const listAgain = await t.app.inject({ url: '/api/unit-models', headers: { 'if-none-match': list.headers.etag } });
    expect(listAgain.statusCode).toBe(304);
  });

  it('sends the list compressed as the client asks, the same bytes as uncompressed', async () => {
    for (let i = 0; i < 6; i += 1) await createUnitModel(t.db, { description: 'A quiet unit. '.repeat(20) });
    const plain = await t.app.inject({ url: '/api/unit-models' });
    const br = await t.app.inject({ url: '/api/unit-models', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    const { brotliDecompressSync } = await import('node:zlib');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
  });
});

describe('every way stock changes shows at once', () => {
  it('a checkout hold, its release from the payment page, and a hold running out on the clock', async () => {
    const model = await modelWithUnits(3);
    expect(await stock(model.id)).toEqual({ available: 3, held: 0 });

    const started = await createSession(registration({ modelId: model.id }));
    expect(started.statusCode).toBe(200);
    await eventually(() => stock(model.id), { available: 2, held: 1 });

    const cookie = cookieOf(started, 'cr_checkout')!;
    const cancelled = await t.app.inject({
      method: 'POST',
      url: '/api/checkout/cancel',
      headers: { cookie: `${cookie.name}=${cookie.value}` },
    });
    expect(cancelled.statusCode).toBe(204);
    await eventually(() => stock(model.id), { available: 3, held: 0 });

    expect((await createSession(registration({ modelId: model.id }))).statusCode).toBe(200);
    await eventually(() => stock(model.id), { available: 2, held: 1 });
    // No write: the cached copy ends with the earliest hold.
    (t.deps.clock as BillingClock).moveTo(new Date(t.deps.clock.now().getTime() + CHECKOUT_HOLD_MINUTES * 60_000));
    expect(await stock(model.id)).toEqual({ available: 3, held: 0 });
  });

  it("the owner's unit edits: add, status, bulk status, delete", async () => {
    const model = await createUnitModel(t.db);
    const admin = await signInAdmin(t);
    expect(await stock(model.id)).toEqual({ available: 0, held: 0 });
    const unitBody = { modelId: model.id, serial: `CACHE-${model.id.slice(0, 8)}`, brand: 'Midea', model: 'X' };
    const added = await admin.request({
      method: 'POST',
      url: '/api/admin/units',
      payload: { ...unitBody, btu: 12_000, purchaseDate: '2025-04-01', purchasePrice: 449 },
    });
    expect(added.statusCode, added.body).toBe(201);
    const unitId = added.json().id as string;
    await eventually(() => stock(model.id), { available: 1, held: 0 });

    const edited = await admin.request({
      method: 'PATCH',
      url: `/api/admin/units/${unitId}`,
      payload: { status: 'maintenance' },
    });
    expect(edited.statusCode).toBe(200);
    await eventually(() => stock(model.id), { available: 0, held: 0 });

    const bulk = await admin.request({
      method: 'POST',
      url: '/api/admin/units/bulk-status',
      payload: { unitIds: [unitId], status: 'available' },
    });
    expect(bulk.statusCode).toBe(200);
    await eventually(() => stock(model.id), { available: 1, held: 0 });

    const deleted = await admin.request({ method: 'DELETE', url: `/api/admin/units/${unitId}` });
    expect(deleted.statusCode).toBe(204);
    await eventually(() => stock(model.id), { available: 0, held: 0 });
  });

  it("the owner's model edits: a price change and deactivating leave the catalog at once", async () => {
    const model = await modelWithUnits(1);
    const admin = await signInAdmin(t);
    expect(await listedIds()).toContain(model.id);
    const repriced = await admin.request({
      method: 'PATCH',
      url: `/api/admin/unit-models/${model.id}`,
      payload: { weeklyPrice: 1700 },
    });
    expect(repriced.statusCode).toBe(200);
    await eventually(
      async () =>
        ((await t.app.inject({ url: '/api/unit-models' })).json() as Array<{ id: string; weeklyPrice: number }>).find(
          (listed) => listed.id === model.id,
        )?.weeklyPrice,
      1700,
    );
    await admin.request({ method: 'PATCH', url: `/api/admin/unit-models/${model.id}`, payload: { active: false } });
    await eventually(async () => (await listedIds()).includes(model.id), false);
    await eventually(() => stock(model.id), { available: 0, held: 0 });
  });

  it('any other writer of units (payment, sweeps, deliveries, psql): the trigger sees every statement', async () => {
    const model = await modelWithUnits(2);
    await eventually(() => stock(model.id), { available: 2, held: 0 });
    // Plain SQL, as an operator or a path this file does not know would write it.
    await t.db.execute(sql`update units set status = 'rented' where model_id = ${model.id}`);
    await eventually(() => stock(model.id), { available: 0, held: 0 });
  });
});
