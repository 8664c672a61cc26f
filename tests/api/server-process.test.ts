import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { productionEnvWithout } from '../support/production-env';
import { freePort, startServer, waitUntilReady } from '../support/server-process';

// The real entry point as an operator runs it: its own port and DATA_DIR, the lock, shutdown, restart.
// Process-level, so it runs once (in the PGlite project).

async function modelIds(port: number): Promise<string[]> {
  const models = (await (await fetch(`http://127.0.0.1:${port}/api/unit-models`)).json()) as Array<{ id: string }>;
  return models.map((model) => model.id);
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'coolrent-process-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// Each test starts real processes (tsx, initdb of a fresh DATA_DIR): on a loaded 2-core machine that alone can take
// well over Vitest's default 30 s, so these waits are generous; what is asserted does not depend on them.
const processStart = 90_000;

describe.skipIf(process.env.TEST_DB === 'postgres')('the server process', { timeout: 3 * processStart }, () => {
  it('serves on PORT with its own DATA_DIR, refuses a second process, shuts down cleanly and restarts on the same data', async () => {
    const port = await freePort();
    const first = startServer({ PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    await waitUntilReady(`http://127.0.0.1:${port}`, processStart);
    // One line says where the site is: the summary, with the URL the site's links use; not Fastify's own
    // "Server listening at http://127.0.0.1:…" (ADR 015).
    await expect.poll(first.output).toContain(`CoolRent OC on http://localhost:${port} | database: PGlite`);
    expect(first.output().match(/CoolRent OC on/g)).toHaveLength(1);
    expect(first.output()).not.toMatch(/listening/i);
    const seeded = await modelIds(port);
    expect(seeded).toHaveLength(2);
    expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(true);

    const second = startServer({ PORT: String(await freePort()), DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/is in use by another server/);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false);

    const restarted = startServer({ PORT: String(port), DATA_DIR: dataDir });
    await waitUntilReady(`http://127.0.0.1:${port}`, processStart);
    expect(await modelIds(port)).toEqual(seeded);
    restarted.child.kill('SIGINT');
    expect(await restarted.exited).toBe(0);
  }, 90_000);

  it('says in one line, without a stack, that the port is in use, and leaves no lock behind', async () => {
    const port = await freePort();
    const occupant = createServer().listen(port, '127.0.0.1');
    await once(occupant, 'listening');
    try {
      const second = startServer({ PORT: String(port), DATA_DIR: dataDir });
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain(`Port ${port} on 127.0.0.1 is already in use`);
      expect(second.output()).not.toMatch(/\n\s+at /);
      expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
    } finally {
      occupant.close();
    }
  }, 90_000);

  it('reads .env from the working directory; the environment wins over the file', async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'coolrent-dotenv-'));
    try {
      writeFileSync(path.join(folder, '.env'), 'PORT=eighty\nMAIL_FROM=x\n');
      const fromFile = startServer({ DATA_DIR: dataDir }, folder);
      expect(await fromFile.exited).toBe(1);
      expect(fromFile.output()).toMatch(/PORT:/);
      expect(fromFile.output()).toMatch(/MAIL_FROM:/);

      const overridden = startServer(
        { DATA_DIR: dataDir, PORT: 'eighty', MAIL_FROM: 'CoolRent <a@b.example>' },
        folder,
      );
      expect(await overridden.exited).toBe(1);
      expect(overridden.output()).toMatch(/PORT:/);
      expect(overridden.output()).not.toMatch(/MAIL_FROM:/);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('refuses to start on a bad setting and names the variable', async () => {
    const bad = startServer({ PORT: 'eighty', DATA_DIR: dataDir });
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toMatch(/PORT/);
  });

  it('warns, in production on PGlite, that it is one process without replicas (issue 28, guardrails)', async () => {
    const port = await freePort();
    const staging = startServer({
      ...productionEnvWithout('STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'SMTP_URL'),
      ALLOW_TEST_PAYMENTS_AND_OUTBOX: 'true',
      STRIPE_WEBHOOK_SECRET: 'whsec_a_staging_site_of_its_own',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ADMIN_USERNAME: 'owner',
      ADMIN_PASSWORD: 'owner-password-long-enough',
      PORT: String(port),
      DATA_DIR: dataDir,
    });
    try {
      await waitUntilReady(`http://127.0.0.1:${port}`, processStart).catch((error: Error) => {
        throw new Error(`${error.message}\n${staging.output()}`);
      });
      await expect.poll(staging.output).toMatch(/production on PGlite \(no DATABASE_URL\): one process/);
    } finally {
      staging.child.kill('SIGTERM');
      expect(await staging.exited).toBe(0);
    }
  });

  it('refuses a production start without Stripe and SMTP, naming both and the staging opt-in', async () => {
    const unsafe = startServer({
      ...productionEnvWithout('STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'SMTP_URL'),
      PORT: String(await freePort()),
      DATA_DIR: dataDir,
    });
    expect(await unsafe.exited).toBe(1);
    expect(unsafe.output()).toMatch(/STRIPE_SECRET_KEY: required in production/);
    expect(unsafe.output()).toMatch(/SMTP_URL: required in production/);
    expect(unsafe.output()).toMatch(/ALLOW_TEST_PAYMENTS_AND_OUTBOX=true/);
    expect(unsafe.output()).not.toMatch(/\n\s+at /);
  });
});
