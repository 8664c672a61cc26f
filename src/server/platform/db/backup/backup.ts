import { statSync } from 'node:fs';
import type { Config } from '@/server/platform/config';
import { backupTarget } from './files';
import { dumpPgliteDataDir } from './pglite';
import { dumpPostgres } from './postgres';

export interface BackupResult {
  file: string;
  bytes: number;
  /** True when a running server on the PGlite DATA_DIR wrote the dump. */
  byServer: boolean;
}

/** `npm run db:backup [file|dir]`: backs up the configured database while the site runs (ADR 018). */
export async function backupDatabase(config: Config, requested: string | undefined, now: Date): Promise<BackupResult> {
  const kind = config.databaseUrl ? 'postgres' : 'pglite';
  const file = backupTarget(config.dataDir, kind, now, requested);
  let byServer = false;
  if (config.databaseUrl) await dumpPostgres(config.databaseUrl, file);
  else ({ byServer } = await dumpPgliteDataDir(config.dataDir, file));
  return { file, bytes: statSync(file).size, byServer };
}
