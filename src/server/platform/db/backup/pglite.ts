import { existsSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openPglite, pgliteExtensions } from '../client';
import { embeddedDatabaseDir } from '../data-dir';
import { DataDirLockedError, lockDataDir } from '../data-dir-lock';
import { BackupError, fileStamp, moveBackupFile, writeBackupFile } from './files';
import { requestBackupFromServer } from './requests';

/**
 * The embedded database's backups (ADR 018): a gzipped tarball of DATA_DIR/db from PGlite's `dumpDataDir`. While
 * a server holds DATA_DIR the dump must come from that server (a second process on the data dir loses writes);
 * otherwise this process takes the lock, so no server can start half-way through, and dumps it itself.
 */

const hasDatabase = (dataDir: string) => existsSync(path.join(embeddedDatabaseDir(dataDir), 'PG_VERSION'));

/** Writes a backup of DATA_DIR/db to `target`; says whether the running server made it. */
export async function dumpPgliteDataDir(dataDir: string, target: string): Promise<{ byServer: boolean }> {
  if (!hasDatabase(dataDir)) {
    throw new BackupError(`No embedded database in ${embeddedDatabaseDir(dataDir)}: check DATA_DIR (or DATABASE_URL).`);
  }
  let lock: { release(): void };
  try {
    lock = lockDataDir(dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    moveBackupFile(await requestBackupFromServer(dataDir, error.holderPid), target);
    return { byServer: true };
  }
  try {
    const database = await openPglite({ dataDir });
    try {
      writeBackupFile(target, await database.dumpDataDir!());
    } finally {
      await database.close();
    }
  } finally {
    lock.release();
  }
  return { byServer: false };
}

/** Holds DATA_DIR for a restore; the message says why a running server must stop first. */
export function lockForRestore(dataDir: string): { release(): void } {
  try {
    return lockDataDir(dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    const pid = error.holderPid ? ` (pid ${error.holderPid})` : '';
    throw new BackupError(
      `The server${pid} is running on DATA_DIR ${dataDir}: stop it first (a restore replaces its database), ` +
        'then run db:restore again.',
    );
  }
}

/**
 * Replaces DATA_DIR/db with the backup's database; the caller holds the lock (lockForRestore). The backup is
 * loaded into a new folder and opened first, so a damaged file changes nothing; the replaced database is moved
 * to DATA_DIR/db.before-restore-<time>, never deleted. Returns that folder (null when there was no database).
 */
export async function restorePgliteDataDir(dataDir: string, tarball: Buffer, now: Date): Promise<string | null> {
  const stamp = fileStamp(now);
  const live = embeddedDatabaseDir(dataDir);
  const incoming = path.join(dataDir, `db.restoring-${stamp}`);
  try {
    const client = await PGlite.create({
      dataDir: incoming,
      loadDataDir: new Blob([new Uint8Array(tarball)], { type: 'application/gzip' }),
      extensions: pgliteExtensions,
    });
    try {
      // Our database, not just any PostgreSQL data dir: the migrations journal is there.
      await client.query('select count(*) from drizzle.__drizzle_migrations');
    } finally {
      await client.close();
    }
  } catch (error) {
    rmSync(incoming, { recursive: true, force: true }); // only the copy this restore was making
    throw new BackupError(`The backup could not be opened as a CoolRent database: ${(error as Error).message}`);
  }
  const keptAside = existsSync(live) ? path.join(dataDir, `db.before-restore-${stamp}`) : null;
  if (keptAside) renameSync(live, keptAside);
  try {
    renameSync(incoming, live);
  } catch (error) {
    if (keptAside) renameSync(keptAside, live);
    throw error;
  }
  return keptAside;
}
