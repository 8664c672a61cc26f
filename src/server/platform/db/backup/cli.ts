import { createInterface } from 'node:readline/promises';
import { ConfigError, loadConfig, loadDotEnv, type Config } from '@/server/platform/config';
import { BackupError } from './files';
import type { Confirm } from './restore';

/**
 * Runs db:backup or db:restore as an operator (or cron) expects: configuration as `npm start` reads it, and on
 * failure one line on stderr and a non-zero exit, without a stack.
 */
export async function runOperatorCommand(name: string, body: (config: Config) => Promise<string[]>): Promise<void> {
  try {
    loadDotEnv();
    const config = loadConfig();
    // npm runs scripts in the project folder; a file the operator names is relative to where they typed it.
    if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
    for (const line of await body(config)) console.log(line);
  } catch (error) {
    const known = error instanceof BackupError || error instanceof ConfigError;
    const message = known ? error.message : `${name} failed: ${(error as Error)?.message ?? String(error)}`;
    console.error(known ? message : message.split('\n')[0]);
    process.exit(1);
  }
}

/**
 * `--yes` confirms up front (scripts); otherwise the question is asked on a terminal, and without one the command
 * refuses rather than assume.
 */
export function confirmation(yes: boolean): Confirm {
  return async (question) => {
    if (yes) return true;
    if (!process.stdin.isTTY) {
      throw new BackupError(
        'A restore replaces the database: run it again with --yes to confirm (nothing was changed).',
      );
    }
    const terminal = createInterface({ input: process.stdin, output: process.stdout });
    try {
      return /^y(es)?$/i.test((await terminal.question(`${question} [y/N] `)).trim());
    } finally {
      terminal.close();
    }
  };
}
