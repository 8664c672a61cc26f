import { afterAll, describe, expect, it } from 'vitest';
import { SIGN_IN_RULES } from '@/server/platform/auth/staff-sign-in';
import { createTestApp, type TestApp } from '@tests/support/test-app';

/**
 * Per-IP limits hold whatever a client writes in X-Forwarded-For: with the default (trust no proxy) and behind
 * one trusted proxy (TRUST_PROXY=its address), which appends the address it saw to the client's header.
 * tests/api/haproxy.test.ts does the same through a real haproxy.
 */

let spoofCounter = 0;
/** What a client writes in X-Forwarded-For to pass for someone else each time. */
const spoofed = () => `192.0.2.${(spoofCounter++ % 250) + 1}, 10.${spoofCounter % 250}.0.1`;

const ACCESS_LOOKUPS_PER_IP = 10;

/** Sends `count` requests with a fresh X-Forwarded-For each, as `via` would deliver them; returns the statuses. */
async function rotate(count: number, via: (spoof: string) => object, send: (options: object) => Promise<number>) {
  const statuses: number[] = [];
  for (let call = 0; call < count; call += 1) statuses.push(await send(via(spoofed())));
  return statuses;
}

function limitsOf(t: TestApp) {
  return {
    accountAccess: (options: object) =>
      t.app
        .inject({
          method: 'POST',
          url: '/api/account-access',
          payload: { orderNumber: 'order-ZZZZZZZZ', email: 'nobody@example.com' },
          ...options,
        })
        .then((response) => response.statusCode),
    adminSignIn: (options: object) =>
      t.app
        .inject({
          method: 'POST',
          url: '/api/admin/login',
          payload: { username: 'owner', password: 'a wrong guess' },
          ...options,
        })
        .then((response) => response.statusCode),
  };
}

const freeSignIns = SIGN_IN_RULES.usernameFromAddress.free + 1;

describe('TRUST_PROXY unset (the default): the socket address is the client', () => {
  const ready = createTestApp();
  afterAll(async () => (await ready).close());

  it('rotating X-Forwarded-For does not escape the account-access or sign-in limits', async () => {
    const t = await ready;
    const direct = (address: string) => (spoof: string) => ({
      remoteAddress: address,
      headers: { 'x-forwarded-for': spoof },
    });
    const { accountAccess: lookUp, adminSignIn } = limitsOf(t);
    const lookUps = await rotate(ACCESS_LOOKUPS_PER_IP + 3, direct('198.51.100.7'), lookUp);
    expect(lookUps.slice(0, ACCESS_LOOKUPS_PER_IP).every((status) => status === 404)).toBe(true);
    expect(lookUps.slice(ACCESS_LOOKUPS_PER_IP)).toEqual([429, 429, 429]);

    const signIns = await rotate(freeSignIns + 3, direct('198.51.100.8'), adminSignIn);
    expect(signIns.slice(0, freeSignIns).every((status) => status === 401)).toBe(true);
    expect(signIns.slice(freeSignIns)).toEqual([429, 429, 429]);
  });
});

describe('TRUST_PROXY=127.0.0.1 (one proxy in front)', () => {
  const ready = createTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
  afterAll(async () => (await ready).close());
  /** What the proxy delivers: the client's own header with the address the proxy saw appended. */
  const viaProxy = (client: string) => (spoof: string) => ({
    remoteAddress: '127.0.0.1',
    headers: { 'x-forwarded-for': `${spoof}, ${client}` },
  });

  it('counts each client by the address the proxy saw, whatever it wrote before it', async () => {
    const t = await ready;
    const { accountAccess: lookUp, adminSignIn } = limitsOf(t);
    const lookUps = await rotate(ACCESS_LOOKUPS_PER_IP + 2, viaProxy('203.0.113.20'), lookUp);
    expect(lookUps.slice(ACCESS_LOOKUPS_PER_IP)).toEqual([429, 429]);
    // Another client behind the same proxy has its own count.
    expect(await lookUp(viaProxy('203.0.113.21')(spoofed()))).toBe(404);

    const signIns = await rotate(freeSignIns + 2, viaProxy('203.0.113.22'), adminSignIn);
    expect(signIns.slice(freeSignIns)).toEqual([429, 429]);
    expect(await adminSignIn(viaProxy('203.0.113.23')(spoofed()))).toBe(401);
  });

  it('believes no X-Forwarded-For from a client that reaches the app directly', async () => {
    const t = await ready;
    const { accountAccess: lookUp } = limitsOf(t);
    const direct = (spoof: string) => ({ remoteAddress: '198.51.100.30', headers: { 'x-forwarded-for': spoof } });
    const lookUps = await rotate(ACCESS_LOOKUPS_PER_IP + 2, direct, lookUp);
    expect(lookUps.slice(ACCESS_LOOKUPS_PER_IP)).toEqual([429, 429]);
  });
});
