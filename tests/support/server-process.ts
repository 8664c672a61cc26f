import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawnProjectScript, type ProjectProcess } from './project-process';

/** A TCP port nothing listens on right now, for a server under test. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Polls `${baseUrl}/readyz` until the server answers ready (database reachable). */
export async function waitUntilReady(baseUrl: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server at ${baseUrl} was not ready within ${timeoutMs} ms`);
}

/**
 * main.ts as `npm start` runs it (development, the embedded database, unless `env` says otherwise); `cwd` other
 * than the project's shows which `.env` it reads.
 */
export function startServer(env: Record<string, string>, cwd?: string): ProjectProcess {
  const defaults = { NODE_ENV: 'development', LOG_LEVEL: 'warn', HOST: '127.0.0.1', DATABASE_URL: '' };
  return spawnProjectScript('src/server/main.ts', [], { ...defaults, ...env }, cwd);
}

export type RunningApp = { baseUrl: string; dataDir: string; stop: () => Promise<void> };

/**
 * Starts the app in its own process as an operator would, on a free port with a fresh temporary DATA_DIR and the
 * embedded database (whatever the shell's DATABASE_URL or PUBLIC_URL say), and waits until it is ready. `script`
 * is the built server (dist/server/main.js) or scripts/start.mjs (builds when stale). `stop()` ends it and removes
 * its data. Used by the e2e global set-up, `npm run lighthouse` and `npm run screenshots`.
 */
export async function startApp(options: {
  script: string;
  env?: Record<string, string>;
  tmpPrefix: string;
  readyTimeoutMs: number;
  /** Where its output goes (inherit by default). */
  output?: NodeJS.WritableStream;
  /**
   * Its scheduling priority (os.setPriority, 19 the lowest): a measurement of the browser's main thread on a 2-core
   * machine sets the server aside, since on a phone the server is not sharing its CPU (`npm run lighthouse`).
   */
  priority?: number;
}): Promise<RunningApp> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), options.tmpPrefix));
  const server = spawn(process.execPath, [options.script], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      // Unset (empty counts as unset): the site's default address, as `npm start` has it.
      PUBLIC_URL: '',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: options.output ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit'],
  });
  if (options.priority !== undefined && server.pid !== undefined) os.setPriority(server.pid, options.priority);
  if (options.output) {
    server.stdout?.pipe(options.output);
    server.stderr?.pipe(options.output);
  }
  const exited = new Promise((resolve) => server.once('exit', resolve));
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitUntilReady(baseUrl, options.readyTimeoutMs);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, dataDir, stop };
}
