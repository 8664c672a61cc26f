import { createWriteStream, mkdirSync } from 'node:fs';
import { request } from '@playwright/test';
import { startApp } from '@tests/support/server-process';
import { laDate } from './flows';

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
  // The demo seeds its service visits for the day after start-up (in Los Angeles); a run that crosses midnight
  // must still look for them on that day, not on the day after the spec's own today.
  process.env.E2E_DEMO_TODAY = laDate(0);
  await stockUp(app.baseUrl);
  return app.stop;
}

/**
 * More units of each demo model than the demo fleet's seven: the specs pay for a few dozen rentals between them,
 * and a spec that finds its model sold out by the others tests nothing. Added as the owner adds them (admin API).
 */
async function stockUp(baseUrl: string, perModel = 25): Promise<void> {
  const owner = await request.newContext({ baseURL: baseUrl });
  try {
    const login = await owner.post('/api/admin/login', { data: e2eAdmin });
    if (!login.ok()) throw new Error(`e2e set-up: admin login answered ${login.status()}`);
    const models = (await (await owner.get('/api/unit-models')).json()) as Array<{ id: string; btuTier: string }>;
    for (const model of models) {
      for (let n = 1; n <= perModel; n += 1) {
        const created = await owner.post('/api/admin/units', {
          data: {
            modelId: model.id,
            serial: `E2E-STOCK-${model.id.slice(0, 8)}-${n}`,
            brand: 'Midea',
            model: 'MAP12S1TBL',
            btu: model.btuTier === '12-14k' ? 12_000 : 10_000,
            purchaseDate: '2026-01-15',
            purchasePrice: 449,
          },
        });
        if (created.status() !== 201) throw new Error(`e2e set-up: adding a unit answered ${created.status()}`);
      }
    }
  } finally {
    await owner.dispose();
  }
}
