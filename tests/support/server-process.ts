import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

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

const projectRoot = path.resolve(import.meta.dirname, '../..');

export interface ServerProcess {
  child: ChildProcess;
  /** Everything it wrote to stdout and stderr so far. */
  output: () => string;
  exited: Promise<number>;
}

/**
 * main.ts as `npm start` runs it (development, the embedded database, unless `env` says otherwise); `cwd` other
 * than the project's shows which `.env` it reads.
 */
export function startServer(env: Record<string, string>, cwd = projectRoot): ServerProcess {
  const child = spawn(
    process.execPath,
    [
      '--import',
      path.join(projectRoot, 'node_modules/tsx/dist/loader.mjs'),
      path.join(projectRoot, 'src/server/main.ts'),
    ],
    {
      cwd,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        DATABASE_URL: '',
        TSX_TSCONFIG_PATH: path.join(projectRoot, 'tsconfig.json'),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? -1)));
  return { child, output: () => output, exited };
}
