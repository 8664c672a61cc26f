import { afterAll, describe, expect, it } from 'vitest';
import { productionEnv } from '@tests/support/production-env';
import { createTestApp } from '@tests/support/test-app';
import { startupSummary } from './startup-summary';

const demo = await createTestApp({ env: { PORT: '5123' } });
const production = await createTestApp({
  env: { ...productionEnv, SMTP_URL: 'smtp://mailer:hunter2-secret@mail.coolrent.example:587' },
});
afterAll(async () => Promise.all([demo.close(), production.close()]));

describe('the start-up summary', () => {
  it('names the URL, database, payments, mailer and data dir of the demo', () => {
    const line = startupSummary(demo.deps);
    expect(line).not.toContain('\n');
    expect(line).toContain('CoolRent OC on http://localhost:5123');
    expect(line).toMatch(demo.database.kind === 'postgres' ? /database: PostgreSQL/ : /database: PGlite in /);
    expect(line).toContain('payments: local test-card page');
    expect(line).toContain(`mail: outbox in ${demo.dataDir}/outbox`);
    expect(line).toContain(`data dir: ${demo.dataDir}`);
    expect(line).toContain('API reference: http://localhost:5123/api/docs');
  });

  it('says Stripe and SMTP in production, without the mail password', () => {
    const line = startupSummary(production.deps);
    expect(line).toContain('CoolRent OC on https://coolrent.example');
    expect(line).toContain('payments: Stripe (test key)');
    expect(line).toContain('mail: SMTP via smtp://mailer@mail.coolrent.example:587');
    expect(line).not.toContain('hunter2');
  });
});
