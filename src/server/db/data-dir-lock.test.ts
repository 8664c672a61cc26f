import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';

describe('lockDataDir', () => {
  it('refuses a second holder while another live process holds the lock', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'lock-'));
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    writeFileSync(path.join(dir, 'server.lock'), String(holder.pid));
    try {
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(/in use by another server/);
    } finally {
      holder.kill();
    }
  });

  it('takes over a lock left by a process that died, and releases it', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'lock-'));
    const dead = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => dead.on('exit', resolve));
    writeFileSync(path.join(dir, 'server.lock'), String(dead.pid));
    const lock = lockDataDir(dir);
    expect(existsSync(path.join(dir, 'server.lock'))).toBe(true);
    lock.release();
    expect(existsSync(path.join(dir, 'server.lock'))).toBe(false);
  });
});
