/**
 * What the server's thread and the embedded database's worker thread say to each other (pglite-thread.ts, its
 * worker pglite-worker.ts; ADR 041). Every request carries an id its answer repeats; notifications carry none.
 */

/** What the worker is started with. */
export interface WorkerStart {
  /** PGlite's data directory; none: in memory. */
  dataDir: string | undefined;
  /** A data-dir tarball to start from (a restore, a test's migrated template). */
  loadDataDir: ArrayBuffer | undefined;
}

export type Request =
  /** `textTypes`: type ids whose values come back as PostgreSQL wrote them (drizzle keeps dates as text). */
  | {
      id: number;
      op: 'query';
      text: string;
      params: unknown[];
      rowMode: 'array' | 'object' | undefined;
      textTypes: number[];
      tx: number | undefined;
    }
  | { id: number; op: 'exec'; text: string; tx: number | undefined }
  /** Opens a transaction; answered with its number once it holds the session. */
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'listen'; channel: string }
  | { id: number; op: 'unlisten'; channel: string }
  | { id: number; op: 'dump' }
  | { id: number; op: 'close' };

/** An error as it crosses the thread: its message and PostgreSQL's fields (code, constraint, detail...). */
export interface ErrorFields {
  name: string;
  message: string;
  stack: string | undefined;
  fields: Record<string, string | number | boolean>;
}

export type Answer =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: ErrorFields }
  | { op: 'notify'; channel: string; payload: string }
  | { op: 'ready' }
  | { op: 'failed'; error: ErrorFields };

/** Own fields of an error that survive the crossing (strings, numbers, booleans); the rest stays behind. */
export function errorFields(error: unknown): ErrorFields {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), stack: undefined, fields: {} };
  const fields: ErrorFields['fields'] = {};
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') fields[key] = value;
  }
  return { name: error.name, message: error.message, stack: error.stack, fields };
}
