// `npm run lighthouse` (CI runs it after the tests, on their build): Lighthouse CI's mobile preset with its default
// simulated throttling on /, /catalog and /checkout of the built app, started on a free port with a temporary
// DATA_DIR as the e2e tests start it. Fails (exit 1) under a page's performance floor or 0.98 accessibility,
// or shifts its layout at all (lighthouserc.json). Reports: test-results/lighthouse.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, waitUntilReady } from '../tests/support/server-process';

const pages = ['/', '/catalog', '/checkout'];
const port = await freePort();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'coolrent-lighthouse-'));
const server = spawn(process.execPath, ['dist/server/main.js'], {
  env: {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    PUBLIC_URL: '',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const baseUrl = `http://127.0.0.1:${port}`;

let status: number;
try {
  await waitUntilReady(baseUrl, 120_000);
  // The first request waits for the server's first render of the public pages; not part of any measurement.
  await fetch(`${baseUrl}/`);
  const lhci = (args: string[]) =>
    spawnSync(process.execPath, ['node_modules/@lhci/cli/src/cli.js', ...args], { stdio: 'inherit' }).status ?? 1;
  status = lhci(['collect', ...pages.map((page) => `--url=${baseUrl}${page}`)]);
  if (status === 0) status = lhci(['assert']);
  lhci(['upload']);
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(status);
