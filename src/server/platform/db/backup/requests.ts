import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { readdir, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { BackupError } from './files';

/**
 * The channel between `db:backup` and a running server on the same PGlite DATA_DIR (ADR 018): the command drops
 * `<id>.request` into DATA_DIR/backup-requests, the server claims it (`<id>.working`), dumps its live database to
 * `<id>.tar.gz` there and the command moves that file into place; a failure leaves `<id>.failed` with the reason.
 * Only someone who can write DATA_DIR, who could read or replace the database anyway, can ask. The server only
 * ever writes inside this folder; no network listener is involved.
 */
export const requestsFolder = (dataDir: string) => path.join(dataDir, 'backup-requests');

const POLL_MS = 1_000;
const requestName = /^([0-9a-f]{32})\.request$/;

/** On a PGlite server: answers backup requests every second; the hook that stops it is registered here. */
export function serveBackupRequests(app: FastifyInstance): void {
  const { database, config } = app.deps;
  const dump = database.dumpDataDir?.bind(database);
  if (!dump) return; // PostgreSQL: pg_dump reads a live database itself
  const folder = requestsFolder(config.dataDir);
  let current: Promise<void> | null = null;

  async function answer(id: string): Promise<void> {
    const working = path.join(folder, `${id}.working`);
    try {
      await rename(path.join(folder, `${id}.request`), working);
    } catch {
      return; // withdrawn by the command (it gave up waiting)
    }
    try {
      const tarball = await dump!();
      const partial = path.join(folder, `${id}.partial`);
      await writeFile(partial, tarball, { mode: 0o600 });
      await rename(partial, path.join(folder, `${id}.tar.gz`));
      app.log.info({ bytes: tarball.length }, 'backup written for db:backup');
    } catch (error) {
      app.log.error({ err: error }, 'backup for db:backup failed');
      await writeFile(path.join(folder, `${id}.failed`), (error as Error).message || String(error));
    } finally {
      await unlink(working).catch(() => {});
    }
  }

  const tick = async () => {
    let names: string[];
    try {
      names = await readdir(folder);
    } catch {
      return; // no request was ever made
    }
    for (const name of names) {
      const id = requestName.exec(name)?.[1];
      if (id) await answer(id);
    }
  };
  const timer = setInterval(() => {
    current ??= tick().finally(() => (current = null));
  }, POLL_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await current; // a dump under way is written out (and its request answered) before the process exits
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Leftovers of a command that was killed while waiting: results nobody collected, requests nobody withdrew. */
function removeLeftovers(folder: string, now: number): void {
  for (const name of readdirSync(folder)) {
    const file = path.join(folder, name);
    try {
      if (now - statSync(file).mtimeMs > 60 * 60_000 && !name.endsWith('.working')) unlinkSync(file);
    } catch {
      // Gone meanwhile: nothing to remove.
    }
  }
}

/**
 * Asks the server holding DATA_DIR for a dump of its live database and returns the file it wrote (to be moved
 * into place). Fails clearly when the server does not take the request (an older version) or the dump fails.
 */
export async function requestBackupFromServer(
  dataDir: string,
  holderPid: number | undefined,
  timeouts = { pickUpMs: 15_000, finishMs: 10 * 60_000 },
): Promise<string> {
  const folder = requestsFolder(dataDir);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  removeLeftovers(folder, Date.now());
  const id = randomBytes(16).toString('hex');
  const request = path.join(folder, `${id}.request`);
  const result = path.join(folder, `${id}.tar.gz`);
  const failed = path.join(folder, `${id}.failed`);
  writeFileSync(request, '', { flag: 'wx', mode: 0o600 });

  const server = `the server running on DATA_DIR ${dataDir}${holderPid ? ` (pid ${holderPid})` : ''}`;
  const started = Date.now();
  let pickedUp = false;
  for (;;) {
    if (existsSync(result)) return result;
    if (existsSync(failed)) {
      const reason = readFileSync(failed, 'utf8');
      unlinkSync(failed);
      throw new BackupError(`Backup failed in ${server}: ${reason}`);
    }
    pickedUp ||= !existsSync(request);
    const waited = Date.now() - started;
    if (!pickedUp && waited > timeouts.pickUpMs && withdraw(request)) {
      throw new BackupError(
        `No answer from ${server} within ${timeouts.pickUpMs / 1000} s: if it is a version without db:backup ` +
          'support, restart it with this version (or stop it and run db:backup again).',
      );
    }
    if (waited > timeouts.finishMs) {
      throw new BackupError(`The backup by ${server} took longer than ${timeouts.finishMs / 60_000} minutes.`);
    }
    await sleep(200);
  }
}

/** Takes back a request the server has not claimed; false when it claimed it meanwhile. */
function withdraw(request: string): boolean {
  try {
    unlinkSync(request);
    return true;
  } catch {
    return false;
  }
}
