import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openPglite, type Database } from '@/server/platform/db/client';
import { lockDataDir } from '@/server/platform/db/data-dir-lock';
import { createAdminUser } from '@/server/platform/db/factories';
import { adminUsers, auditEvents } from '@/server/platform/db/schema';
import { verifyPassword } from '@/server/platform/lib/password';
import { productionEnv } from '../support/production-env';

// `admin:reset-password` as the operator runs it: its own process on a production configuration, the password piped
// on standard input (no terminal), against the site's embedded database (ADR 031).

const projectRoot = path.resolve(import.meta.dirname, '../..');
const folders: string[] = [];
afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

/** A DATA_DIR holding a copy of this run's migrated template, as if the site had been started on it. */
async function migratedDataDir(): Promise<string> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'coolrent-reset-'));
  folders.push(dataDir);
  const database = await openPglite({ dataDir, loadDataDir: new Blob([readFileSync(inject('pgliteTemplatePath'))]) });
  await database.close();
  return dataDir;
}

async function inDataDir<T>(dataDir: string, use: (database: Database) => Promise<T>): Promise<T> {
  const database = await openPglite({ dataDir });
  try {
    return await use(database);
  } finally {
    await database.close();
  }
}

/** Runs the command as `npm run admin:reset-password -- <args>` does (tsx), with `input` on its standard input. */
function resetPassword(dataDir: string, args: string[], input: string): Promise<{ code: number; output: string }> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      path.join(projectRoot, 'node_modules/tsx/dist/loader.mjs'),
      path.join(projectRoot, 'scripts/admin-reset-password.ts'),
      ...args,
    ],
    {
      cwd: projectRoot,
      env: {
        ...process.env,
        ...productionEnv,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        TSX_TSCONFIG_PATH: path.join(projectRoot, 'tsconfig.json'),
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  child.stdin.end(input);
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code: code ?? -1, output })));
}

/**
 * Each command is its own Node process compiling TypeScript (tsx) on its way up: about 2 s on a quiet machine, 6–12 s
 * beside a second copy of the suite on 2 cores. Each test spawns at most two, and gets this long.
 */
const PROCESSES_TIMEOUT_MS = 90_000;

/** A data directory with the site's database and the one admin, forgetful-owner. */
async function siteWithForgetfulOwner() {
  const dataDir = await migratedDataDir();
  const admin = await inDataDir(dataDir, (database) =>
    createAdminUser(database.db, { username: 'forgetful-owner', password: 'the forgotten password' }),
  );
  const passwordIs = (password: string) =>
    inDataDir(dataDir, async (database) => {
      const [row] = await database.db.select().from(adminUsers).where(eq(adminUsers.id, admin.id));
      return verifyPassword(row!.password, password);
    });
  return { dataDir, admin, passwordIs };
}

describe.skipIf(process.env.TEST_DB === 'postgres')('admin:reset-password on a production configuration', () => {
  it(
    'sets the piped password for the named admin, audited',
    async () => {
      const { dataDir, admin, passwordIs } = await siteWithForgetfulOwner();
      const done = await resetPassword(dataDir, ['forgetful-owner'], 'a brand new passphrase\n');
      expect(done.output).toContain(
        'Password changed for forgetful-owner; they were signed out everywhere and may sign in at once.',
      );
      expect(done.code).toBe(0);
      expect(await passwordIs('a brand new passphrase')).toBe(true);
      await inDataDir(dataDir, async (database) => {
        const [audit] = await database.db.select().from(auditEvents).where(eq(auditEvents.entityId, admin.id));
        expect(audit).toMatchObject({ action: 'admin_user.password_reset', actorType: 'system' });
      });
    },
    PROCESSES_TIMEOUT_MS,
  );

  it(
    'refuses bad usage and an unknown option',
    async () => {
      const { dataDir, passwordIs } = await siteWithForgetfulOwner();
      const usage = await resetPassword(dataDir, [], '');
      expect(usage.code).toBe(1);
      expect(usage.output).toContain('Usage: admin:reset-password <username> [--disable-2fa]');
      const unknownOption = await resetPassword(dataDir, ['forgetful-owner', '--disable-two-factor'], '');
      expect(unknownOption.code).toBe(1);
      expect(unknownOption.output).toContain('Usage: admin:reset-password');
      expect(await passwordIs('the forgotten password')).toBe(true);
    },
    PROCESSES_TIMEOUT_MS,
  );

  it(
    'refuses an unknown name and a short password, changing nothing',
    async () => {
      const { dataDir, passwordIs } = await siteWithForgetfulOwner();
      const unknown = await resetPassword(dataDir, ['nobody-here'], 'a brand new passphrase\n');
      expect(unknown.code).toBe(1);
      expect(unknown.output).toContain(
        'No admin user is named "nobody-here" (usernames are case-sensitive). The team: forgetful-owner.',
      );
      const short = await resetPassword(dataDir, ['forgetful-owner', '--disable-2fa'], 'too short\n');
      expect(short.code).toBe(1);
      expect(short.output.trim()).toBe('Password must be at least 12 characters');
      expect(await passwordIs('the forgotten password')).toBe(true);
    },
    PROCESSES_TIMEOUT_MS,
  );

  it(
    'says to stop the server first when it holds the embedded database',
    async () => {
      const dataDir = await migratedDataDir();
      const lock = lockDataDir(dataDir);
      try {
        const refused = await resetPassword(dataDir, ['forgetful-owner'], 'a brand new passphrase\n');
        expect(refused.code).toBe(1);
        expect(refused.output).toContain(`is in use by another server (pid ${process.pid}). Stop it first`);
      } finally {
        lock.release();
      }
    },
    PROCESSES_TIMEOUT_MS,
  );
});
