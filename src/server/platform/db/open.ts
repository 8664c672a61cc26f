import type { Config } from '../config';
import { openPglite, openPostgres, type Database } from './client';
import { lockDataDir } from './data-dir-lock';

/**
 * Opens the configured database: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR/db under an
 * exclusive lock (PGlite cannot be shared between processes). `close` also releases the lock.
 */
export async function openDatabase(config: Config): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, config.databasePoolSize);
  const lock = lockDataDir(config.dataDir);
  try {
    const database = await openPglite({ dataDir: config.dataDir });
    return {
      ...database,
      close: async () => {
        try {
          await database.close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}
