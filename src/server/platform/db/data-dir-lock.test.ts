import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir, processIdentity } from './data-dir-lock';

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill();
});

const tempDir = () => mkdtempSync(path.join(os.tmpdir(), 'lock-'));

/** Any live process that is not a server: the pid a stale lock names after a reboot or in a container. */
function unrelatedProcess(): ChildProcess {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
  children.push(child);
  return child;
}

/** Another server process on `dir`: takes the lock with this module and holds it until killed. */
async function serverHolding(dir: string): Promise<ChildProcess> {
  const modulePath = path.join(import.meta.dirname, 'data-dir-lock.ts');
  const code = `const { lockDataDir } = await import(${JSON.stringify(modulePath)}); lockDataDir(${JSON.stringify(dir)}); console.log('locked'); setTimeout(() => {}, 60000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code]);
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && resolve());
    child.on('exit', (code) => reject(new Error(`the holder exited with ${code}`)));
  });
  return child;
}

describe('lockDataDir', () => {
  it('refuses to start while another server holds the lock, and takes over once it is killed', async () => {
    const dir = tempDir();
    const holder = await serverHolding(dir);
    expect(JSON.parse(readFileSync(path.join(dir, 'server.lock'), 'utf8'))).toMatchObject({ pid: holder.pid });
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(`in use by another server (pid ${holder.pid})`);

    holder.kill('SIGKILL');
    await new Promise((resolve) => holder.on('exit', resolve));
    const lock = lockDataDir(dir);
    expect(JSON.parse(readFileSync(path.join(dir, 'server.lock'), 'utf8'))).toMatchObject({ pid: process.pid });
    lock.release();
  });

  it('takes over a lock whose pid now belongs to an unrelated live process (pid reuse)', async () => {
    const dir = tempDir();
    const stranger = unrelatedProcess();
    // What a server that had this pid before a reboot wrote: the same pid, another process start.
    writeFileSync(
      path.join(dir, 'server.lock'),
      JSON.stringify({ pid: stranger.pid, started: 'an-earlier-boot:12345' }),
    );
    expect(processIdentity(stranger.pid!)).not.toBeNull();

    const lock = lockDataDir(dir);
    expect(JSON.parse(readFileSync(path.join(dir, 'server.lock'), 'utf8'))).toEqual({
      pid: process.pid,
      started: processIdentity(process.pid),
    });
    expect(stranger.exitCode).toBeNull(); // the stranger is left alone
    lock.release();
    expect(existsSync(path.join(dir, 'server.lock'))).toBe(false);
  });

  it('still refuses a lock in the old format (a bare pid) whose process is alive', async () => {
    const dir = tempDir();
    const holder = unrelatedProcess();
    writeFileSync(path.join(dir, 'server.lock'), String(holder.pid));
    expect(() => lockDataDir(dir)).toThrow(/in use by another server/);
  });

  it('takes over a lock left by a process that died, and releases it', async () => {
    const dir = tempDir();
    const dead = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => dead.on('exit', resolve));
    writeFileSync(path.join(dir, 'server.lock'), JSON.stringify({ pid: dead.pid, started: 'x' }));
    const lock = lockDataDir(dir);
    expect(existsSync(path.join(dir, 'server.lock'))).toBe(true);
    lock.release();
    expect(existsSync(path.join(dir, 'server.lock'))).toBe(false);
  });

  it('lets exactly one of several servers starting together take over the same stale lock', async () => {
    const dir = tempDir();
    const dead = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => dead.on('exit', resolve));
    writeFileSync(path.join(dir, 'server.lock'), JSON.stringify({ pid: dead.pid, started: 'x' }));
    const modulePath = path.join(import.meta.dirname, 'data-dir-lock.ts');
    // Each starter waits for the same instant, then tries; the winner holds on, a loser says so and exits.
    const at = Date.now() + 4_000;
    const code =
      `const { lockDataDir } = await import(${JSON.stringify(modulePath)}); while (Date.now() < ${at}); ` +
      `try { lockDataDir(${JSON.stringify(dir)}); console.log('locked'); setTimeout(() => {}, 60000); } ` +
      `catch { console.log('refused'); }`;
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, () => {
        const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code]);
        children.push(child);
        return new Promise<string>((resolve) => {
          child.stdout!.on('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
          child.on('exit', () => resolve('exited'));
        });
      }),
    );
    expect(outcomes.filter((outcome) => outcome === 'locked')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'refused')).toHaveLength(4);
  }, 20_000);

  it('tells processes apart by their start: the same pid later is another identity', () => {
    const identity = processIdentity(process.pid);
    expect(identity).toMatch(/\S/);
    expect(processIdentity(process.pid)).toBe(identity);
    expect(processIdentity(process.ppid)).not.toBe(identity);
  });
});
