import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, waitUntilReady } from '@tests/support/server-process';

export const e2eAdmin = { username: 'e2e-owner', password: 'e2e-owner-password' };

/**
 * Starts the built app (npm run build ran first) on its own port and data, as an operator would. PUBLIC_URL is
 * left unset, as `npm start` leaves it: the site's default address is then http://localhost:PORT while the
 * browser uses 127.0.0.1, and the customer's links must follow the browser (canonical-origin.spec.ts, ADR 015).
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'coolrent-e2e-'));
  mkdirSync('test-results', { recursive: true });
  const log = createWriteStream('test-results/e2e-server.log');
  const server = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      // Unset (empty counts as unset), whatever the shell or a .env file says: the default address, localhost.
      PUBLIC_URL: '',
      ADMIN_USERNAME: e2eAdmin.username,
      ADMIN_PASSWORD: e2eAdmin.password,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout.pipe(log);
  server.stderr.pipe(log);
  const baseUrl = `http://127.0.0.1:${port}`;
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_DATA_DIR = dataDir;
  await waitUntilReady(baseUrl, 120_000).catch((error: Error) => {
    throw new Error(`${error.message} (see test-results/e2e-server.log)`);
  });

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
