import { spawn } from 'node:child_process';
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { BackupError, partialPath } from './files';

/**
 * PostgreSQL backups with its own client tools (ADR 018): `pg_dump --format=custom` reads a consistent snapshot
 * of the live database; a restore replaces the whole app schema in one transaction.
 */

/** The database named without its credentials, for messages. */
export function describeDatabase(url: string): string {
  const parsed = new URL(url);
  return `PostgreSQL ${parsed.host}${parsed.pathname}`;
}

/** libpq arguments for the client tools; the password travels in PGPASSWORD, not on a command line `ps` shows. */
function clientConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

/** Runs a client tool to the end; a failure is one line: the tool's own error. */
function run(tool: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new BackupError(
              `${tool} not found: install the PostgreSQL client tools (apt-get install postgresql-client)`,
            )
          : error,
      ),
    );
    child.on('close', (code) => {
      if (code === 0) return resolve(stdout);
      const lines = stderr.trim().split('\n');
      const reason = lines.find((line) => /ERROR|error:|fatal/i.test(line)) ?? lines.at(-1) ?? `exit code ${code}`;
      reject(new BackupError(`${tool} failed: ${reason.trim()}`));
    });
  });
}

async function serverMajorVersion(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const { rows } = await client.query<{ server_version_num: string }>('show server_version_num');
    return Math.floor(Number(rows[0]!.server_version_num) / 10_000);
  } catch (error) {
    throw new BackupError(`Cannot reach ${describeDatabase(url)}: ${(error as Error).message}`);
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * pg_dump refuses a server newer than itself, and an older pg_restore cannot read a newer archive: say which
 * client tools to install before starting, rather than failing half-way.
 */
async function requireClientTools(url: string, tools: string[]): Promise<void> {
  const server = await serverMajorVersion(url);
  for (const tool of tools) {
    const version = /\(PostgreSQL\) (\d+)/.exec(await run(tool, ['--version']))?.[1];
    if (version && Number(version) < server) {
      throw new BackupError(
        `${tool} ${version} cannot handle PostgreSQL ${server}: install the client tools of version ${server} ` +
          `or later (apt-get install postgresql-client-${server}).`,
      );
    }
  }
}

/** Writes a custom-format archive of the database to `target`, readable by its owner only. */
export async function dumpPostgres(url: string, target: string): Promise<void> {
  await requireClientTools(url, ['pg_dump']);
  const { dbname, env } = clientConnection(url);
  const partial = partialPath(target);
  writeFileSync(partial, '', { mode: 0o600 }); // pg_dump keeps the mode of the file it truncates
  try {
    await run('pg_dump', ['--format=custom', '--file', partial, '--dbname', dbname], env);
    renameSync(partial, target);
  } finally {
    rmSync(partial, { force: true });
  }
}

/**
 * Empties the app's schemas before the backup is replayed, so the result is exactly the backup's database: a table
 * added by a migration newer than the backup would otherwise survive, and the next start would fail re-running
 * that migration. Our functions go too (the catalog trigger's). Extensions (pg_trgm) and their objects stay; objects owned by a table
 * go with it. The statements
 * are collected before any runs, so a cascade cannot pull a row out from under the loop.
 */
const CLEAR_APP_SCHEMAS = `
DROP SCHEMA IF EXISTS drizzle CASCADE;
DO $$
DECLARE
  statements text[];
  statement text;
BEGIN
  SELECT array_agg(found.sql) INTO statements FROM (
    SELECT format('DROP %s IF EXISTS public.%I CASCADE',
             CASE c.relkind WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' WHEN 'S' THEN 'SEQUENCE'
               ELSE 'TABLE' END,
             c.relname) AS sql
    FROM pg_class c
    WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p', 'v', 'm', 'S')
      AND NOT EXISTS (SELECT FROM pg_depend d
                      WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype IN ('e', 'a', 'i'))
    UNION ALL
    SELECT format('DROP TYPE IF EXISTS public.%I CASCADE', t.typname)
    FROM pg_type t
    WHERE t.typnamespace = 'public'::regnamespace AND t.typtype IN ('e', 'd')
      AND NOT EXISTS (SELECT FROM pg_depend d
                      WHERE d.classid = 'pg_type'::regclass AND d.objid = t.oid AND d.deptype = 'e')
    UNION ALL
    -- Our own functions (the catalog_changed trigger's); an extension's functions stay with it.
    SELECT format('DROP FUNCTION IF EXISTS public.%I(%s) CASCADE', p.proname, pg_get_function_identity_arguments(p.oid))
    FROM pg_proc p
    WHERE p.pronamespace = 'public'::regnamespace
      AND NOT EXISTS (SELECT FROM pg_depend d
                      WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
  ) AS found;
  FOREACH statement IN ARRAY coalesce(statements, '{}') LOOP
    EXECUTE statement;
  END LOOP;
END $$;
`;

/**
 * Replaces the database's contents with the archive's, all or nothing: the archive becomes a script first (a
 * damaged archive stops here, before anything changed), then one psql transaction clears the app's schemas and
 * replays it, stopping at the first error. Ownership and grants are left to the restoring user.
 */
export async function restorePostgres(url: string, archive: string): Promise<void> {
  await requireClientTools(url, ['pg_restore', 'psql']);
  const { dbname, env } = clientConnection(url);
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'coolrent-restore-'));
  try {
    const script = path.join(scratch, 'restore.sql');
    await run('pg_restore', ['--no-owner', '--no-privileges', '--no-comments', '--file', script, archive]);
    await run(
      'psql',
      [
        '--no-psqlrc',
        '--quiet',
        '--set=ON_ERROR_STOP=1',
        '--single-transaction',
        '--command',
        CLEAR_APP_SCHEMAS,
        '--file',
        script,
        '--dbname',
        dbname,
      ],
      env,
    );
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
