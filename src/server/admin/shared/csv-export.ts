import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { asc, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { todayInLosAngeles } from '@/contracts/dates';
import { inCallersLane } from '@/server/platform/db/lanes';
import { CSV_BOM, csvRow, type CsvValue } from './csv';

/**
 * Streaming an admin list as CSV (ADR 020): the rows are read in batches by keyset — "the next N after the last
 * row sent", walking the list's own index in the list's order — never as one giant query held in memory, nor by
 * offset (which re-reads everything before the page, so a large export would be quadratic). Each batch is written
 * when the client has taken the one before (a Readable pulls the generator), so memory stays one batch deep.
 */

/**
 * Rows a batch reads: at 250k orders a batch of 200 is a few milliseconds of database time and of CSV writing, so
 * a customer's request arriving meanwhile waits behind one short query, never behind the export (ADR 038).
 */
export const EXPORT_BATCH_SIZE = 200;

/**
 * Lets every request that arrived meanwhile run before the next batch is asked for: an export pulled by a fast
 * client would otherwise chain its batches (query, then CSV, then query) ahead of them. After a batch that took
 * `busyMs` (its query and CSV), the export rests as long (at most 50 ms): it takes at most half of a core of the
 * database and of the server however fast the client reads, so customers keep the rest (ADR 038).
 */
export const yieldToOtherRequests = (busyMs = 0) =>
  new Promise<void>((resolve) => (busyMs >= 1 ? setTimeout(resolve, Math.min(busyMs, 50)) : setImmediate(resolve)));

/**
 * The export's order: a sort column, then the row's id to break ties. The cursor carries the sort value as the
 * database's own text (`::text`): a JavaScript Date keeps milliseconds where a timestamp has microseconds, and a
 * rounded cursor would skip or repeat rows.
 */
export interface Keyset {
  sort: AnyColumn;
  id: AnyColumn;
  direction: 'asc' | 'desc';
}

export interface Cursor {
  sort: string;
  id: string;
}

/** The columns a batch selects for its cursor, spread into the batch's select. */
export const cursorColumns = (keyset: Keyset) => ({
  cursorSort: sql<string>`${keyset.sort}::text`,
  cursorId: sql<string>`${keyset.id}::text`,
});

/** Rows after the cursor, in the keyset's order (a row comparison, which a btree index on the sort column serves). */
export function afterCursor(keyset: Keyset, cursor: Cursor | null): SQL | undefined {
  if (!cursor) return undefined;
  const comparison = keyset.direction === 'asc' ? sql.raw('>') : sql.raw('<');
  // The cursor's text is cast back to the columns' own types (timestamp with time zone, date, uuid...): exact.
  const typed = (value: string, column: AnyColumn) => sql`cast(${value} as ${sql.raw(column.getSQLType())})`;
  return sql`(${keyset.sort}, ${keyset.id}) ${comparison} (${typed(cursor.sort, keyset.sort)}, ${typed(cursor.id, keyset.id)})`;
}

export const keysetOrder = (keyset: Keyset) => {
  const direction = keyset.direction === 'asc' ? asc : desc;
  return [direction(keyset.sort), direction(keyset.id)];
};

type CursorRow = { cursorSort: string; cursorId: string };

export interface CsvExport<Row extends CursorRow> {
  /** The file's base name: "orders" becomes orders-2026-11-24.csv. */
  name: string;
  /** The next batch after `cursor` (the first when null), at most `limit` rows, in the keyset's order. */
  batch(cursor: Cursor | null, limit: number): Promise<Row[]>;
  /** Each column's heading with its value, side by side, so a heading cannot drift from the value it names. */
  columns: ReadonlyArray<readonly [heading: string, value: (row: Row) => CsvValue]>;
}

/** Declares an export, its row type inferred from `batch` (which selects cursorColumns). */
export const csvExport = <Row extends CursorRow>(file: CsvExport<Row>): CsvExport<Row> => file;

/**
 * The file as chunks: the byte-order mark and header, then one chunk per batch until a batch comes back short. Each
 * batch waits for the event loop's next turn, and rests as long as the batch before took (`pause`), so other
 * requests go first.
 */
export async function* csvChunks<Row extends CursorRow>(
  file: CsvExport<Row>,
  batchSize = EXPORT_BATCH_SIZE,
  pause: (busyMs: number) => Promise<void> = yieldToOtherRequests,
): AsyncGenerator<string> {
  yield CSV_BOM + csvRow(file.columns.map(([heading]) => heading));
  let cursor: Cursor | null = null;
  let busyMs = 0;
  for (;;) {
    await pause(busyMs);
    const started = performance.now();
    const rows = await file.batch(cursor, batchSize);
    const chunk = rows.map((row) => csvRow(file.columns.map(([, value]) => value(row)))).join('');
    busyMs = performance.now() - started;
    if (rows.length > 0) yield chunk;
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    cursor = { sort: last.cursorSort, id: last.cursorId };
  }
}

/** An export route's 200, as the API reference shows it: a CSV file. */
export const csvResponse = {
  description: 'A CSV file (UTF-8 with a byte-order mark, RFC 4180), downloaded as an attachment',
  content: { 'text/csv': { schema: z.string() } },
};

/**
 * Sends the export as a download named for the day (the app clock's, in Los Angeles). The query was validated
 * before this runs, so bad input is a 400 and never a half-written file; a database failure mid-way ends the
 * response early (the browser reports a failed download rather than a short file passed off as whole). The batches
 * stay the owner's work (ADR 042), though the socket's callbacks are what pull them.
 */
export function sendCsv<Row extends CursorRow>(
  reply: FastifyReply,
  file: CsvExport<Row>,
  now: Date,
  batchSize = EXPORT_BATCH_SIZE,
): FastifyReply {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.name}-${todayInLosAngeles(now)}.csv"`)
    .header('cache-control', 'private, no-store')
    .send(Readable.from(csvChunks({ ...file, batch: inCallersLane(file.batch) }, batchSize)));
}
