import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase } from '@tests/support/test-app';
import { describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from './config';
import { createAppDeps } from '../deps';
import { startScheduledWork } from './timer';

describe('the scheduled work on a server that closes', () => {
  it('finishes the run in progress before the database closes, and starts no other', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'coolrent-timer-'));
    const testDatabase = await createTestDatabase();
    try {
      const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
      // As main.ts wires it: the database closes with the app; the work starts at once, before the app is ready.
      const app = await buildApp({ deps: createAppDeps(config, testDatabase.database), logger: false });
      app.addHook('onClose', () => testDatabase.database.close());
      const errors = vi.spyOn(app.log, 'error');
      startScheduledWork(app);
      await app.ready();
      await app.close();
      // A run cut off by the closed database fails on its next statement: give it the time to.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(errors).not.toHaveBeenCalled();
    } finally {
      await testDatabase.close().catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
