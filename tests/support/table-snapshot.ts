import { sql } from 'drizzle-orm';
import { queryRows } from '@/server/platform/db/sql';
import type { Db } from '@/server/platform/db/client';

/**
 * Tables whose rows change on a refused request by design: rate-limit counters and the sign-in back-off count
 * attempts, failed ones too; checkout_refusals counts the checkouts turned away (unmet demand, issue 30).
 * Everything else must be exactly as it was after a 4xx.
 */
const COUNTS_ATTEMPTS = new Set(['rate_limit_buckets', 'sign_in_throttles', 'checkout_refusals']);
/** Columns stamped by activity, not by the request's content (an admin session's last-seen time, once a minute). */
const ACTIVITY_COLUMNS: Record<string, string[]> = { admin_sessions: ['last_seen_at'] };

/** Every table of the schema, found in the catalogue so a table added later is compared too. */
async function tableNames(db: Db): Promise<string[]> {
  const rows = await queryRows<{ table_name: string }>(
    db,
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return rows.map((row) => row.table_name).filter((name) => !COUNTS_ATTEMPTS.has(name));
}

let cachedTables: string[] | null = null;

/**
 * A cheap picture of the whole database in one query: each table's row count and the sum of a hash of each row
 * (its jsonb text). Two equal snapshots mean no row was added, removed or changed; a sum needs no sort, so the
 * picture costs one scan per table.
 */
export async function snapshotTables(db: Db): Promise<Record<string, string>> {
  cachedTables ??= await tableNames(db);
  const parts = cachedTables.map((table) => {
    const row = ACTIVITY_COLUMNS[table]
      ? sql`(to_jsonb(t) - ${sql.raw(`'{${ACTIVITY_COLUMNS[table].join(',')}}'::text[]`)})::text`
      : sql`t::text`;
    return sql`select ${table} as name, count(*)::text || ':' || coalesce(sum(hashtext(${row})::bigint), 0)::text as digest from ${sql.identifier(table)} t`;
  });
  const rows = await queryRows<{ name: string; digest: string }>(db, sql.join(parts, sql` union all `));
  return Object.fromEntries(rows.map((row) => [row.name, row.digest]));
}
