import { describe, expect, it } from 'vitest';
import { productionEnv, productionEnvWithout } from '@tests/support/production-env';
import { ConfigError, LOCAL_WEBHOOK_SECRET, loadConfig } from './config';

const staging = {
  ...productionEnvWithout('STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'SMTP_URL'),
  ALLOW_TEST_PAYMENTS_AND_OUTBOX: 'true',
  STRIPE_WEBHOOK_SECRET: 'whsec_staging_secret_of_our_own',
};

describe('loadConfig', () => {
  it('has offline defaults for the demo', () => {
    const config = loadConfig({});
    expect(config.port).toBe(5000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:5000');
    expect(config.isProduction).toBe(false);
    expect(config.stagingTestServices).toBe(false);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/db' }, 'DATABASE_URL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ ADMIN_USERNAME: 'owner' }, 'ADMIN_PASSWORD'],
    [{ ALLOW_TEST_PAYMENTS_AND_OUTBOX: 'yes' }, 'ALLOW_TEST_PAYMENTS_AND_OUTBOX: must be true or false'],
    [productionEnvWithout('SESSION_SECRET'), 'SESSION_SECRET: required in production'],
    [productionEnvWithout('PUBLIC_URL'), 'PUBLIC_URL: required in production'],
    [productionEnvWithout('STRIPE_WEBHOOK_SECRET'), 'STRIPE_WEBHOOK_SECRET: required in production'],
  ])('rejects %o naming %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(variable);
  });

  it('trusts no proxy unless TRUST_PROXY names them (addresses, CIDRs, named ranges)', () => {
    expect(loadConfig({}).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: ' ' }).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 172.16.0.0/12,loopback, ::1, fd00::/8' }).trustProxy).toEqual([
      '10.0.0.5',
      '172.16.0.0/12',
      'loopback',
      '::1',
      'fd00::/8',
    ]);
  });

  it.each(['true', '1', '2', 'proxy.internal', '10.0.0.0/33', '10.0.0.1/8/1', '300.1.1.1'])(
    'refuses TRUST_PROXY=%s naming the variable',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
    },
  );

  it.each(['not a url', 'ftp://key@sentry.example/1', 'https://sentry.example/1', 'https://key@sentry.example/'])(
    'refuses SENTRY_DSN=%s naming the variable',
    (value) => {
      expect(() => loadConfig({ SENTRY_DSN: value })).toThrow(/SENTRY_DSN: must be a Sentry DSN/);
    },
  );

  it('reports errors only with a SENTRY_DSN, in the environment NODE_ENV names unless SENTRY_ENVIRONMENT does', () => {
    expect(loadConfig({}).errorReporting).toBeUndefined();
    const dsn = 'https://0123abcd@o1.ingest.sentry.example/42';
    expect(loadConfig({ SENTRY_DSN: dsn }).errorReporting).toEqual({
      dsn,
      environment: 'development',
      release: undefined,
    });
    expect(
      loadConfig({ SENTRY_DSN: dsn, SENTRY_ENVIRONMENT: 'staging', SENTRY_RELEASE: 'v12' }).errorReporting,
    ).toEqual({ dsn, environment: 'staging', release: 'v12' });
  });

  it('keeps /metrics off without METRICS_TOKEN, and wants 16 characters of it in production', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'short' }).metricsToken).toBe('short');
    expect(() => loadConfig({ ...productionEnv, METRICS_TOKEN: 'fifteen-chars-x' })).toThrow(
      /METRICS_TOKEN: must be at least 16 characters in production/,
    );
    expect(loadConfig({ ...productionEnv, METRICS_TOKEN: 'sixteen-chars-xx' }).metricsToken).toBe('sixteen-chars-xx');
  });

  it('accepts a complete production environment', () => {
    const config = loadConfig({ ...productionEnv, PUBLIC_URL: 'https://coolrent.example/' });
    expect(config.isProduction).toBe(true);
    expect(config.publicUrl).toBe('https://coolrent.example');
    expect(config.stagingTestServices).toBe(false);
  });
});

describe('production refuses what is unsafe (ADR 015)', () => {
  it('refuses the local test-card payment page without Stripe, naming STRIPE_SECRET_KEY and the opt-in', () => {
    const env = productionEnvWithout('STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET');
    expect(() => loadConfig(env)).toThrow(/STRIPE_SECRET_KEY: required in production .*ALLOW_TEST_PAYMENTS_AND_OUTBOX/);
  });

  it('refuses the e-mail outbox without SMTP, naming SMTP_URL and the opt-in', () => {
    expect(() => loadConfig(productionEnvWithout('SMTP_URL'))).toThrow(
      /SMTP_URL: required in production .*ALLOW_TEST_PAYMENTS_AND_OUTBOX/,
    );
  });

  it('names every missing variable at once', () => {
    const env = productionEnvWithout('STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'SMTP_URL', 'SESSION_SECRET');
    const message = (() => {
      try {
        loadConfig(env);
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(message).toMatch(/SESSION_SECRET/);
    expect(message).toMatch(/STRIPE_SECRET_KEY/);
    expect(message).toMatch(/SMTP_URL/);
  });

  it('lets a staging site opt in to the local payment page and the outbox, with a webhook secret of its own', () => {
    const config = loadConfig(staging);
    expect(config.stagingTestServices).toBe(true);
    expect(config.stripe.secretKey).toBeUndefined();
    expect(config.mail.smtpUrl).toBeUndefined();
    expect(config.stripe.webhookSecret).toBe('whsec_staging_secret_of_our_own');
  });

  it('refuses the opt-in without a webhook secret of its own', () => {
    expect(() => loadConfig({ ...staging, STRIPE_WEBHOOK_SECRET: '' })).toThrow(
      /STRIPE_WEBHOOK_SECRET: required for the local payment page in production/,
    );
  });

  it('refuses the public local webhook secret in production, staging or not', () => {
    for (const env of [staging, productionEnv]) {
      expect(() => loadConfig({ ...env, STRIPE_WEBHOOK_SECRET: LOCAL_WEBHOOK_SECRET })).toThrow(
        /STRIPE_WEBHOOK_SECRET: the local gateway's public secret is refused in production/,
      );
    }
  });

  it('ignores the opt-in outside production', () => {
    expect(loadConfig({ ALLOW_TEST_PAYMENTS_AND_OUTBOX: 'true' }).stagingTestServices).toBe(false);
  });
});
