// `npm run db:restore <file> [--yes]`: replaces the configured database with a backup, keeping what it replaces
// (ADR 018).
import { confirmation, runOperatorCommand } from '@/server/platform/db/backup/cli';
import { BackupError } from '@/server/platform/db/backup/files';
import { restoreDatabase } from '@/server/platform/db/backup/restore';

const args = process.argv.slice(2);
const yes = args.includes('--yes');
const files = args.filter((arg) => arg !== '--yes');
await runOperatorCommand('db:restore', async (config) => {
  if (files.length !== 1 || files[0]!.startsWith('-')) {
    throw new BackupError('Usage: npm run db:restore <backup file> [--yes]');
  }
  return restoreDatabase(config, files[0]!, confirmation(yes), new Date());
});
