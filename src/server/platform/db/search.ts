import { sql, type SQL, type AnyColumn } from 'drizzle-orm';

/** `%term%` for LIKE with the term's own %, _ and \ taken literally. */
export function containsPattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * `lower(column) like lower(pattern)`: written exactly like the trigram GIN indexes on lower(...) so the planner
 * can use them (customers name/e-mail, orders order_number).
 */
export function lowerContains(column: AnyColumn, term: string): SQL {
  return sql`lower(${column}) like lower(${containsPattern(term)})`;
}
