import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@/server/app';
import { openPostgres, type Database } from '@/server/platform/db/client';
import { createAppDeps } from '@/server/deps';
import { registration, startCheckoutTestApp, type CheckoutTestApp } from '@tests/support/checkout-fixtures';

/**
 * Two instances on one PostgreSQL (ADR 024): a checkout on one shows in the other's catalog within a second,
 * through the units trigger's NOTIFY. PostgreSQL only: PGlite is one process's database.
 */
describe.skipIf(process.env.TEST_DB !== 'postgres')('two app instances on one PostgreSQL', () => {
  let first: CheckoutTestApp;
  let other: FastifyInstance;
  let otherDatabase: Database;
  beforeAll(async () => {
    first = await startCheckoutTestApp();
    otherDatabase = openPostgres(first.t.url!, 4);
    other = await buildApp({ deps: createAppDeps(first.t.config, otherDatabase), logger: false });
    await other.ready();
  });
  afterAll(async () => {
    await other?.close();
    await otherDatabase?.close();
    await first?.t.close();
  });

  const stockOn = async (modelId: string) => (await other.inject({ url: `/api/inventory/${modelId}` })).json();

  it("a checkout's hold on one shows in the other's stock within 1 s", async () => {
    const { createSession, modelWithUnits } = first;
    const model = await modelWithUnits(3);
    // The other instance has the catalog in memory before the checkout.
    expect(await stockOn(model.id)).toEqual({ available: 3, held: 0 });
    expect(await stockOn(model.id)).toEqual({ available: 3, held: 0 });

    const started = await createSession(registration({ modelId: model.id }));
    expect(started.statusCode).toBe(200);
    const committedAt = Date.now();
    let seen = await stockOn(model.id);
    while (seen.available === 3 && Date.now() - committedAt < 1000) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      seen = await stockOn(model.id);
    }
    expect(seen).toEqual({ available: 2, held: 1 });
    expect(Date.now() - committedAt).toBeLessThan(1000);
  });
});
