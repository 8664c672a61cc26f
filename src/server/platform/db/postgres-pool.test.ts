import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@tests/support/test-app';
import { customers } from './schema';
import { isRaise, isUniqueViolation } from './errors';

/**
 * A statement the server refuses keeps its connection (postgres-pool.ts): pg-pool closed it, so each refusal raised
 * on purpose cost the next statement a new backend. Only PostgreSQL has connections to keep.
 */
const t = await createTestDatabase();
afterAll(() => t.close());

const backend = async () => {
  const result = (await t.db.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: [{ pid: number }] };
  return Number(result.rows[0].pid);
};

describe.runIf(t.database.kind === 'postgres')('the PostgreSQL pool', () => {
  it('keeps the connection of a statement refused by a raise or a unique violation, and stays usable', async () => {
    const before = await backend();
    const raised = await t.db.execute(sql`do $$ begin raise exception 'delivery_window_full'; end $$`).catch((e) => e);
    expect(isRaise(raised, 'delivery_window_full')).toBe(true);
    await t.db.insert(customers).values({ email: 'kept@example.net', name: 'Kept' });
    const duplicate = await t.db
      .insert(customers)
      .values({ email: 'kept@example.net', name: 'Kept again' })
      .catch((e: unknown) => e);
    expect(isUniqueViolation(duplicate)).toBe(true);

    expect(await backend()).toBe(before);
    expect(t.database.connections?.()).toMatchObject({ total: 1, idle: 1 });
    expect(await t.db.$count(customers, sql`email = 'kept@example.net'`)).toBe(1);
  });

  it('still closes a connection the server ended', async () => {
    const before = await backend();
    const ended = await t.db.execute(sql`select pg_terminate_backend(pg_backend_pid())`).catch((e) => e);
    expect(ended).toBeInstanceOf(Error);
    const after = await backend();
    expect(after).not.toBe(before);
    expect(t.database.connections?.()).toMatchObject({ total: 1 });
  });
});
