import { sql } from 'drizzle-orm';
import type { Database } from './client';

/**
 * PostgreSQL's autovacuum thresholds (its defaults): a table is vacuumed once its dead rows pass 50 + 20% of its
 * live ones, and analyzed once the rows changed since its last ANALYZE pass 50 + 10%.
 */
const VACUUM_THRESHOLD = 50;
const VACUUM_SCALE = 0.2;
const ANALYZE_THRESHOLD = 50;
const ANALYZE_SCALE = 0.1;

export interface UpkeepReport {
  vacuumed: string[];
  analyzed: string[];
}

interface TableActivity {
  name: string;
  live: number;
  dead: number;
  changed: number;
}

/**
 * The embedded database's autovacuum. PGlite runs PostgreSQL single-user, with no autovacuum worker: without this,
 * updated and deleted rows (holds, sessions, rate-limit windows, the outbox) are never reclaimed, and the planner's
 * statistics stay those of the last start (prepare-database.ts) while the tables grow for months. Each table past
 * autovacuum's own thresholds is vacuumed (with ANALYZE) or analyzed, one at a time; the others are left alone.
 * PGlite's one session waits behind each, so only the tables that need it are touched, and a small business's
 * tables take milliseconds. PostgreSQL does this itself: there this does nothing.
 */
export async function maintainEmbeddedDatabase(database: Database): Promise<UpkeepReport> {
  const report: UpkeepReport = { vacuumed: [], analyzed: [] };
  if (database.kind !== 'pglite') return report;
  const { db } = database;
  // A single-user backend reports its counters only when asked to: without this they read 0.
  await db.execute(sql`select pg_stat_force_next_flush()`);
  await db.execute(sql`select 1`);
  const result = (await db.execute(sql`
    select relname as name, n_live_tup as live, n_dead_tup as dead, n_mod_since_analyze as changed
    from pg_stat_user_tables where schemaname = 'public' order by relname`)) as unknown as {
    rows: { name: string; live: string; dead: string; changed: string }[];
  };
  const tables: TableActivity[] = result.rows.map((row) => ({
    name: row.name,
    live: Number(row.live),
    dead: Number(row.dead),
    changed: Number(row.changed),
  }));
  for (const table of tables) {
    const name = sql.identifier(table.name);
    if (table.dead > VACUUM_THRESHOLD + VACUUM_SCALE * table.live) {
      await db.execute(sql`vacuum (analyze) ${name}`);
      report.vacuumed.push(table.name);
    } else if (table.changed > ANALYZE_THRESHOLD + ANALYZE_SCALE * table.live) {
      await db.execute(sql`analyze ${name}`);
      report.analyzed.push(table.name);
    }
  }
  return report;
}
