import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createCustomer, createOrder, createUnit, createUnitModel } from '@/server/platform/db/factories';
import { auditEvents, unitModels } from '@/server/platform/db/schema';
import { createTestApp } from '@tests/support/test-app';
import { signInAdmin, startAdminTestApp } from '@tests/support/admin-client';

const { t, admin } = await startAdminTestApp();

const newModel = (overrides: Record<string, unknown> = {}) => ({
  name: `Quiet AC ${randomUUID().slice(0, 6)}`,
  btuTier: '10k',
  description: 'Low-noise single-hose unit for bedrooms.',
  recommendedRoomSize: 'Rooms up to 400 sq ft',
  hoseType: 'single',
  weeklyPrice: 1750,
  ...overrides,
});
const create = (payload: object) => admin.request({ method: 'POST', url: '/api/admin/unit-models', payload });
const update = (id: string, payload: object) =>
  admin.request({ method: 'PATCH', url: `/api/admin/unit-models/${id}`, payload });
const remove = (id: string) => admin.request({ method: 'DELETE', url: `/api/admin/unit-models/${id}` });
const catalog = async () =>
  (await t.app.inject({ url: '/api/unit-models' })).json() as Array<{ id: string; weeklyPrice: number }>;

describe('POST /api/admin/unit-models', () => {
  it('creates a model at the flat monthly rate that the catalog offers at once', async () => {
    const input = newModel();
    const response = await create(input);
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toEqual({
      id: expect.any(String),
      ...input,
      monthlyPrice: 3900,
      nameEs: null,
      recommendedRoomSizeEs: null,
      descriptionEs: null,
      active: true,
      unitCount: 0,
      orderCount: 0,
      photoUrl: null,
    });
    expect(await catalog()).toContainEqual(expect.objectContaining({ id: created.id, weeklyPrice: 1750 }));
    const [audit] = await t.db.select().from(auditEvents).where(eq(auditEvents.entityId, created.id));
    expect(audit).toMatchObject({ action: 'unit_model.created', actorId: admin.adminUserId });
  });

  it('keeps the owner’s Spanish for the model, which the catalog sends beside the English', async () => {
    const spanish = {
      nameEs: 'Aire de prueba',
      recommendedRoomSizeEs: 'Cuartos de hasta 400 pies²',
      descriptionEs: 'Un equipo de prueba.',
    };
    const response = await create(newModel({ name: 'Spanish Test Model', ...spanish }));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject(spanish);
    expect(await catalog()).toContainEqual(expect.objectContaining({ id: response.json().id, ...spanish }));
    const cleared = await update(response.json().id, { nameEs: '  ' });
    expect(cleared.json()).toMatchObject({ nameEs: null, descriptionEs: spanish.descriptionEs });
    const tooLong = await update(response.json().id, { nameEs: 'x'.repeat(101) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().fieldErrors).toEqual({ nameEs: 'Spanish name must be at most 100 characters' });
  });

  it('says what is wrong with each field, and changes nothing', async () => {
    const response = await create({ name: ' ', btuTier: '12000', hoseType: 'triple', weeklyPrice: 50 });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toMatchObject({
      name: 'Name is required',
      btuTier: 'Write the BTU tier in thousands, such as 12-14k or 10k',
      hoseType: 'Choose single or dual hose',
      weeklyPrice: 'Weekly price must be at least $1.00',
    });
    const missing = await create({});
    expect(missing.json().fieldErrors).toMatchObject({
      name: 'Name is required',
      btuTier: 'BTU tier is required',
      weeklyPrice: 'Weekly price is required',
    });
  });

  it('refuses a monthly price other than the rate in the rental agreement', async () => {
    const input = newModel({ monthlyPrice: 4500 });
    const response = await create(input);
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors.monthlyPrice).toBe(
      'Every unit rents at $39.00/month, the rate in the rental agreement and what checkout charges',
    );
    expect(await t.db.select().from(unitModels).where(eq(unitModels.name, input.name))).toHaveLength(0);
    expect((await create({ ...input, monthlyPrice: 3900 })).statusCode).toBe(201);
  });

  it('refuses a name another model has, whatever its case', async () => {
    const first = newModel();
    expect((await create(first)).statusCode).toBe(201);
    const response = await create(newModel({ name: first.name.toUpperCase() }));
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors.name).toBe(`A unit model named "${first.name.toUpperCase()}" already exists`);
  });
});

describe('PATCH /api/admin/unit-models/:id', () => {
  it('edits the weekly price and text, recording each change; the catalog shows them', async () => {
    const model = (await create(newModel())).json();
    const response = await update(model.id, {
      weeklyPrice: 1990,
      description: '',
      recommendedRoomSize: 'Rooms up to 450 sq ft',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      weeklyPrice: 1990,
      description: null,
      recommendedRoomSize: 'Rooms up to 450 sq ft',
      name: model.name,
    });
    expect(await catalog()).toContainEqual(expect.objectContaining({ id: model.id, weeklyPrice: 1990 }));
    const [audit] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, model.id), eq(auditEvents.action, 'unit_model.updated')));
    expect(audit!.details).toEqual({
      weeklyPrice: { from: 1750, to: 1990 },
      description: { from: 'Low-noise single-hose unit for bedrooms.', to: null },
      recommendedRoomSize: { from: 'Rooms up to 400 sq ft', to: 'Rooms up to 450 sq ft' },
    });
  });

  it('deactivates a model: it leaves the catalog, has no stock to offer and keeps its units', async () => {
    const model = (await create(newModel())).json();
    const unit = await createUnit(t.db, { modelId: model.id });
    expect((await t.app.inject({ url: `/api/inventory/${model.id}` })).json()).toEqual({ available: 1, held: 0 });

    const response = await update(model.id, { active: false });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ active: false, unitCount: 1 });
    expect((await catalog()).map((m) => m.id)).not.toContain(model.id);
    expect((await t.app.inject({ url: `/api/inventory/${model.id}` })).json()).toEqual({ available: 0, held: 0 });
    const units = (await admin.request({ url: `/api/admin/units?modelId=${model.id}` })).json();
    expect(units.items.map((u: { id: string; status: string }) => [u.id, u.status])).toEqual([[unit.id, 'available']]);
    const all = (await admin.request({ url: '/api/admin/unit-models' })).json() as Array<{ id: string }>;
    expect(all).toContainEqual(expect.objectContaining({ id: model.id, active: false }));

    expect((await update(model.id, { active: true })).statusCode).toBe(200);
    expect((await catalog()).map((m) => m.id)).toContain(model.id);
  });

  it('refuses an empty change, a name in use, and an unknown model', async () => {
    const model = (await create(newModel())).json();
    const other = (await create(newModel())).json();
    expect((await update(model.id, {})).statusCode).toBe(400);
    const taken = await update(model.id, { name: other.name });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().fieldErrors.name).toBe(`A unit model named "${other.name}" already exists`);
    // Its own name, in another case, is not "taken".
    expect((await update(model.id, { name: model.name.toLowerCase() })).statusCode).toBe(200);
    expect((await update(randomUUID(), { active: false })).statusCode).toBe(404);
  });
});

describe('DELETE /api/admin/unit-models/:id', () => {
  it('deletes a model nothing refers to', async () => {
    const model = (await create(newModel())).json();
    expect((await remove(model.id)).statusCode).toBe(204);
    expect(await t.db.select().from(unitModels).where(eq(unitModels.id, model.id))).toHaveLength(0);
    expect((await remove(model.id)).statusCode).toBe(404);
  });

  it('refuses a model with orders, offering deactivation, and one with units', async () => {
    const withOrder = await createUnitModel(t.db, { name: 'Ordered model' });
    const customer = await createCustomer(t.db);
    await createOrder(t.db, { customerId: customer.id, modelId: withOrder.id, status: 'cancelled' });
    const ordered = await remove(withOrder.id);
    expect(ordered.statusCode).toBe(409);
    expect(ordered.json().message).toBe(
      'Ordered model has 1 order, which keep their unit model, so it cannot be deleted. Deactivate it instead: ' +
        'it leaves the catalog and keeps its history.',
    );

    await update(withOrder.id, { active: false });
    expect((await remove(withOrder.id)).json().message).toBe(
      'Ordered model has 1 order, which keep their unit model, so it cannot be deleted. It is already out of the ' +
        'catalog.',
    );

    const withUnits = await createUnitModel(t.db, { name: 'Stocked model' });
    await createUnit(t.db, { modelId: withUnits.id });
    await createUnit(t.db, { modelId: withUnits.id, status: 'retired' });
    const stocked = await remove(withUnits.id);
    expect(stocked.statusCode).toBe(409);
    expect(stocked.json().message).toBe(
      'Stocked model still has 2 units in the inventory. Delete those units first, or deactivate the model to take ' +
        'it out of the catalog.',
    );
    expect(await t.db.select().from(unitModels).where(eq(unitModels.id, withUnits.id))).toHaveLength(1);
  });
});

describe('the last unit model', () => {
  it('cannot be deleted, so a start never brings the reference models back beside an empty catalog', async () => {
    const alone = await createTestApp();
    try {
      const owner = await signInAdmin(alone);
      const model = await createUnitModel(alone.db, { name: 'Only model' });
      const response = await owner.request({ method: 'DELETE', url: `/api/admin/unit-models/${model.id}` });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(
        'Only model is the only unit model. Add the model that replaces it first, or deactivate this one.',
      );
    } finally {
      await alone.close();
    }
  });
});
