import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@tests/support/test-app';
import { queryRows } from './sql';
import { maintainEmbeddedDatabase } from './upkeep';

const test = await createTestDatabase();
afterAll(() => test.close());
const { db, database } = test;

async function activity(table: string) {
  await db.execute(sql`select pg_stat_force_next_flush()`);
  await db.execute(sql`select 1`);
  const [row] = await queryRows<{ dead: string; changed: string; analyzed: Date | null; vacuumed: Date | null }>(
    db,
    sql`select n_dead_tup as dead, n_mod_since_analyze as changed, last_analyze as analyzed, last_vacuum as vacuumed
      from pg_stat_user_tables where relname = ${table}`,
  );
  if (!row) throw new Error(`no statistics for ${table}`);
  return { ...row, dead: Number(row.dead), changed: Number(row.changed) };
}

describe.runIf(database.kind === 'pglite')('the embedded database’s autovacuum', () => {
  it('vacuums a table full of dead rows, analyzes one that changed, and leaves quiet ones alone', async () => {
    await db.execute(sql`create table upkeep_churn (id int primary key, n int not null)`);
    await db.execute(sql`create table upkeep_growth (id int primary key)`);
    await db.execute(sql`create table upkeep_quiet (id int primary key)`);
    await db.execute(sql`insert into upkeep_quiet select g from generate_series(1, 1000) g`);
    await activity('upkeep_quiet'); // its inserts counted before it is analyzed, as the server's start does
    await db.execute(sql`analyze upkeep_quiet`);
    await db.execute(sql`insert into upkeep_churn select g, 0 from generate_series(1, 1000) g`);
    for (let round = 0; round < 3; round += 1) await db.execute(sql`update upkeep_churn set n = n + 1`);
    await db.execute(sql`insert into upkeep_growth select g from generate_series(1, 500) g`);
    await db.execute(sql`insert into upkeep_quiet values (1001)`);

    expect((await activity('upkeep_churn')).dead).toBeGreaterThan(1000);
    const report = await maintainEmbeddedDatabase(database);

    expect(report.vacuumed).toContain('upkeep_churn');
    expect(report.analyzed).toContain('upkeep_growth');
    expect([...report.vacuumed, ...report.analyzed]).not.toContain('upkeep_quiet');
    const churn = await activity('upkeep_churn');
    expect(churn).toMatchObject({ dead: 0, changed: 0 });
    expect(churn.vacuumed).not.toBeNull();
    expect((await activity('upkeep_growth')).changed).toBe(0);
    // The planner sees the table's size now, not the guess it made with no statistics.
    const plan = await queryRows<{ 'QUERY PLAN': string }>(db, sql`explain select * from upkeep_growth`);
    expect(plan[0]!['QUERY PLAN']).toMatch(/rows=500\b/);

    // Nothing changed since: nothing to do, and the data is all there.
    expect(await maintainEmbeddedDatabase(database)).toEqual({ vacuumed: [], analyzed: [] });
    const [sum] = await queryRows<{ total: string }>(db, sql`select sum(n) as total from upkeep_churn`);
    expect(Number(sum!.total)).toBe(3000);
  });
});

describe.runIf(database.kind === 'postgres')('on PostgreSQL', () => {
  it('leaves the work to PostgreSQL’s own autovacuum', async () => {
    expect(await maintainEmbeddedDatabase(database)).toEqual({ vacuumed: [], analyzed: [] });
  });
});
