import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '@/server/platform/config';
import { BackupError, backupFileName, describeKind, readBackupKind, type BackupKind } from './files';
import { embeddedDatabaseDir } from '../data-dir';
import { lockForRestore, restorePgliteDataDir } from './pglite';
import { describeDatabase, dumpPostgres, restorePostgres } from './postgres';

/** Asks the operator to go ahead; a restore replaces the live database. */
export type Confirm = (question: string) => Promise<boolean>;

/** Refuses a missing file, a file that is no backup, and a backup of the other database kind. */
function checkBackupFile(file: string, target: BackupKind): void {
  if (!existsSync(file)) throw new BackupError(`No such file: ${file}`);
  const kind = readBackupKind(file);
  if (kind === null) {
    throw new BackupError(
      `${file} is not a CoolRent backup (neither a PGlite data-dir tarball nor a pg_dump archive).`,
    );
  }
  if (kind === target) return;
  throw new BackupError(
    target === 'postgres'
      ? `${file} is ${describeKind(kind)}, but DATABASE_URL is set: unset it to restore into DATA_DIR/db.`
      : `${file} is ${describeKind(kind)}, but DATABASE_URL is not set: set it to the database to restore into.`,
  );
}

/**
 * `npm run db:restore <file>`: replaces the configured database with a backup after `confirm` agrees, and
 * keeps what it replaces (ADR 018). Returns what the operator should know, one line each.
 */
export async function restoreDatabase(config: Config, file: string, confirm: Confirm, now: Date): Promise<string[]> {
  const source = path.resolve(file);
  if (config.databaseUrl) {
    checkBackupFile(source, 'postgres');
    const database = describeDatabase(config.databaseUrl);
    const question =
      `Replace every table in ${database} with ${source}? Stop the app first; the current contents are ` +
      'backed up before anything changes.';
    if (!(await confirm(question))) throw new BackupError('Restore cancelled: nothing was changed.');
    const safetyCopy = path.join(config.dataDir, 'backups', backupFileName('postgres', now, 'before-restore'));
    await dumpPostgres(config.databaseUrl, safetyCopy);
    await restorePostgres(config.databaseUrl, source);
    return [`restored ${database} from ${source}`, `the database as it was before: ${safetyCopy}`];
  }

  checkBackupFile(source, 'pglite');
  const lock = lockForRestore(config.dataDir);
  try {
    const live = embeddedDatabaseDir(config.dataDir);
    const question = `Replace the database in ${live} with ${source}? The current one is kept beside it.`;
    if (!(await confirm(question))) throw new BackupError('Restore cancelled: nothing was changed.');
    const keptAside = await restorePgliteDataDir(config.dataDir, readFileSync(source), now);
    return [
      `restored ${live} from ${source}`,
      ...(keptAside ? [`the database as it was before: ${keptAside} (delete it once you are satisfied)`] : []),
    ];
  } finally {
    lock.release();
  }
}
