import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { embeddedDatabaseDir } from './data-dir';
import { PostgresPool } from './postgres-pool';
import { pgliteExtensions } from './pglite-extensions';
import { withStatementCache } from './pglite-statements';
import { withEventLoopTurns } from './pglite-turns';
import * as schema from './schema';

/** The one database type the services see, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle is a Db for everything our services do with it. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The connections this instance holds (the /metrics pool gauge): pg's pool counts; PGlite is one session. */
  connections?(): Partial<Record<'total' | 'idle' | 'waiting', number>>;
  /**
   * Calls `onNotify` for each NOTIFY on `channel` (or any of several channels) committed by anyone (this instance
   * or another on the same database). `onLost` is called when notifications may have been missed (the listening
   * connection dropped); once listening again, `onNotify` is called, since anything may have changed meanwhile.
   * Resolves once listening.
   */
  listen(channel: string | readonly string[], handlers: ListenHandlers): Promise<Subscription>;
  /** PGlite only: a gzipped tarball of the whole data dir, taken from the live instance (ADR 018). */
  dumpDataDir?(): Promise<Buffer>;
}

export interface ListenHandlers {
  onNotify(payload: string): void;
  onLost(): void;
}

export interface Subscription {
  /** False while notifications may be missed: the listening connection is down. */
  readonly live: boolean;
  close(): Promise<void>;
}

export { pgliteExtensions } from './pglite-extensions';

export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob }): Promise<Database> {
  const client = await PGlite.create({
    dataDir: options.dataDir ? embeddedDatabaseDir(options.dataDir) : undefined,
    loadDataDir: options.loadDataDir,
    extensions: pgliteExtensions,
  });
  return fromPglite(client);
}

export function fromPglite(client: PGlite): Database {
  // Statements drizzle runs again and again are prepared once (pglite-statements.ts); a long queue of statements
  // lets the event loop turn every few ms (pglite-turns.ts).
  return pgliteDatabase(client, withStatementCache(withEventLoopTurns(client)));
}

/** What a Database uses of PGlite: PGlite itself, or the client of PGlite in its own thread (pglite-thread.ts). */
export type PgliteClient = Pick<
  PGlite,
  'query' | 'exec' | 'transaction' | 'listen' | 'close' | 'closed' | 'dumpDataDir'
>;

/**
 * A Database over PGlite wherever it runs: on this thread (fromPglite) or in a worker thread of its own
 * (openPgliteThread, ADR 041). `statements`: the client drizzle sends its statements through.
 */
export function pgliteDatabase(client: PgliteClient, statements: PgliteClient = client): Database {
  const db = drizzlePglite({ client: statements as PGlite, schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
    connections: () => ({ total: 1 }),
    // PGlite calls back as the committing statement returns, before the writer's own await resumes (one session).
    listen: async (channel, handlers) => {
      const channels = typeof channel === 'string' ? [channel] : channel;
      const unlisten = await Promise.all(channels.map((name) => client.listen(name, handlers.onNotify)));
      // Closing the database ends the listener with it; unlistening afterwards would throw "PGlite is closed".
      return {
        live: true,
        close: async () => {
          if (!client.closed) await Promise.all(unlisten.map((stop) => stop()));
        },
      };
    },
    dumpDataDir: async () => {
      // The checkpoint writes dirty pages out, so loading the tarball replays little WAL. The copy itself holds
      // PGlite's query mutex: no statement runs during it, and recovery on load drops any transaction left open.
      await client.exec('CHECKPOINT');
      const tarball = await client.dumpDataDir('gzip');
      return Buffer.from(await tarball.arrayBuffer());
    },
  };
}

/**
 * PostgreSQL delivers notifications to a session that has run LISTEN, so each subscription holds one connection of
 * its own outside the pool (one for all its channels), reconnecting (after 1 s, then every 5 s at most) when it
 * drops.
 */
export async function listenPostgres(
  connectionString: string,
  channel: string | readonly string[],
  handlers: ListenHandlers,
) {
  const channels: readonly string[] = typeof channel === 'string' ? [channel] : channel;
  let client: pg.Client | null = null;
  let live = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let delay = 1000;
  const lost = (failed: pg.Client) => {
    if (client !== failed) return;
    client = null;
    live = false;
    handlers.onLost();
    failed.end().catch(() => {});
    if (!closed) retry = setTimeout(() => void connect().catch(() => {}), delay).unref();
    delay = Math.min(delay * 2, 5000);
  };
  const connect = async () => {
    const next = new pg.Client({ connectionString });
    client = next;
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    next.on('notification', (message) => {
      if (channels.includes(message.channel)) handlers.onNotify(message.payload ?? '');
    });
    try {
      await next.connect();
      for (const name of channels) await next.query(`listen "${name.replaceAll('"', '""')}"`);
    } catch (error) {
      lost(next);
      throw error;
    }
    if (closed) return void (await next.end().catch(() => {}));
    live = true;
    delay = 1000;
    handlers.onNotify('');
  };
  // A database not reachable yet is not fatal here: the retries go on, and readers bypass what needs the listener.
  await connect().catch(() => {});
  return {
    get live() {
      return live;
    },
    close: async () => {
      closed = true;
      clearTimeout(retry);
      const current = client;
      client = null;
      live = false;
      await current?.end().catch(() => {});
    },
  } satisfies Subscription;
}

export function openPostgres(connectionString: string, poolSize = 10): Database {
  const pool = new PostgresPool({ connectionString, max: poolSize });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => pool.end(),
    connections: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    listen: (channel, handlers) => listenPostgres(connectionString, channel, handlers),
  };
}
