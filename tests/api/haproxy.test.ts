import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_RULES } from '@/server/platform/auth/staff-sign-in';
import { freePort } from '@tests/support/server-process';
import { createTestApp, type TestApp } from '@tests/support/test-app';

/**
 * The set-up for real: the app behind haproxy with `option forwardfor` (which appends the address it saw
 * as another X-Forwarded-For line), TRUST_PROXY naming haproxy's address. Clients, haproxy and the app all sit on
 * loopback, each on its own 127.0.0.x address, so the app can tell them apart. Needs the haproxy binary
 * (`apt-get install -y haproxy`; .ci/run installs it); without one this file is skipped and says why.
 */

const onPath = spawnSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' }).stdout.trim();
// Debian puts it in /usr/sbin, which is not on every user's PATH.
const haproxyBinary = [onPath, '/usr/sbin/haproxy', '/usr/local/sbin/haproxy'].find((file) => file && existsSync(file));
const PROXY_SOURCE = '127.0.0.3';
const ACCESS_LOOKUPS_PER_IP = 10;

function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`haproxy did not listen on ${port}`));
        else setTimeout(attempt, 50);
      });
    };
    attempt();
  });
}

/** One POST through haproxy from the client address `from`, with a made-up X-Forwarded-For. */
function post(port: number, from: string, url: string, body: object, forwardedFor: string): Promise<number> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        localAddress: from,
        method: 'POST',
        path: url,
        headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

if (!haproxyBinary) {
  describe('per-IP limits through haproxy', () => {
    it.skip('skipped: no haproxy binary on this machine (apt-get install -y haproxy)', () => {});
  });
} else {
  describe('per-IP limits through haproxy with option forwardfor', () => {
    let t: TestApp;
    let proxy: ChildProcess;
    let proxyPort: number;
    const workDir = mkdtempSync(path.join(os.tmpdir(), 'coolrent-haproxy-'));

    beforeAll(async () => {
      t = await createTestApp({ env: { TRUST_PROXY: PROXY_SOURCE } });
      const appPort = await freePort();
      await t.app.listen({ host: '127.0.0.1', port: appPort });
      proxyPort = await freePort();
      const config = path.join(workDir, 'haproxy.cfg');
      writeFileSync(
        config,
        [
          'defaults',
          '  mode http',
          '  timeout connect 5s',
          '  timeout client 30s',
          '  timeout server 30s',
          'frontend web',
          `  bind 127.0.0.1:${proxyPort}`,
          '  option forwardfor',
          '  default_backend app',
          'backend app',
          `  server app1 127.0.0.1:${appPort} source ${PROXY_SOURCE}`,
          '',
        ].join('\n'),
      );
      proxy = spawn(haproxyBinary, ['-f', config, '-db'], { stdio: 'ignore' });
      await waitForPort(proxyPort, 10_000);
    });

    afterAll(async () => {
      proxy?.kill();
      await t?.close();
      rmSync(workDir, { recursive: true, force: true });
    });

    let spoofCounter = 0;
    const spoofed = () => `192.0.2.${(spoofCounter++ % 250) + 1}`;

    it('rotating X-Forwarded-For does not escape the account-access look-up limit', async () => {
      const lookUp = (from: string) =>
        post(
          proxyPort,
          from,
          '/api/account-access',
          { orderNumber: 'order-ZZZZZZZZ', email: 'no@example.com' },
          spoofed(),
        );
      const statuses: number[] = [];
      for (let call = 0; call < ACCESS_LOOKUPS_PER_IP + 2; call += 1) statuses.push(await lookUp('127.0.0.2'));
      expect(statuses.slice(0, ACCESS_LOOKUPS_PER_IP).every((status) => status === 404)).toBe(true);
      expect(statuses.slice(ACCESS_LOOKUPS_PER_IP)).toEqual([429, 429]);
      // Another client behind the same haproxy keeps its own count.
      expect(await lookUp('127.0.0.4')).toBe(404);
    });

    it('rotating X-Forwarded-For does not escape the admin sign-in back-off', async () => {
      const signIn = (from: string) =>
        post(proxyPort, from, '/api/admin/login', { username: 'owner', password: 'a wrong guess' }, spoofed());
      const free = SIGN_IN_RULES.usernameFromAddress.free + 1;
      const statuses: number[] = [];
      for (let call = 0; call < free + 2; call += 1) statuses.push(await signIn('127.0.0.5'));
      expect(statuses.slice(0, free).every((status) => status === 401)).toBe(true);
      expect(statuses.slice(free)).toEqual([429, 429]);
      expect(await signIn('127.0.0.6')).toBe(401);
    });
  });
}
