// `npm run db:backup [file|dir]`: a backup of the configured database, safe while the site runs (ADR 018).
import { backupDatabase } from '@/server/platform/db/backup/backup';
import { runOperatorCommand } from '@/server/platform/db/backup/cli';
import { BackupError, formatBytes } from '@/server/platform/db/backup/files';

const args = process.argv.slice(2);
await runOperatorCommand('db:backup', async (config) => {
  if (args.length > 1 || args[0]?.startsWith('-'))
    throw new BackupError('Usage: npm run db:backup [file or directory]');
  const { file, bytes, byServer } = await backupDatabase(config, args[0], new Date());
  return [`${file} (${formatBytes(bytes)}${byServer ? ', written by the running server' : ''})`];
});
