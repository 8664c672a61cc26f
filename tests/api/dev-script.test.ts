import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../support/server-process';

// `npm run dev` (scripts/dev.mjs) as a developer or a process manager runs it: it names the address the site is
// on (Vite's, which proxies the API), and a SIGTERM stops every process it started, grandchildren included, as
// Ctrl-C does. Process-level, so it runs once (in the PGlite project).

const projectRoot = path.resolve(import.meta.dirname, '../..');
// tsx compiling the server, a fresh DATA_DIR's initdb and Vite's start: well over a minute on a loaded machine.
const startTimeout = 120_000;
const stopTimeout = 30_000;

interface DevRun {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const runs: DevRun[] = [];
const dataDirs: string[] = [];

/** scripts/dev.mjs in a process group of its own (as a terminal runs a command), on free ports and a fresh DATA_DIR. */
async function startDev(): Promise<DevRun> {
  const port = await freePort();
  const apiPort = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'coolrent-dev-'));
  dataDirs.push(dataDir);
  const child = spawn(process.execPath, ['scripts/dev.mjs'], {
    cwd: projectRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      API_PORT: String(apiPort),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PUBLIC_URL: '',
      LOG_LEVEL: 'info',
    },
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const run = { child, port, output: () => stripVTControlCharacters(output), exited };
  runs.push(run);
  return run;
}

/** Every live process: its parent and process group (zombies, already dead, left out). */
function processTable(): { pid: number; ppid: number; pgid: number }[] {
  return execFileSync('ps', ['-A', '-o', 'pid=,ppid=,pgid=,stat='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(([pid, , , stat]) => pid && stat && !stat.startsWith('Z'))
    .map(([pid, ppid, pgid]) => ({ pid: Number(pid), ppid: Number(ppid), pgid: Number(pgid) }));
}

/** The process and all its descendants. */
function processTree(root: number): number[] {
  const table = processTable();
  const tree = [root];
  for (let i = 0; i < tree.length; i += 1) {
    for (const row of table) if (row.ppid === tree[i]) tree.push(row.pid);
  }
  return tree;
}

/** The processes still alive among `pids`, or in the process group `group`. */
function stillAlive(pids: number[], group: number): number[] {
  return processTable()
    .filter((row) => pids.includes(row.pid) || row.pgid === group)
    .map((row) => row.pid);
}

/** Waits until the site answers on the address the start-up line names, through Vite's proxy; returns the tree. */
async function waitUntilServing(run: DevRun): Promise<number[]> {
  const site = `http://localhost:${run.port}`;
  await expect
    .poll(run.output, { timeout: startTimeout, interval: 200 })
    .toContain(`CoolRent OC on ${site} | database: PGlite`);
  expect(run.output()).toContain(`Local:   ${site}/`);
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`${site}/healthz`)).status;
        } catch {
          return 0;
        }
      },
      { timeout: startTimeout, interval: 200 },
    )
    .toBe(200);
  // dev.mjs, tsx watch and the server under it, Vite: each of them must be gone after the stop.
  const tree = processTree(run.child.pid!);
  expect(tree.length).toBeGreaterThanOrEqual(4);
  return tree;
}

async function expectAllGone(run: DevRun, tree: number[]): Promise<void> {
  const exit = await Promise.race([
    run.exited,
    new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), stopTimeout)),
  ]);
  expect(exit).toEqual({ code: 0, signal: null });
  // dev.mjs exits once its children have: a grandchild left behind would still be in the group.
  await expect.poll(() => stillAlive(tree, run.child.pid!), { timeout: 5_000, interval: 100 }).toEqual([]);
  expect(run.output()).not.toMatch(/Force killing|didn't exit/);
}

afterEach(() => {
  for (const run of runs.splice(0)) {
    try {
      process.kill(-run.child.pid!, 'SIGKILL');
    } catch {
      // the group is gone
    }
  }
});
afterAll(() => {
  for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(process.env.TEST_DB === 'postgres')('npm run dev', { timeout: startTimeout + 3 * stopTimeout }, () => {
  it('names the address Vite serves the site on, and on SIGTERM stops every process it started, then exits', async () => {
    const run = await startDev();
    const tree = await waitUntilServing(run);
    run.child.kill('SIGTERM');
    await expectAllGone(run, tree);
    expect(run.output()).toMatch(/shutting down: finishing in-flight requests.*SIGTERM/);
  });

  it('stops the same way on Ctrl-C (SIGINT to the whole process group, as a terminal sends it)', async () => {
    const run = await startDev();
    const tree = await waitUntilServing(run);
    process.kill(-run.child.pid!, 'SIGINT');
    await expectAllGone(run, tree);
    expect(run.output()).toMatch(/shutting down: finishing in-flight requests.*SIGINT/);
  });
});
