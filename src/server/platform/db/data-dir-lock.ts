import { execFileSync } from 'node:child_process';
import { closeSync, linkSync, mkdirSync, openSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';

  /** The running server's pid, when the lock names one (db:backup asks that server for the dump: ADR 018). */
  constructor(
    message: string,
    readonly holderPid?: number,
  ) {
    super(message);
  }
}

/** What the lock file records: the holder's pid and which process that pid was when it wrote the lock. */
interface LockHolder {
  pid: number;
  /** The process's start identity (processIdentity); absent in a lock written before it was recorded. */
  started?: string;
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOrNull(file: string): string | null {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return null;
  }
}

/**
 * Which process a pid names right now, as a string that differs for any later process given the same pid: on
 * Linux the boot id plus the process's start time in clock ticks since boot (/proc/<pid>/stat, field 22); elsewhere
 * the start time `ps` prints. Null when neither can be read (then only liveness is known).
 */
export function processIdentity(pid: number): string | null {
  const stat = readOrNull(`/proc/${pid}/stat`);
  if (stat !== null) {
    // The command name (field 2) is in parentheses and may hold spaces: count fields after the last ')'.
    const startTicks = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    const bootId = readOrNull('/proc/sys/kernel/random/boot_id') ?? 'unknown-boot';
    return startTicks ? `${bootId}:${startTicks}` : null;
  }
  try {
    const started = execFileSync('ps', ['-o', 'lstart=', '-p', String(pid)], { encoding: 'utf8', stdio: 'pipe' });
    return started.trim() || null;
  } catch {
    return null;
  }
}

function parseHolder(text: string): LockHolder | null {
  try {
    const parsed = JSON.parse(text) as Partial<LockHolder>;
    if (Number.isInteger(parsed.pid)) return { pid: parsed.pid!, started: parsed.started };
  } catch {
    // A lock written before the identity was recorded holds the bare pid.
  }
  const pid = Number.parseInt(text, 10);
  return Number.isInteger(pid) ? { pid } : null;
}

/**
 * True when the lock's holder is a live process and the very one that wrote it. A pid that was reused (after a
 * reboot, or by another container's process) names a process with another start identity: the lock is stale.
 * When the identity cannot be read, a live pid is taken to be the holder: refusing is safe, two writers are not.
 */
function holderIsRunning(holder: LockHolder): boolean {
  if (holder.pid === process.pid || !processIsAlive(holder.pid)) return false;
  if (holder.started === undefined) return true;
  const current = processIdentity(holder.pid);
  return current === null || current === holder.started;
}

/**
 * Takes an exclusive lock on DATA_DIR. PGlite lets two processes open one data directory without complaint and
 * then silently loses writes, so a second process must refuse to start instead. A lock left by a process that
 * died, or naming a pid now used by another process, is taken over (ADR 002).
 */
export function lockDataDir(dataDir: string): { release(): void } {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'server.lock');
  const contents = JSON.stringify({ pid: process.pid, started: processIdentity(process.pid) ?? undefined });
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      createWithContents(lockPath, contents);
      return {
        release() {
          if (readOrNull(lockPath) !== contents) return;
          try {
            unlinkSync(lockPath);
          } catch {
            // Already gone: nothing to release.
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const staleText = readOrNull(lockPath) ?? '';
      const holder = parseHolder(staleText);
      if (holder && holderIsRunning(holder)) {
        throw new DataDirLockedError(
          `DATA_DIR ${dataDir} is in use by another server (pid ${holder.pid}). ` +
            'Stop it first, or start this one with a different DATA_DIR.',
          holder.pid,
        );
      }
      removeStaleLock(lockPath, staleText);
    }
  }
  throw new DataDirLockedError(`Could not lock DATA_DIR ${dataDir}`);
}

/**
 * Creates `file` holding `contents` in one step, failing with EEXIST when it exists: written to a file of its own
 * first, then hard-linked into place, so no other starter ever reads a lock that is there but still empty (which
 * it would take for a stale one).
 */
function createWithContents(file: string, contents: string): void {
  const draft = `${file}.${process.pid}.draft`;
  writeFileSync(draft, contents);
  try {
    linkSync(draft, file);
  } finally {
    unlinkSync(draft);
  }
}

/** A takeover that has not finished in this long was left by a process that died in it. */
const TAKEOVER_STALE_MS = 10_000;

/**
 * Removes the stale lock `staleText` read, only if it is still that one: two servers starting together over the
 * same stale lock must not both remove "the stale lock", the second removing the first's fresh one and both
 * starting (issue 31). One remover at a time (its own file, created exclusively); the loser tries again and finds
 * the winner's live lock.
 */
function removeStaleLock(lockPath: string, staleText: string): void {
  const takeoverPath = `${lockPath}.takeover`;
  let fd: number;
  try {
    fd = openSync(takeoverPath, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    try {
      if (performance.timeOrigin + performance.now() - statSync(takeoverPath).mtimeMs > TAKEOVER_STALE_MS) {
        unlinkSync(takeoverPath);
      }
    } catch {
      // Finished meanwhile.
    }
    return;
  }
  try {
    if (readOrNull(lockPath) === staleText) unlinkSync(lockPath);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  } finally {
    closeSync(fd);
    unlinkSync(takeoverPath);
  }
}
