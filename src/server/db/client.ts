import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
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
  /** PGlite only: a gzipped tarball of the whole data dir, taken from the live instance (ADR 018). */
  dumpDataDir?(): Promise<Buffer>;
}

/** Extensions every PGlite open must load once any migration has used them. */
export const pgliteExtensions = { pg_trgm };

export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob }): Promise<Database> {
  const client = await PGlite.create({
    dataDir: options.dataDir ? path.join(options.dataDir, 'db') : undefined,
    loadDataDir: options.loadDataDir,
    extensions: pgliteExtensions,
  });
  return fromPglite(client);
}

export function fromPglite(client: PGlite): Database {
  const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
    dumpDataDir: async () => {
      // The checkpoint writes dirty pages out, so loading the tarball replays little WAL. The copy itself holds
      // PGlite's query mutex: no statement runs during it, and recovery on load drops any transaction left open.
      await client.exec('CHECKPOINT');
      const tarball = await client.dumpDataDir('gzip');
      return Buffer.from(await tarball.arrayBuffer());
    },
  };
}

export function openPostgres(connectionString: string, poolSize = 10): Database {
  const pool = new pg.Pool({ connectionString, max: poolSize });
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
  };
}
