import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createOrder, createUnit, createUnitModel } from '@/server/platform/db/factories';
import { orders, units } from '@/server/platform/db/schema';
import { rentUnit } from '@/server/rentals/units/rentals';
import { createTestApp, type TestApp } from '@tests/support/test-app';
import { signInAdmin, type AdminClient } from '@tests/support/admin-client';

let t: TestApp;
let admin: AdminClient;
let modelId: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t);
  modelId = (await createUnitModel(t.db, { name: 'Portable AC 12,000-14,000 BTU' })).id;
});
afterAll(async () => t.close());

const serial = () => `T-${randomUUID().slice(0, 8).toUpperCase()}`;
const validUnit = () => ({
  modelId,
  serial: serial(),
  brand: 'Whynter',
  model: 'ARC-14S',
  btu: '14000',
  purchaseDate: '2025-05-20',
  purchasePrice: '499.99',
  notes: '',
});
const addUnit = (payload: object) => admin.request({ method: 'POST', url: '/api/admin/units', payload });

/** A unit out with a customer on an active order. */
async function rentedUnit() {
  const customer = await createCustomer(t.db);
  const unit = await createUnit(t.db, { modelId, status: 'rented', serial: serial() });
  const order = await createOrder(t.db, { customerId: customer.id, modelId, unitId: unit.id, status: 'active' });
  await t.db.transaction((tx) => rentUnit(tx, { unitId: unit.id, orderId: order.id }));
  return { unit, order };
}

describe('POST /api/admin/units', () => {
  it('adds a unit, converting the typed BTU, price and date', async () => {
    const input = validUnit();
    const response = await addUnit(input);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      serial: input.serial,
      btu: 14_000,
      purchasePrice: 499.99,
      purchaseDate: '2025-05-20',
      status: 'available',
      notes: null,
      modelName: 'Portable AC 12,000-14,000 BTU',
    });
    const [row] = await t.db.select().from(units).where(eq(units.id, response.json().id));
    expect(row!.purchasePrice).toBe('499.99');
    expect(row!.purchaseDate.toISOString()).toBe('2025-05-20T00:00:00.000Z');
  });

  it('accepts JSON numbers as well as typed strings, and rounds the BTU to an integer', async () => {
    const response = await addUnit({ ...validUnit(), btu: 12000.4, purchasePrice: 0 });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ btu: 12_000, purchasePrice: 0 });
  });

  it.each([
    [{ modelId: '' }, 'modelId', 'Unit model is required'],
    [{ serial: '' }, 'serial', 'Serial number is required'],
    [{ brand: ' ' }, 'brand', 'Brand is required'],
    [{ model: '' }, 'model', 'Model number is required'],
    [{ btu: '' }, 'btu', 'BTU rating is required'],
    [{ btu: 'lots' }, 'btu', 'BTU rating is required'],
    [{ btu: '7999' }, 'btu', 'BTU must be at least 8,000'],
    [{ purchaseDate: '' }, 'purchaseDate', 'Purchase date is required'],
    [{ purchasePrice: '' }, 'purchasePrice', 'Purchase price is required'],
    [{ purchasePrice: '-1' }, 'purchasePrice', 'Price must be positive'],
  ])('refuses %j with the spec message', async (override, field, message) => {
    const response = await addUnit({ ...validUnit(), ...override });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors[field]).toBe(message);
  });

  it('refuses a serial number that exists, and a model that does not', async () => {
    const first = validUnit();
    expect((await addUnit(first)).statusCode).toBe(201);
    const duplicate = await addUnit({ ...validUnit(), serial: first.serial });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().fieldErrors.serial).toBe(`A unit with serial number ${first.serial} already exists`);
    const unknownModel = await addUnit({ ...validUnit(), modelId: randomUUID() });
    expect(unknownModel.json().fieldErrors.modelId).toBe('Unit model is required');
  });
});

describe('GET /api/admin/units', () => {
  it('filters by status, model and serial, with the fleet counts', async () => {
    const otherModel = await createUnitModel(t.db, { name: 'Small', btuTier: '8-10k' });
    const tag = randomUUID().slice(0, 6).toUpperCase();
    await createUnit(t.db, { modelId, serial: `LST-${tag}-1`, status: 'maintenance' });
    await createUnit(t.db, { modelId: otherModel.id, serial: `LST-${tag}-2`, status: 'maintenance' });
    await createUnit(t.db, { modelId, serial: `LST-${tag}-3` });

    const list = async (query: string) =>
      (await admin.request({ method: 'GET', url: `/api/admin/units?${query}` })).json();
    const bySerial = await list(`search=lst-${tag.toLowerCase()}`);
    expect(bySerial.items.map((u: { serial: string }) => u.serial)).toEqual([
      `LST-${tag}-1`,
      `LST-${tag}-2`,
      `LST-${tag}-3`,
    ]);
    expect((await list(`search=lst-${tag}&status=maintenance`)).total).toBe(2);
    expect((await list(`search=lst-${tag}&status=maintenance&modelId=${otherModel.id}`)).total).toBe(1);

    const all = await db_counts();
    expect(bySerial.counts).toEqual(all);
  });

  async function db_counts() {
    const rows = await t.db.select({ status: units.status }).from(units);
    return {
      total: rows.length,
      available: rows.filter((r) => r.status === 'available').length,
      rented: rows.filter((r) => r.status === 'rented').length,
      maintenance: rows.filter((r) => r.status === 'maintenance').length,
      onHold: 0,
    };
  }

  it('lists the unit models for the add-unit dialog', async () => {
    const models = (await admin.request({ method: 'GET', url: '/api/admin/unit-models' })).json();
    expect(models).toContainEqual(
      expect.objectContaining({ id: modelId, name: 'Portable AC 12,000-14,000 BTU', btuTier: '12-14k', active: true }),
    );
  });
});

describe('PATCH /api/admin/units/:id', () => {
  it('changes the status and the notes inline', async () => {
    const unit = await createUnit(t.db, { modelId });
    const url = `/api/admin/units/${unit.id}`;
    const status = await admin.request({ method: 'PATCH', url, payload: { status: 'damaged' } });
    expect(status.json()).toMatchObject({ status: 'damaged' });
    const notes = await admin.request({ method: 'PATCH', url, payload: { notes: 'Compressor noisy' } });
    expect(notes.json()).toMatchObject({ status: 'damaged', notes: 'Compressor noisy' });
    const cleared = await admin.request({ method: 'PATCH', url, payload: { notes: '' } });
    expect(cleared.json().notes).toBeNull();
  });

  it('refuses to change the status of a unit that is out with a customer, but lets its notes change', async () => {
    const { unit } = await rentedUnit();
    const url = `/api/admin/units/${unit.id}`;
    const response = await admin.request({ method: 'PATCH', url, payload: { status: 'available' } });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      `Unit ${unit.serial} is on an active order. Swap the unit on the order or end the order first.`,
    );
    expect(
      (await admin.request({ method: 'PATCH', url, payload: { notes: 'Customer reports rattle' } })).statusCode,
    ).toBe(200);
  });

  it('refuses an unknown status and an empty change', async () => {
    const unit = await createUnit(t.db, { modelId });
    const url = `/api/admin/units/${unit.id}`;
    expect((await admin.request({ method: 'PATCH', url, payload: { status: 'lost' } })).statusCode).toBe(400);
    expect((await admin.request({ method: 'PATCH', url, payload: {} })).json().message).toBe('Nothing to change');
  });
});

describe('POST /api/admin/units/bulk-status', () => {
  const bulk = (payload: object) => admin.request({ method: 'POST', url: '/api/admin/units/bulk-status', payload });

  it('sets one status on every selected unit', async () => {
    const a = await createUnit(t.db, { modelId });
    const b = await createUnit(t.db, { modelId, status: 'damaged' });
    const response = await bulk({ unitIds: [a.id, b.id], status: 'maintenance' });
    expect(response.json()).toEqual({ updated: 2 });
    const rows = await t.db.select({ status: units.status }).from(units).where(eq(units.modelId, modelId));
    expect(rows.length).toBeGreaterThan(0);
    for (const id of [a.id, b.id]) {
      expect((await t.db.select().from(units).where(eq(units.id, id)))[0]!.status).toBe('maintenance');
    }
  });

  it("does not offer 'rented'", async () => {
    const a = await createUnit(t.db, { modelId });
    const response = await bulk({ unitIds: [a.id], status: 'rented' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Choose available, maintenance, damaged or retired');
  });

  it('changes nothing when one selected unit is on an active order', async () => {
    const free = await createUnit(t.db, { modelId });
    const { unit } = await rentedUnit();
    const response = await bulk({ unitIds: [free.id, unit.id], status: 'retired' });
    expect(response.statusCode).toBe(409);
    expect((await t.db.select().from(units).where(eq(units.id, free.id)))[0]!.status).toBe('available');
  });

  it('needs at least one unit', async () => {
    const response = await bulk({ unitIds: [], status: 'retired' });
    expect(response.json().fieldErrors.unitIds).toBe('Select at least one unit');
  });
});

describe('DELETE /api/admin/units/:id', () => {
  it('deletes a unit; past orders keep their history without it', async () => {
    const customer = await createCustomer(t.db);
    const unit = await createUnit(t.db, { modelId });
    const past = await createOrder(t.db, { customerId: customer.id, modelId, unitId: unit.id, status: 'completed' });
    const response = await admin.request({ method: 'DELETE', url: `/api/admin/units/${unit.id}` });
    expect(response.statusCode).toBe(204);
    expect(await t.db.select().from(units).where(eq(units.id, unit.id))).toEqual([]);
    expect((await t.db.select().from(orders).where(eq(orders.id, past.id)))[0]!.unitId).toBeNull();
  });

  it('refuses, with a clear message, a unit on an active order', async () => {
    const { unit } = await rentedUnit();
    const response = await admin.request({ method: 'DELETE', url: `/api/admin/units/${unit.id}` });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: `Unit ${unit.serial} is on an active order and cannot be deleted.` });
  });

  it('refuses a unit a checkout holds right now, and answers 404 for an unknown unit', async () => {
    const customer = await createCustomer(t.db);
    const pending = await createOrder(t.db, { customerId: customer.id, modelId });
    const held = await createUnit(t.db, {
      modelId,
      heldByOrderId: pending.id,
      heldUntil: new Date(Date.now() + 600_000),
    });
    expect((await admin.request({ method: 'DELETE', url: `/api/admin/units/${held.id}` })).statusCode).toBe(409);
    expect((await admin.request({ method: 'DELETE', url: `/api/admin/units/${randomUUID()}` })).statusCode).toBe(404);
  });
});
