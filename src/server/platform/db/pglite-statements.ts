import { parse, protocol, type PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';

const { serialize } = protocol;

/** Named statements kept per database; the least recently used is closed beyond this. */
const MAX_STATEMENTS = 300;
/** Texts seen once, waiting to be seen again (a one-off statement is never prepared). */
const MAX_SEEN_ONCE = 2000;

interface Prepared {
  name: string;
  paramTypes: number[];
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** PostgreSQL refuses a named statement whose result columns changed under it (a migration while running). */
function isStalePlan(error: unknown): boolean {
  const { code, message } = error as { code?: string; message?: string };
  return code === '0A000' && /cached plan must not change result type/.test(message ?? '');
}

/**
 * PGlite with a statement cache, for drizzle: the second time a statement's text is run it is prepared once as a
 * named statement, and from then on each run is one call into PostgreSQL (bind, describe, execute, sync) with no
 * parsing or planning, where PGlite's own `query` makes six calls and parses and plans every time. PGlite is one
 * session that every request queues for (ADR 024), so what a statement costs there is what every request waits
 * (docs/perf/). Results, errors, parameter encoding and the locking between statements and transactions are
 * PGlite's own: the same serializers, `parseResults`, and its two mutexes in the order its `query` takes them.
 */
export function withStatementCache(client: PGlite): PGlite {
  const statements = new Map<string, Prepared>();
  const seenOnce = new Set<string>();
  const toClose: string[] = [];
  let counter = 0;
  // parseResults merges the options' parsers into PGlite's (hundreds, with the array types) on every call, 9% of a
  // portal read's CPU. Drizzle passes the same few (timestamps and dates kept as text) in a new object each time:
  // merged once per set of type ids and parser sources here.
  type Parsers = typeof client.parsers;
  const merged = new Map<string, Parsers>();
  const parsersOf = (options: QueryOptions | undefined): Parsers => {
    const own = options?.parsers as Parsers | undefined;
    if (!own) return client.parsers;
    const key = Object.entries(own)
      .map(([type, parser]) => `${type}:${String(parser)}`)
      .join('\n');
    let parsers = merged.get(key);
    if (!parsers) {
      if (merged.size >= 50) merged.clear();
      merged.set(key, (parsers = { ...client.parsers, ...own }));
    }
    return parsers;
  };

  /** Runs with PGlite's query mutex held (and, outside a transaction, its transaction mutex). */
  async function runPrepared<T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    inTransaction: boolean,
  ) {
    let prepared = statements.get(text);
    if (prepared) {
      // Most recently used last: the first entry is the one to close when the cache is full.
      statements.delete(text);
      statements.set(text, prepared);
    } else {
      const name = `coolrent_${++counter}`;
      const closing = toClose.splice(0).map((old) => serialize.close({ type: 'S', name: old }));
      const described = await client.execProtocolStream(
        concat([
          ...closing,
          serialize.parse({ name, text, types: [] }),
          serialize.describe({ type: 'S', name }),
          serialize.sync(),
        ]),
        { syncToFs: false },
      );
      prepared = { name, paramTypes: parse.parseDescribeStatementResults(described) };
      statements.set(text, prepared);
      seenOnce.delete(text);
      if (statements.size > MAX_STATEMENTS) {
        const [oldest] = statements;
        statements.delete(oldest![0]);
        toClose.push(oldest![1].name);
      }
    }
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = prepared.paramTypes[i]!;
      const serializer = options?.serializers?.[type] ?? client.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    let messages;
    try {
      messages = await client.execProtocolStream(
        concat([
          serialize.bind({ statement: prepared.name, values: values as string[] }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
          serialize.sync(),
        ]),
        { syncToFs: false },
      );
    } catch (error) {
      if (isStalePlan(error)) {
        statements.delete(text);
        toClose.push(prepared.name);
      }
      throw Object.assign(error as Error, { query: text, params, queryOptions: options });
    }
    if (!inTransaction) await client.syncToFs();
    return parse.parseResults(messages, parsersOf(options), { ...options, parsers: undefined })[0] as Results<T>;
  }

  /**
   * Prepared from the second sighting on; the first goes through PGlite's own `query`. A text stays "seen" until
   * it is prepared, so the requests that arrive together when a server starts (50 at once under load) all queue for
   * the one preparation: before, every other one went through PGlite's own query and planned the statement again
   * (~10–20 ms each in WebAssembly, while everyone waited), which made the first seconds' requests wait 2–5 s.
   */
  function cachedQuery(inTransaction: boolean, fallback: Pick<Transaction, 'query'>) {
    return async function query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
      const unpreparable = options?.blob || options?.paramTypes;
      if (unpreparable || (!statements.has(text) && !seenOnce.has(text))) {
        if (seenOnce.size >= MAX_SEEN_ONCE) seenOnce.clear();
        if (!unpreparable) seenOnce.add(text);
        return fallback.query<T>(text, params, options);
      }
      const run = () => client._runExclusiveQuery(() => runPrepared<T>(text, params, options, inTransaction));
      if (inTransaction) return run();
      try {
        return await client._runExclusiveTransaction(run);
      } catch (error) {
        // Prepared again on the next run; this one answers as PGlite's own query would.
        if (isStalePlan(error)) return fallback.query<T>(text, params, options);
        throw error;
      }
    };
  }

  const topLevel = cachedQuery(false, client);
  const transaction: PGlite['transaction'] = (callback) =>
    client.transaction((tx) => {
      const query = cachedQuery(true, tx);
      return callback(new Proxy(tx, { get: (target, key) => (key === 'query' ? query : Reflect.get(target, key)) }));
    });

  return new Proxy(client, {
    get(target, key) {
      if (key === 'query') return topLevel;
      if (key === 'transaction') return transaction;
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
