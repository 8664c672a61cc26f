import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createUnit, createUnitModel, createOrder, createCustomer } from '@/server/platform/db/factories';
import { unitModelCatalog } from '@/server/platform/db/unit-model-catalog';
import { createTestApp } from '@tests/support/test-app';

const t = await createTestApp();
afterAll(async () => t.close());

describe('GET /api/unit-models', () => {
  it('lists models in the catalog shape with prices in cents', async () => {
    const model = await createUnitModel(t.db, unitModelCatalog.small);
    const response = await t.app.inject({ method: 'GET', url: '/api/unit-models' });
    expect(response.statusCode).toBe(200);
    const body = response.json() as Array<Record<string, unknown>>;
    // The reference model's fields as they were stored, and no photo yet.
    expect(body).toContainEqual({ id: model.id, ...unitModelCatalog.small, photoUrl: null });
  });
});

describe('an inactive unit model', () => {
  it('leaves the catalog and offers no stock, while its units stay in the fleet', async () => {
    const model = await createUnitModel(t.db, { name: 'Retired line', active: false });
    await createUnit(t.db, { modelId: model.id });
    const listed = (await t.app.inject({ method: 'GET', url: '/api/unit-models' })).json() as Array<{ id: string }>;
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.map((m) => m.id)).not.toContain(model.id);

    const stock = await t.app.inject({ method: 'GET', url: `/api/inventory/${model.id}` });
    expect(stock.statusCode).toBe(200);
    expect(stock.json()).toEqual({ available: 0, held: 0 });
  });
});

describe('GET /api/inventory/:modelId', () => {
  it('counts only available units of at least 10,000 BTU that no live checkout holds', async () => {
    const model = await createUnitModel(t.db);
    const other = await createUnitModel(t.db);
    const customer = await createCustomer(t.db);
    const order = await createOrder(t.db, { customerId: customer.id, modelId: model.id });
    const inAnHour = new Date(Date.now() + 3_600_000);
    const anHourAgo = new Date(Date.now() - 3_600_000);

    await createUnit(t.db, { modelId: model.id }); // available
    await createUnit(t.db, { modelId: model.id, heldByOrderId: order.id, heldUntil: anHourAgo }); // hold expired
    await createUnit(t.db, { modelId: model.id, heldByOrderId: order.id, heldUntil: inAnHour }); // held
    for (const status of ['rented', 'maintenance', 'damaged', 'retired']) {
      await createUnit(t.db, { modelId: model.id, status });
    }
    await createUnit(t.db, { modelId: other.id }); // another model's
    await createUnit(t.db, { modelId: model.id, btu: 8_000 }); // below the 10,000 BTU rental minimum

    const response = await t.app.inject({ method: 'GET', url: `/api/inventory/${model.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ available: 2, held: 1 });
  });

  it('answers 400 with a message for a malformed id', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/inventory/not-a-uuid' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Invalid unit model id' });
  });

  it('answers 404 for an unknown model', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/inventory/${randomUUID()}` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Unit model not found' });
  });
});
