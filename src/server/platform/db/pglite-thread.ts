import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import { pgliteDatabase, type Database, type PgliteClient } from './client';
import { embeddedDatabaseDir } from './data-dir';
import { isOwnerWork } from './lanes';
import { ownerGate } from './owner-gate';
import type { Answer, ErrorFields, Request, WorkerStart } from './pglite-thread-messages';

/** Requests without their id (the client numbers them). */
type Ask = Request extends infer R ? (R extends Request ? Omit<R, 'id'> : never) : never;

/**
 * The worker: its source beside this module when running from source (through tsx's loader), or, in a build
 * (scripts/build-server.mjs, bench/support.ts), `pglite-worker.js` in the bundle's folder, the one above it (this
 * module may sit in a shared chunk) or dist/server (an operator command in dist/scripts).
 */
function workerScript(): { script: string; eval: boolean } {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.ts')) {
    // A worker does not inherit the loader its parent was started with: it registers tsx's itself.
    const source = pathToFileURL(path.join(path.dirname(here), 'pglite-worker.ts')).href;
    const script = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source)}); })`;
    return { script, eval: true };
  }
  const above = path.dirname(path.dirname(here));
  for (const folder of [path.dirname(here), above, path.join(above, 'server')]) {
    const file = path.join(folder, 'pglite-worker.js');
    if (existsSync(file)) return { script: file, eval: false };
  }
  throw new Error(`pglite-worker.js is missing beside ${here}: build the server again (npm run build)`);
}

/** An error thrown in the worker, as this thread's code reads it (message, PostgreSQL's code, constraint...). */
function errorFrom({ name, message, stack, fields }: ErrorFields): Error {
  const error = Object.assign(new Error(message), fields);
  error.name = name;
  if (stack) error.stack = stack;
  return error;
}

/** The type ids of the parsers drizzle passes: each keeps its type as text (drizzle-orm/pglite's session). */
const textTypes = (options: QueryOptions | undefined) => Object.keys(options?.parsers ?? {}).map(Number);

/**
 * PGlite in a worker thread of its own (ADR 041), as a Database (client.ts's pgliteDatabase, as for PGlite on this
 * thread): drizzle's PGlite driver over a client that sends each statement to the worker (pglite-worker.ts) and
 * awaits its rows. The worker runs requests in the order they
 * come, a transaction's statements inside PGlite's transaction lock as before, so what the services see does not
 * change; what changes is that a long statement (an export's batch, the dashboard's figures at 250k orders) runs
 * beside the server's event loop instead of stopping it. `onStatement` counts statements (bench/serve.ts);
 * `onStopped` hears of a worker that stopped other than by `close` (every statement fails from then on).
 */
export async function openPgliteThread(
  options: { dataDir?: string; loadDataDir?: Blob; onStatement?: () => void; onStopped?: (error: Error) => void } = {},
): Promise<Database> {
  const { script, eval: isSource } = workerScript();
  const loadDataDir = options.loadDataDir ? await options.loadDataDir.arrayBuffer() : undefined;
  const start: WorkerStart = {
    dataDir: options.dataDir ? embeddedDatabaseDir(options.dataDir) : undefined,
    loadDataDir,
  };
  const worker = new Worker(script, {
    eval: isSource,
    workerData: start,
    transferList: loadDataDir ? [loadDataDir] : [],
  });
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  const listeners = new Map<string, Set<(payload: string) => void>>();
  let nextId = 0;
  let stopped: Error | null = null;
  let started = false;
  /** Set by `close`: new statements are refused; an open transaction's still run, so that it can end. */
  let closing: Error | null = null;
  /** The owner's statements and transactions enter the worker through this (lanes.ts, ADR 042). */
  const gate = ownerGate(() => pending.size === 0);

  const ready = new Promise<void>((resolve, reject) => {
    worker.on('message', (answer: Answer) => {
      if ('id' in answer) {
        const waiting = pending.get(answer.id);
        pending.delete(answer.id);
        if (answer.ok) waiting?.resolve(answer.result);
        else waiting?.reject(errorFrom(answer.error));
        gate.poke();
      } else if (answer.op === 'notify') {
        for (const listener of listeners.get(answer.channel) ?? []) listener(answer.payload);
      } else if (answer.op === 'ready') resolve();
      else reject(errorFrom(answer.error));
    });
    // The thread ended: whatever still waits for it fails (with "closed" after `close`, which sets `stopped` first).
    const stop = (error: Error) => {
      const unexpected = stopped === null;
      stopped ??= error;
      reject(stopped);
      for (const waiting of pending.values()) waiting.reject(stopped);
      pending.clear();
      if (unexpected && started) options.onStopped?.(error);
    };
    worker.on('error', (error) => stop(new Error(`the embedded database stopped: ${error.message}`)));
    worker.on('exit', (code) => stop(new Error(`the embedded database stopped (its thread exited with ${code})`)));
  });
  await ready.catch(async (error: unknown) => {
    await worker.terminate();
    throw error;
  });
  started = true;

  const ask = <T>(request: Ask, transfer: ArrayBuffer[] = []): Promise<T> => {
    if (stopped) return Promise.reject(stopped);
    if (closing && !('tx' in request && request.tx !== undefined)) return Promise.reject(closing);
    const id = (nextId += 1);
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...request, id }, transfer);
    });
  };

  /** A statement: the owner's through the gate, unless inside a transaction (which went through it whole). */
  const statement = <T>(request: Ask): Promise<T> => {
    options.onStatement?.();
    const outside = !('tx' in request) || request.tx === undefined;
    return outside && isOwnerWork() ? gate.run(() => ask<T>(request)) : ask<T>(request);
  };
  /** What drizzle's PGlite driver calls: query and transaction (nested ones are savepoints, run as queries). */
  const statements = (tx: number | undefined) => ({
    query: <T>(text: string, params: unknown[] = [], queryOptions?: QueryOptions) =>
      statement<Results<T>>({
        op: 'query',
        text,
        params,
        rowMode: queryOptions?.rowMode,
        textTypes: textTypes(queryOptions),
        tx,
      }),
    exec: (text: string) => statement<Results[]>({ op: 'exec', text, tx }),
  });
  const transaction = async <T>(callback: (tx: ReturnType<typeof statements>) => Promise<T>): Promise<T> => {
    const tx = await ask<number>({ op: 'begin' });
    let result: T;
    try {
      result = await callback(statements(tx));
    } catch (error) {
      await ask({ op: 'end', tx, commit: false }).catch(() => {});
      throw error;
    }
    await ask({ op: 'end', tx, commit: true });
    return result;
  };
  const isClosed = () => stopped !== null || closing !== null;
  /** PGlite's API as pgliteDatabase uses it, each call a request to the worker. */
  const client = {
    ...statements(undefined),
    transaction: <T>(callback: (tx: ReturnType<typeof statements>) => Promise<T>): Promise<T> =>
      isOwnerWork() ? gate.run(() => transaction(callback)) : transaction(callback),
    /** The worker listens once per channel, whatever the number of listeners here. */
    listen: async (channel: string, listener: (payload: string) => void) => {
      const set = listeners.get(channel) ?? new Set();
      listeners.set(channel, set);
      set.add(listener);
      if (set.size === 1) await ask({ op: 'listen', channel });
      return async () => {
        set.delete(listener);
        if (set.size > 0 || listeners.get(channel) !== set) return;
        listeners.delete(channel);
        if (!isClosed()) await ask({ op: 'unlisten', channel });
      };
    },
    get closed() {
      return isClosed();
    },
    close: async () => {
      if (isClosed()) return;
      // PGlite closes once the statements already sent and any open transaction are done.
      const closed = ask({ op: 'close' });
      closing = new Error('the embedded database is closed');
      await closed;
      stopped = closing;
      await worker.terminate();
    },
    dumpDataDir: async () => new Blob([await ask<ArrayBuffer>({ op: 'dump' })]),
  };
  return pgliteDatabase(client as unknown as PgliteClient);
}
