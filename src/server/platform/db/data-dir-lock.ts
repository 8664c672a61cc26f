import { execFileSync } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
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
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, contents);
      closeSync(fd);
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
      const holder = parseHolder(readOrNull(lockPath) ?? '');
      if (holder && holderIsRunning(holder)) {
        throw new DataDirLockedError(
          `DATA_DIR ${dataDir} is in use by another server (pid ${holder.pid}). ` +
            'Stop it first, or start this one with a different DATA_DIR.',
          holder.pid,
        );
      }
      try {
        unlinkSync(lockPath);
      } catch (unlinkError) {
        // Another starter removed the stale lock first: try again to create ours.
        if ((unlinkError as NodeJS.ErrnoException).code !== 'ENOENT') throw unlinkError;
      }
    }
  }
  throw new DataDirLockedError(`Could not lock DATA_DIR ${dataDir}`);
}
