import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '@/server/platform/config';

/**
 * The deploy kit (deploy/, docs/operations.md) checked as far as this machine can: compose.yaml parsed, and each
 * app service's environment (env.example as the operator's .env, then the file's own variables) accepted by the
 * app's configuration rules; the Dockerfile's steps those of scripts/production-install.sh; both Caddyfiles through
 * `caddy validate` and the systemd units through `systemd-analyze verify`. A machine without caddy or systemd skips
 * those two, except in CI, which installs both and sets REQUIRE_DEPLOY_TOOLS=1. No image is built: no base image
 * can be pulled here.
 */
const root = path.resolve(import.meta.dirname, '../..');
const deploy = (file: string) => path.join(root, 'deploy', file);
const read = (file: string) => readFileSync(deploy(file), 'utf8');
const required = process.env.REQUIRE_DEPLOY_TOOLS === '1';
const has = (tool: string) => required || existsSync(tool);

type Service = { environment?: Record<string, string>; env_file?: string; networks?: unknown };
type Compose = { services: Record<string, Service> };

/** `KEY=value` lines, as Compose reads an env file (comments and blank lines skipped). */
function envFile(text: string): Record<string, string> {
  const entries = text
    .split('\n')
    .filter((line) => /^[A-Z_][A-Z0-9_]*=/.test(line))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)] as const);
  return Object.fromEntries(entries);
}

/** Compose's `${VAR}`, `${VAR:?message}` and `${VAR:-default}` against the .env values. */
function interpolate(value: string, env: Record<string, string>): string {
  return value.replace(/\$\{([A-Z_][A-Z0-9_]*)(?::([?-])([^}]*))?\}/g, (_match, name: string, kind, rest) => {
    const set = env[name];
    if (set !== undefined && set !== '') return set;
    if (kind === '-') return rest as string;
    throw new Error(`compose.yaml needs ${name}: ${rest ?? 'unset'}`);
  });
}

function serviceEnvironment(compose: Compose, name: string, dotEnv: Record<string, string>): NodeJS.ProcessEnv {
  const service = compose.services[name]!;
  const own = Object.entries(service.environment ?? {}).map(([key, value]) => [
    key,
    interpolate(String(value), dotEnv),
  ]);
  return { ...(service.env_file ? dotEnv : {}), ...Object.fromEntries(own) };
}

describe('the deploy kit', () => {
  const compose = parse(read('compose.yaml'), { merge: true }) as Compose;
  const dotEnv = envFile(read('env.example'));

  it('compose.yaml: two app instances, PostgreSQL, Caddy and a backup job', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['app1', 'app2', 'backup', 'caddy', 'postgres']);
  });

  it("compose.yaml: each app service's environment passes the app's own configuration rules, in production", () => {
    const caddy = compose.services.caddy!.networks as { internal: { ipv4_address: string } };
    for (const name of ['app1', 'app2', 'backup']) {
      const env = serviceEnvironment(compose, name, dotEnv);
      const config = loadConfig(env);
      expect(config.isProduction).toBe(true);
      expect(config.databaseUrl).toMatch(/^postgres:\/\/coolrent:[^@]+@postgres:5432\/coolrent$/);
      expect(env.TRUST_PROXY).toBe(caddy.internal.ipv4_address);
    }
  });

  it('compose.yaml: the same check refuses a broken environment (a short session secret, no PostgreSQL password)', () => {
    const weak = { ...dotEnv, SESSION_SECRET: 'short' };
    expect(() => loadConfig(serviceEnvironment(compose, 'app1', weak))).toThrow(/SESSION_SECRET/);
    const noPassword = { ...dotEnv, POSTGRES_PASSWORD: '' };
    expect(() => serviceEnvironment(compose, 'app1', noPassword)).toThrow(/POSTGRES_PASSWORD/);
  });

  it("compose.Caddyfile sends requests to both app services on the app's port", () => {
    const port = compose.services.app1!.environment!.PORT;
    expect(read('compose.Caddyfile')).toContain(`reverse_proxy app1:${port} app2:${port}`);
  });

  it('Dockerfile: multi-stage, non-root, a /data volume, a health check on /readyz, the production install steps', () => {
    const dockerfile = read('Dockerfile');
    expect(dockerfile.match(/^FROM /gm)).toHaveLength(2);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^VOLUME \["\/data"\]$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK [\s\S]*\/readyz/m);
    const proof = readFileSync(path.join(root, 'scripts/production-install.sh'), 'utf8');
    for (const step of ['npm run build', 'npm ci --omit=dev', 'dist/server/main.js']) {
      expect(dockerfile).toContain(step);
      expect(proof).toContain(step);
    }
  });

  it.runIf(has('/usr/bin/caddy'))('both Caddyfiles pass `caddy validate`', () => {
    for (const file of ['Caddyfile', 'compose.Caddyfile']) {
      const output = execFileSync('caddy', ['validate', '--adapter', 'caddyfile', '--config', deploy(file)], {
        env: { ...process.env, SITE_ADDRESS: 'rentals.example.com' },
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      expect(output).toContain('Valid configuration');
    }
  });

  it.runIf(has('/usr/bin/systemd-analyze'))('the systemd units pass `systemd-analyze verify`, hardened', () => {
    const units = ['coolrent.service', 'coolrent-backup.service', 'coolrent-backup.timer'].map(deploy);
    execFileSync('systemd-analyze', ['verify', ...units], { stdio: ['ignore', 'pipe', 'pipe'] });
    const service = read('coolrent.service');
    for (const line of ['Restart=always', 'NoNewPrivileges=yes', 'ProtectSystem=strict', 'StateDirectory=coolrent'])
      expect(service).toContain(line);
  });
});
