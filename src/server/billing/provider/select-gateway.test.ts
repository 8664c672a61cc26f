import { afterAll, describe, expect, it } from 'vitest';
import { productionEnv, productionEnvWithout } from '@tests/support/production-env';
import { createTestDatabase } from '@tests/support/test-app';
import { systemClock } from '@/server/platform/clock';
import { ConfigError, LOCAL_WEBHOOK_SECRET, loadConfig } from '@/server/platform/config';
import { isLocalGateway } from './local-gateway';
import { createPaymentGateway } from './select-gateway';

const t = await createTestDatabase();
afterAll(async () => t.close());

const staging = loadConfig({
  ...productionEnvWithout('STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'SMTP_URL'),
  ALLOW_TEST_PAYMENTS_AND_OUTBOX: 'true',
  STRIPE_WEBHOOK_SECRET: 'whsec_staging_secret_of_our_own',
});

describe('createPaymentGateway', () => {
  it('runs Stripe in production and the local gateway on an opted-in staging site', () => {
    expect(isLocalGateway(createPaymentGateway(loadConfig(productionEnv), t.db, systemClock))).toBe(false);
    expect(isLocalGateway(createPaymentGateway(staging, t.db, systemClock))).toBe(true);
    expect(isLocalGateway(createPaymentGateway(loadConfig({}), t.db, systemClock))).toBe(true);
  });

  // loadConfig refuses these first; the gateway refuses them again where it is built.
  it('refuses the local gateway in production without the opt-in', () => {
    const config = { ...staging, stagingTestServices: false };
    expect(() => createPaymentGateway(config, t.db, systemClock)).toThrow(ConfigError);
    expect(() => createPaymentGateway(config, t.db, systemClock)).toThrow(/STRIPE_SECRET_KEY: required in production/);
  });

  it('refuses the local gateway in production with the public webhook secret', () => {
    const config = { ...staging, stripe: { ...staging.stripe, webhookSecret: LOCAL_WEBHOOK_SECRET } };
    expect(() => createPaymentGateway(config, t.db, systemClock)).toThrow(/STRIPE_WEBHOOK_SECRET/);
  });
});
