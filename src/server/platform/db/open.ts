import type { Config } from '../config';
import { openPostgres, type Database } from './client';
import { lockDataDir } from './data-dir-lock';
import { openPgliteThread } from './pglite-thread';

/**
 * Opens the configured database: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR/db under an
 * exclusive lock (PGlite cannot be shared between processes), in a worker thread of its own so that its long
 * statements never stop the server's event loop (ADR 041). `close` also releases the lock. `onStopped`: that
 * thread stopped unexpectedly (every statement fails from then on).
 */
export async function openDatabase(
  config: Config,
  options: { onStopped?: (error: Error) => void } = {},
): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, config.databasePoolSize);
  const lock = lockDataDir(config.dataDir);
  try {
    const database = await openPgliteThread({ dataDir: config.dataDir, onStopped: options.onStopped });
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
