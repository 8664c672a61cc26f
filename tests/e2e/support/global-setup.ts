import { createWriteStream, mkdirSync } from 'node:fs';
import { startApp } from '@tests/support/server-process';

export const e2eAdmin = { username: 'e2e-owner', password: 'e2e-owner-password' };

/**
 * Starts the built app (npm run build ran first) on its own port and data, as an operator would. PUBLIC_URL is
 * left unset, as `npm start` leaves it: the site's default address is then http://localhost:PORT while the
 * browser uses 127.0.0.1, and the customer's links must follow the browser (canonical-origin.spec.ts, ADR 015).
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  mkdirSync('test-results', { recursive: true });
  const app = await startApp({
    script: 'dist/server/main.js',
    tmpPrefix: 'coolrent-e2e-',
    readyTimeoutMs: 120_000,
    env: { ADMIN_USERNAME: e2eAdmin.username, ADMIN_PASSWORD: e2eAdmin.password },
    output: createWriteStream('test-results/e2e-server.log'),
  }).catch((error: Error) => {
    throw new Error(`${error.message} (see test-results/e2e-server.log)`);
  });
  process.env.E2E_BASE_URL = app.baseUrl;
  process.env.E2E_DATA_DIR = app.dataDir;
  return app.stop;
}
