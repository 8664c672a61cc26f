// `npm run admin:reset-password -- <username> [--disable-2fa]` (on a production install:
// `node dist/scripts/admin-reset-password.js <username>`): the way back in for an admin who forgot the password
// (ADR 031). On a terminal the new password is asked twice, hidden; otherwise one line of standard input is read.
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, loadDotEnv } from '@/server/platform/config';
import { runMigrations } from '@/server/platform/db/migrate';
import { openDatabase } from '@/server/platform/db/open';
import { DataDirLockedError } from '@/server/platform/db/data-dir-lock';
import { AppError, Invalid } from '@/server/platform/errors';
import { resetAdminPassword } from '@/server/platform/auth/password-reset';

const usage = [
  'Usage: admin:reset-password <username> [--disable-2fa]',
  '  Sets a new password for a dashboard user and signs them out everywhere. The password is asked on the',
  '  terminal (twice, hidden) or read as one line from standard input.',
  '  --disable-2fa  also turns their two-factor sign-in off (phone and recovery codes lost)',
].join('\n');

class UsageError extends Error {}

function parseCommandLine(): { username: string; disableTwoFactor: boolean } {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: { 'disable-2fa': { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (parsed.values.help) {
    console.log(usage);
    process.exit(0);
  }
  if (parsed.positionals.length !== 1) throw new UsageError('Give exactly one username.');
  return { username: parsed.positionals[0]!, disableTwoFactor: parsed.values['disable-2fa'] === true };
}

/** Reads a line from the terminal without echoing it. */
function askHidden(question: string): Promise<string> {
  const input = process.stdin;
  process.stdout.write(question);
  input.setRawMode(true);
  input.setEncoding('utf8');
  input.resume();
  return new Promise((resolve, reject) => {
    let typed = '';
    const finish = () => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      process.stdout.write('\n');
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return (finish(), resolve(typed));
        if (char === '\u0003' || char === '\u0004')
          return (finish(), reject(new Invalid('Cancelled; nothing was changed.')));
        if (char === '\u007f' || char === '\b') typed = typed.slice(0, -1);
        else if (char >= ' ') typed += char;
      }
    };
    input.on('data', onData);
  });
}

async function readFirstLine(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) {
    text += String(chunk);
    if (text.includes('\n')) break;
  }
  return text.split(/\r?\n/)[0] ?? '';
}

async function newPassword(): Promise<string> {
  if (!process.stdin.isTTY) return readFirstLine();
  const first = await askHidden('New password (12 characters or more): ');
  const again = await askHidden('The same password again: ');
  if (first !== again) throw new Invalid('The two passwords differ; nothing was changed.');
  return first;
}

try {
  const { username, disableTwoFactor } = parseCommandLine();
  loadDotEnv();
  const config = loadConfig();
  const password = await newPassword();
  const database = await openDatabase(config);
  try {
    // The columns this command writes exist whatever version ran last (a no-op when the server has migrated).
    await runMigrations(database);
    const result = await resetAdminPassword(database.db, { username, password, disableTwoFactor });
    console.log(`Password changed for ${result.username}; they were signed out everywhere and may sign in at once.`);
    if (result.twoFactorTurnedOff) console.log('Two-factor sign-in is off; they can set it up again under Account.');
    if (result.twoFactorOn) {
      console.log('Two-factor sign-in is still on: the app code or a recovery code is still needed (--disable-2fa).');
    }
    if (result.disabled) console.log('Note: this account is disabled; another admin must enable it under Account.');
  } finally {
    await database.close();
  }
} catch (error) {
  if (error instanceof UsageError) {
    console.error(`${error.message}\n${usage}`);
  } else if (error instanceof AppError || error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error(`admin:reset-password failed: ${(error as Error)?.message ?? String(error)}`);
  }
  process.exit(1);
}
