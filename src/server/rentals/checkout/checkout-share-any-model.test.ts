import { eq } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { unitModels } from '@/server/platform/db/schema';
import { registration, REST_OF_FLEET, startCheckoutTestApp } from '@tests/support/checkout-fixtures';

// One file, one fleet: REST_OF_FLEET units of the one model startCheckoutTestApp stocks, and nothing else, so a
// checkout of any model picks that model's units.
const { t, createSession } = await startCheckoutTestApp();
afterAll(() => t.close());
const [model] = await t.db.select().from(unitModels).where(eq(unitModels.name, 'Rest of the fleet'));

const buyer = (n: number, modelId?: string) =>
  createSession(
    registration({ email: `anymodel${n}@example.net`, address: `${n + 1} Any Model Way`, ...(modelId && { modelId }) }),
    `198.51.100.${n + 1}`,
  );

it('a checkout of any model spends the budget of the model it picks: the share holds across both kinds', async () => {
  const share = REST_OF_FLEET / 2;
  // A checkout of the model counts exactly and leaves a budget for the rest of the share.
  expect((await buyer(0, model!.id)).statusCode).toBe(200);
  // Checkouts of any model take the rest of the share from the same units.
  const anyModel = [];
  for (let n = 1; n < share; n += 1) anyModel.push((await buyer(n)).statusCode);
  expect(anyModel.every((status) => status === 200)).toBe(true);
  // The share is taken: neither kind gets another hold, though the first count left a budget of share − 1.
  expect((await buyer(share, model!.id)).statusCode).toBe(429);
  expect((await buyer(share + 1)).statusCode).toBe(429);
});
