import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { queryRows } from '@/server/platform/db/sql';
import { registration } from '@tests/support/checkout-fixtures';
import { fromPglite, openPglite, openPostgres, pgliteExtensions, type Database } from '@/server/platform/db/client';
import { readBackupKind } from '@/server/platform/db/backup/files';
import { createCustomer } from '@/server/platform/db/factories';
import { customers } from '@/server/platform/db/schema';
import { withDatabase } from '../support/global-setup';
import { runProjectScript, spawnProjectScript } from '../support/project-process';
import { freePort, waitUntilReady } from '../support/server-process';

// The real commands, as `npm run db:backup` / `db:restore` run them, against real databases: back up, change the
// data, restore, and find the original (ADR 018).

const folders: string[] = [];
afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));
function tempDir(): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'coolrent-backup-'));
  folders.push(folder);
  return folder;
}

const backup = (env: Record<string, string>, ...args: string[]) => runProjectScript('scripts/db-backup.ts', args, env);
const restore = (env: Record<string, string>, ...args: string[]) =>
  runProjectScript('scripts/db-restore.ts', args, env);

/** The backup file the command reported (its first line: the path, then the size in brackets). */
function reportedFile(output: string): string {
  const file = /^(\S+) \(\d[\d.]* (?:B|kB|MB)/m.exec(output)?.[1];
  expect(file, output).toBeDefined();
  expect(existsSync(file!)).toBe(true);
  return file!;
}

async function customerNamed(database: Database, email: string): Promise<string | undefined> {
  const [row] = await database.db.select().from(customers).where(eq(customers.email, email));
  return row?.name;
}

/** The data dir's embedded database, opened (and closed) by this test while no server holds it. */
async function inDataDir<T>(dataDir: string, use: (database: Database) => Promise<T>): Promise<T> {
  const database = await openPglite({ dataDir });
  try {
    return await use(database);
  } finally {
    await database.close();
  }
}

/** A DATA_DIR whose database is a copy of this run's migrated template, as if the site had been started on it. */
async function migratedDataDir(): Promise<string> {
  const dataDir = tempDir();
  const template = readFileSync(inject('pgliteTemplatePath'));
  const database = await openPglite({ dataDir, loadDataDir: new Blob([template]) });
  await database.close();
  return dataDir;
}

describe.skipIf(process.env.TEST_DB === 'postgres')('db:backup and db:restore on the embedded database', () => {
  it('backs up a stopped site; restores the original only with --yes and from the right kind of file; keeps the replaced database', async () => {
    const dataDir = await migratedDataDir();
    const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
    const email = `original-${randomUUID().slice(0, 8)}@example.com`;
    const addedLater = `later-${randomUUID().slice(0, 8)}@example.com`;
    await inDataDir(dataDir, (database) => createCustomer(database.db, { email, name: 'Original Name' }));

    const backedUp = await backup(env);
    expect(backedUp.code, backedUp.output).toBe(0);
    const file = reportedFile(backedUp.output);
    expect(path.dirname(file)).toBe(path.join(dataDir, 'backups'));
    expect(path.basename(file)).toMatch(/^coolrent-pglite-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar\.gz$/);
    expect(readBackupKind(file)).toBe('pglite');

    const intoPostgres = await restore({ ...env, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' }, file, '--yes');
    expect(intoPostgres.code).toBe(1);
    expect(intoPostgres.output.trim()).toBe(
      `${file} is an embedded-database (PGlite) backup, but DATABASE_URL is set: unset it to restore into DATA_DIR/db.`,
    );
    const notABackup = path.join(tempDir(), 'notes.tar.gz');
    writeFileSync(notABackup, 'not a backup');
    const refused = await restore(env, notABackup, '--yes');
    expect(refused.code).toBe(1);
    expect(refused.output.trim()).toBe(
      `${notABackup} is not a CoolRent backup (neither a PGlite data-dir tarball nor a pg_dump archive).`,
    );

    await inDataDir(dataDir, async (database) => {
      await database.db.update(customers).set({ name: 'Changed Name' }).where(eq(customers.email, email));
      await createCustomer(database.db, { email: addedLater });
    });

    const unconfirmed = await restore(env, file);
    expect(unconfirmed.code).toBe(1);
    expect(unconfirmed.output.trim()).toBe(
      'A restore replaces the database: run it again with --yes to confirm (nothing was changed).',
    );
    expect(await inDataDir(dataDir, (database) => customerNamed(database, email))).toBe('Changed Name');

    const restored = await restore(env, file, '--yes');
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toContain(`restored ${path.join(dataDir, 'db')} from ${file}`);
    await inDataDir(dataDir, async (database) => {
      expect(await customerNamed(database, email)).toBe('Original Name');
      expect(await customerNamed(database, addedLater)).toBeUndefined();
    });

    const [keptAside] = readdirSync(dataDir).filter((name) => name.startsWith('db.before-restore-'));
    expect(keptAside).toMatch(/^db\.before-restore-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ$/);
    expect(restored.output).toContain(path.join(dataDir, keptAside!));
    const replaced = fromPglite(
      await PGlite.create({ dataDir: path.join(dataDir, keptAside!), extensions: pgliteExtensions }),
    );
    try {
      expect(await customerNamed(replaced, email)).toBe('Changed Name');
      expect(await customerNamed(replaced, addedLater)).toBe('Jordan Rivera');
    } finally {
      await replaced.close();
    }
  }, 180_000);

  it('backs up while the site runs (the server writes the dump); a restore waits until the server is stopped', async () => {
    const dataDir = await migratedDataDir();
    const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
    const port = await freePort();
    const site = `http://127.0.0.1:${port}`;
    const server = spawnProjectScript('src/server/main.ts', [], {
      ...env,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
    });
    try {
      await waitUntilReady(site, 60_000);
      const [model] = (await (await fetch(`${site}/api/unit-models`)).json()) as Array<{ id: string }>;
      const checkout = async (email: string) => {
        const response = await fetch(`${site}/api/checkout/create-session`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(registration({ modelId: model!.id, email, name: 'Before Backup' })),
        });
        expect(response.status, await response.clone().text()).toBe(200);
      };
      const beforeBackup = `before-${randomUUID().slice(0, 8)}@example.com`;
      const afterBackup = `after-${randomUUID().slice(0, 8)}@example.com`;
      await checkout(beforeBackup);

      const backedUp = await backup(env);
      expect(backedUp.code, backedUp.output).toBe(0);
      expect(backedUp.output).toContain('written by the running server');
      const file = reportedFile(backedUp.output);
      expect(readdirSync(path.join(dataDir, 'backup-requests'))).toEqual([]);

      await checkout(afterBackup);
      const whileRunning = await restore(env, file, '--yes');
      expect(whileRunning.code).toBe(1);
      expect(whileRunning.output.trim()).toBe(
        `The server (pid ${server.child.pid}) is running on DATA_DIR ${dataDir}: stop it first (a restore replaces ` +
          'its database), then run db:restore again.',
      );

      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      const restored = await restore(env, file, '--yes');
      expect(restored.code, restored.output).toBe(0);
      await inDataDir(dataDir, async (database) => {
        expect(await customerNamed(database, beforeBackup)).toBe('Before Backup');
        expect(await customerNamed(database, afterBackup)).toBeUndefined();
      });
    } finally {
      server.child.kill('SIGKILL');
    }
  }, 240_000);
});

describe.skipIf(process.env.TEST_DB !== 'postgres')('db:backup and db:restore on PostgreSQL', () => {
  it('backs up with pg_dump, restores exactly the backup with --yes, and keeps a copy of what it replaced', async () => {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const name = `coolrent_backup_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${inject('postgresTemplateDb')}`);
    const url = withDatabase(adminUrl, name);
    const database = openPostgres(url, 2);
    const dataDir = tempDir();
    const env = { DATA_DIR: dataDir, DATABASE_URL: url };
    try {
      const email = `original-${randomUUID().slice(0, 8)}@example.com`;
      const addedLater = `later-${randomUUID().slice(0, 8)}@example.com`;
      await createCustomer(database.db, { email, name: 'Original Name' });

      const backedUp = await backup(env);
      expect(backedUp.code, backedUp.output).toBe(0);
      const file = reportedFile(backedUp.output);
      expect(path.basename(file)).toMatch(/^coolrent-postgres-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.dump$/);
      expect(path.dirname(file)).toBe(path.join(dataDir, 'backups'));

      await database.db.update(customers).set({ name: 'Changed Name' }).where(eq(customers.email, email));
      await createCustomer(database.db, { email: addedLater });
      // What a later migration would add: the restore must not leave it behind for that migration to trip over.
      await database.db.execute(sql`create type later_kind as enum ('a', 'b')`);
      await database.db.execute(sql`create table later_table (id serial primary key, kind later_kind)`);
      await database.db.execute(sql`create view later_view as select id from later_table`);

      const unconfirmed = await restore(env, file);
      expect(unconfirmed.code).toBe(1);
      expect(await customerNamed(database, email)).toBe('Changed Name');

      const restored = await restore(env, file, '--yes');
      expect(restored.code, restored.output).toBe(0);
      expect(await customerNamed(database, email)).toBe('Original Name');
      expect(await customerNamed(database, addedLater)).toBeUndefined();
      const leftovers = await queryRows(
        database.db,
        sql`select relname as name from pg_class where relname in ('later_table', 'later_view') union all
            select typname from pg_type where typname = 'later_kind'`,
      );
      expect(leftovers).toEqual([]);

      const safetyCopy = /the database as it was before: (\S+)/.exec(restored.output)?.[1];
      expect(path.basename(safetyCopy!)).toMatch(/^coolrent-postgres-before-restore-.*\.dump$/);
      expect(readBackupKind(safetyCopy!)).toBe('postgres');

      const intoPglite = await restore({ DATA_DIR: dataDir, DATABASE_URL: '' }, file, '--yes');
      expect(intoPglite.code).toBe(1);
      expect(intoPglite.output.trim()).toBe(
        `${file} is a PostgreSQL (pg_dump) backup, but DATABASE_URL is not set: set it to the database to restore into.`,
      );
    } finally {
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }, 180_000);
});
