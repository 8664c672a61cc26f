import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has offline defaults for the demo', () => {
    const config = loadConfig({});
    expect(config.port).toBe(5000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:5000');
    expect(config.isProduction).toBe(false);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/db' }, 'DATABASE_URL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ ADMIN_USERNAME: 'owner' }, 'ADMIN_PASSWORD'],
    [{ NODE_ENV: 'production', PUBLIC_URL: 'https://coolrent.example' }, 'SESSION_SECRET'],
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

  it('accepts a complete production environment', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://coolrent.example/',
      SESSION_SECRET: 'x'.repeat(32),
      DATABASE_URL: 'postgres://app@db.internal:5432/coolrent',
    });
    expect(config.isProduction).toBe(true);
    expect(config.publicUrl).toBe('https://coolrent.example');
  });
});
