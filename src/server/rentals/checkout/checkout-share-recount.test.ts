import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { unpaidShareBudgets } from '@/server/platform/db/schema';
import { registration, startCheckoutTestApp } from '@tests/support/checkout-fixtures';
import { aSharedTurnWaits } from '@tests/support/advisory-turns';

/**
 * A checkout spends its model's budget of unpaid holds by a ticket, then waits for its turn (the model's lock,
 * shared) while a count or a change of stock holds it alone (migration 0034). Stock that left meanwhile spends the
 * budget under it: the checkout must not hold on the old count, nor wait for the lock alone while it holds it
 * shared; its statement is undone and it starts again, and counts. Only PostgreSQL has a second session to hold
 * the lock with.
 */
const { t, createSession, modelWithUnits } = await startCheckoutTestApp();
afterAll(() => t.close());

const budgetOf = async (modelId: string) =>
  (
    await t.db
      .select()
      .from(unpaidShareBudgets)
      .where(sql`${unpaidShareBudgets.modelKey} like ${`${modelId} %`}`)
  )[0];

describe.runIf(t.database.kind === 'postgres')('a checkout whose budget is spent while it waits its turn', () => {
  it('starts again and counts exactly: the customer gets the page, not an error', async () => {
    const model = await modelWithUnits(10);
    const [first, second] = [0, 1].map((i) =>
      registration({ modelId: model.id, email: `recount${i}@example.net`, address: `${i + 1} Recount Way` }),
    );
    expect((await createSession(first!, '198.51.100.201')).statusCode).toBe(200);
    const counted = (await budgetOf(model.id))!;
    expect(counted.lastTicket - counted.firstTicket).toBe(4);

    // Another session takes the model's lock alone and spends the budget, as stock leaving does, not yet committed.
    const other = new pg.Client({ connectionString: t.url });
    await other.connect();
    try {
      await other.query('begin');
      await other.query('select pg_advisory_xact_lock(7, hashtext($1))', [counted.modelKey]);
      await other.query('select unpaid_share_budgets_reset(null)');
      const answer = createSession(second!, '198.51.100.202');
      // The checkout saw the budget as it was (the spending is not committed) and waits for its turn.
      await aSharedTurnWaits(other, 7);
      await other.query('commit');
      expect((await answer).statusCode).toBe(200);
    } finally {
      await other.end();
    }
    // It counted: a new range of tickets, with room for 3 more (2 unpaid holds of floor(10 × 0.5) = 5).
    const recounted = (await budgetOf(model.id))!;
    expect(recounted.firstTicket).toBeGreaterThan(counted.lastTicket);
    expect(recounted.lastTicket - recounted.firstTicket).toBe(3);
  });
});
