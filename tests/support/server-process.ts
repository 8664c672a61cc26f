import { createServer } from 'node:net';
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
