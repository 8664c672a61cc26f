/**
 * The embedded database's thread (ADR 041): PGlite, with the statement cache the server's thread used to keep
 * (pglite-statements.ts), answering pglite-thread.ts's requests in the order they come. PostgreSQL runs here, in
 * WebAssembly, so an owner's export or the dashboard's figures no longer stop the server's event loop while they
 * compute. Started by pglite-thread.ts only; imports nothing of the app beyond the database's own modules.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Results, type Transaction } from '@electric-sql/pglite';
import { pgliteExtensions } from './pglite-extensions';
import { withStatementCache } from './pglite-statements';
import { errorFields, type Answer, type Request, type WorkerStart } from './pglite-thread-messages';

const port = parentPort!;
const start = workerData as WorkerStart;
const post = (answer: Answer, transfer: ArrayBuffer[] = []) => port.postMessage(answer, transfer);

/** Parsers that keep these types as text, one object per set (the statement cache merges each set once). */
const textParsers = new Map<string, Record<number, (value: string) => string>>();
function keepAsText(types: number[]) {
  const key = types.join(',');
  let parsers = textParsers.get(key);
  if (!parsers) {
    parsers = Object.fromEntries(types.map((type) => [type, (value: string) => value]));
    textParsers.set(key, parsers);
  }
  return parsers;
}

/** An open transaction: PGlite's handle, and how to end it (true commits). */
interface Open {
  tx: Transaction;
  end(commit: boolean): void;
  /** Settles when PGlite has committed or rolled back. */
  done: Promise<unknown>;
}

async function main(): Promise<void> {
  const raw = await PGlite.create({
    dataDir: start.dataDir,
    loadDataDir: start.loadDataDir ? new Blob([start.loadDataDir]) : undefined,
    extensions: pgliteExtensions,
  });
  const client = withStatementCache(raw);
  const open = new Map<number, Open>();
  const listening = new Map<string, () => Promise<void>>();
  let transactions = 0;

  const target = (tx: number | undefined): Pick<Transaction, 'query' | 'exec'> => {
    if (tx === undefined) return client;
    const found = open.get(tx);
    if (!found) throw new Error(`transaction ${tx} is not open`);
    return found.tx;
  };

  /** Opens a transaction and resolves with its number once PGlite holds it (after any open one has ended). */
  const begin = (): Promise<number> =>
    new Promise((resolve, reject) => {
      const number = (transactions += 1);
      let end!: (commit: boolean) => void;
      const ended = new Promise<boolean>((settle) => (end = settle));
      const done = client
        .transaction(async (tx) => {
          open.set(number, { tx, end, done });
          resolve(number);
          // Committed by PGlite when this returns; rolled back here when the server's thread says so.
          if (!(await ended)) await tx.rollback();
        })
        .finally(() => open.delete(number));
      // Before the transaction began (BEGIN refused): the request fails. After, its end request reports the outcome.
      done.catch(reject);
    });

  async function handle(request: Request): Promise<{ result: unknown; transfer?: ArrayBuffer[] }> {
    switch (request.op) {
      case 'query': {
        const options = { rowMode: request.rowMode, parsers: keepAsText(request.textTypes) };
        const results: Results = await target(request.tx).query(request.text, request.params, options);
        return { result: { rows: results.rows, fields: results.fields, affectedRows: results.affectedRows } };
      }
      case 'exec': {
        const results = await target(request.tx).exec(request.text);
        return { result: results.map(({ rows, fields, affectedRows }) => ({ rows, fields, affectedRows })) };
      }
      case 'begin':
        return { result: await begin() };
      case 'end': {
        const found = open.get(request.tx);
        if (!found) throw new Error(`transaction ${request.tx} is not open`);
        found.end(request.commit);
        await found.done;
        return { result: null };
      }
      case 'listen': {
        if (!listening.has(request.channel)) {
          const channel = request.channel;
          listening.set(channel, await raw.listen(channel, (payload) => post({ op: 'notify', channel, payload })));
        }
        return { result: null };
      }
      case 'unlisten': {
        const stop = listening.get(request.channel);
        listening.delete(request.channel);
        if (stop && !raw.closed) await stop();
        return { result: null };
      }
      case 'dump': {
        // pgliteDatabase asks for the checkpoint first, as for PGlite on the server's thread.
        const tarball = await (await raw.dumpDataDir('gzip')).arrayBuffer();
        return { result: tarball, transfer: [tarball] };
      }
      case 'close':
        await raw.close();
        return { result: null };
    }
  }

  port.on('message', (request: Request) => {
    handle(request).then(
      ({ result, transfer }) => post({ id: request.id, ok: true, result }, transfer),
      (error: unknown) => post({ id: request.id, ok: false, error: errorFields(error) }),
    );
  });
  post({ op: 'ready' });
}

main().catch((error: unknown) => post({ op: 'failed', error: errorFields(error) }));
