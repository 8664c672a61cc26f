import { chmodSync, closeSync, copyFileSync, mkdirSync, openSync, readFileSync, readSync } from 'node:fs';
import { renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

/** Which database a backup file restores into: a PGlite data-dir tarball or a pg_dump custom-format archive. */
export type BackupKind = 'pglite' | 'postgres';

/** A failure the operator can act on, said in one line (the commands print only the message). */
export class BackupError extends Error {
  override name = 'BackupError';
}

const extension: Record<BackupKind, string> = { pglite: '.tar.gz', postgres: '.dump' };

/** A UTC time that sorts and is safe in a file name: 2025-07-01T03-00-00Z. */
export function fileStamp(now: Date): string {
  return now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');
}

export function backupFileName(kind: BackupKind, now: Date, label = ''): string {
  return `coolrent-${kind}-${label ? `${label}-` : ''}${fileStamp(now)}${extension[kind]}`;
}

/**
 * Where a backup goes: by default a timestamped file in DATA_DIR/backups; `requested` may name a directory
 * (an existing one, or any path ending in a slash) for the timestamped file, or the file itself.
 */
export function backupTarget(dataDir: string, kind: BackupKind, now: Date, requested?: string): string {
  const name = backupFileName(kind, now);
  if (!requested) return path.join(dataDir, 'backups', name);
  const isDirectory = /[/\\]$/.test(requested) || statSync(requested, { throwIfNoEntry: false })?.isDirectory();
  return path.resolve(isDirectory ? path.join(requested, name) : requested);
}

/** Backups hold every customer's data: only the owner of the process may read them. */
function prepareDirectory(file: string): void {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
}

/** Writes `contents` to `file` all at once: a file by that name is always a whole backup. */
export function writeBackupFile(file: string, contents: Buffer): void {
  prepareDirectory(file);
  const partial = `${file}.partial`;
  writeFileSync(partial, contents, { mode: 0o600 });
  renameSync(partial, file);
}

/** Moves a finished backup into place (across file systems too), readable by its owner only. */
export function moveBackupFile(from: string, to: string): void {
  prepareDirectory(to);
  chmodSync(from, 0o600);
  try {
    renameSync(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    copyFileSync(from, `${to}.partial`);
    renameSync(`${to}.partial`, to);
    unlinkSync(from);
  }
}

/** A path that does not exist yet, for a step that writes `file` itself (pg_dump): cleaned up by the caller. */
export function partialPath(file: string): string {
  prepareDirectory(file);
  return `${file}.partial`;
}

function readHead(file: string, bytes: number): Buffer {
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(bytes);
    return head.subarray(0, readSync(fd, head, 0, bytes, 0));
  } finally {
    closeSync(fd);
  }
}

/** True when the tar archive holds an entry named `wanted` (a leading slash ignored). */
function tarHasEntry(tar: Buffer, wanted: string): boolean {
  for (let offset = 0; offset + 512 <= tar.length;) {
    const header = tar.subarray(offset, offset + 512);
    const name = header.toString('utf8', 0, 100).replace(/\0.*$/s, '');
    if (name === '') return false; // the end-of-archive block
    if (name.replace(/^\//, '') === wanted) return true;
    const size = Number.parseInt(header.toString('ascii', 124, 136).replace(/\0.*$/s, '').trim() || '0', 8);
    if (!Number.isFinite(size)) return false;
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return false;
}

/**
 * What a backup file is, from its contents (never its name): pg_dump's custom format starts with "PGDMP"; a PGlite
 * backup is a gzipped tar of a PostgreSQL data dir, which has PG_VERSION at its root. Anything else is null.
 */
export function readBackupKind(file: string): BackupKind | null {
  const head = readHead(file, 5);
  if (head.toString('latin1') === 'PGDMP') return 'postgres';
  if (head[0] !== 0x1f || head[1] !== 0x8b) return null;
  try {
    return tarHasEntry(gunzipSync(readFileSync(file)), 'PG_VERSION') ? 'pglite' : null;
  } catch {
    return null; // not gzip after all, or truncated
  }
}

export function describeKind(kind: BackupKind): string {
  return kind === 'pglite' ? 'an embedded-database (PGlite) backup' : 'a PostgreSQL (pg_dump) backup';
}

/** 5.1 MB, 812 kB: enough to tell a healthy backup from an empty one at a glance. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1_000_000) return `${(bytes / 1_000_000).toFixed(1)} MB`;
  if (bytes >= 1_000) return `${Math.round(bytes / 1_000)} kB`;
  return `${bytes} B`;
}
