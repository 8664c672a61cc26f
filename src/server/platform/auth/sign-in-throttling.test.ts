import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { BillingClock } from '../clock';
import { createAdminUser } from '@/server/platform/db/factories';
import { createTestApp } from '@tests/support/test-app';
import { nextAddress } from '@tests/support/admin-client';
import { KNOWN_DEVICE_COOKIE } from './known-device';
import { ALERT_AFTER_FAILURES, SIGN_IN_RULES } from './staff-sign-in';
import { ADMIN_SESSION_COOKIE } from './staff-sessions';

const t = await createTestApp();
afterAll(async () => t.close());
const clock = t.deps.clock as BillingClock;
const wait = (ms: number) => clock.moveTo(new Date(clock.now().getTime() + ms));

const login = (username: string, password: string, remoteAddress = nextAddress(), deviceCookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { username, password },
    remoteAddress,
    cookies: deviceCookie ? { [KNOWN_DEVICE_COOKIE]: deviceCookie } : {},
  });

/** The owner signs in once from its browser, which keeps the known-device cookie. */
async function ownerWithBrowser(username: string, password: string) {
  await createAdminUser(t.db, { username, password, email: `${username}@coolrent.example` });
  const first = await login(username, password);
  expect(first.statusCode).toBe(200);
  const device = first.cookies.find((cookie) => cookie.name === KNOWN_DEVICE_COOKIE)!;
  expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/admin/login' });
  return device.value;
}

const outbox = path.join(t.dataDir, 'outbox');
const outboxFiles = () => (existsSync(outbox) ? readdirSync(outbox) : []);
const outboxSize = () => outboxFiles().length;
const alertsFor = (username: string) =>
  outboxFiles()
    .map((file) => readFileSync(path.join(outbox, file), 'utf8').replace(/=\r?\n/g, ''))
    .filter((eml) => eml.includes('Failed sign-ins to your CoolRent dashboard') && eml.includes(`To: ${username}@`));

describe('admin sign-in throttling', () => {
  it('the owner signs in while a stranger sends wrong passwords for the same username', async () => {
    const browser = await ownerWithBrowser('owner-under-attack', 'the owner password');
    const stranger = '203.0.113.66';
    const answers = [];
    for (let attempt = 0; attempt < 60; attempt += 1) {
      answers.push((await login('owner-under-attack', `guess ${attempt}`, stranger)).statusCode);
    }
    expect(answers.slice(0, SIGN_IN_RULES.usernameFromAddress.free + 1).every((status) => status === 401)).toBe(true);
    expect(answers.filter((status) => status === 429).length).toBeGreaterThan(50);
    // The stranger also rotates addresses (a spray from everywhere): every unknown browser now waits.
    for (let attempt = 0; attempt < 40; attempt += 1) await login('owner-under-attack', `spray ${attempt}`);
    const newBrowser = await login('owner-under-attack', 'the owner password');
    expect(newBrowser.statusCode).toBe(429);
    expect(newBrowser.json().message).toMatch(
      /^Too many attempts\. Please wait \d+ (seconds|minutes) and try again\.$/,
    );
    expect(newBrowser.headers['retry-after']).toMatch(/^[1-9]\d*$/);

    // The owner's browser is not blocked, from its usual address or from the stranger's own.
    for (const address of [nextAddress(), stranger]) {
      const owner = await login('owner-under-attack', 'the owner password', address, browser);
      expect(owner.statusCode).toBe(200);
      expect(owner.cookies.find((cookie) => cookie.name === ADMIN_SESSION_COOKIE)).toBeDefined();
    }
  });

  it('backs off exponentially after the free attempts, and waiting is not extended by refused attempts', async () => {
    await createAdminUser(t.db, { username: 'owner-backoff', password: 'the real password' });
    const address = '203.0.113.70';
    const { free } = SIGN_IN_RULES.usernameFromAddress;
    for (let attempt = 0; attempt <= free; attempt += 1) {
      expect((await login('owner-backoff', 'typo', address)).statusCode).toBe(401);
    }
    // free + 1 attempts made: the next waits 2 s, then 4 s, then 8 s.
    for (const seconds of [2, 4, 8]) {
      for (let refused = 0; refused < 5; refused += 1) {
        const early = await login('owner-backoff', 'the real password', address);
        expect(early.statusCode).toBe(429);
      }
      wait(seconds * 1000 - 1000);
      expect((await login('owner-backoff', 'typo', address)).statusCode).toBe(429);
      wait(1000);
      expect((await login('owner-backoff', 'typo', address)).statusCode).toBe(401);
    }
    // Another address is not slowed by this one.
    expect((await login('owner-backoff', 'the real password')).statusCode).toBe(200);
  });

  it('a right password clears its own address for that username', async () => {
    await createAdminUser(t.db, { username: 'owner-typos', password: 'the real password' });
    const address = '203.0.113.71';
    const { free } = SIGN_IN_RULES.usernameFromAddress;
    for (let attempt = 0; attempt < free; attempt += 1) await login('owner-typos', 'typo', address);
    expect((await login('owner-typos', 'the real password', address)).statusCode).toBe(200);
    for (let attempt = 0; attempt < free; attempt += 1) {
      expect((await login('owner-typos', 'typo', address)).statusCode).toBe(401);
    }
  });

  it('slows one address spraying many usernames', async () => {
    const address = '203.0.113.72';
    const { free } = SIGN_IN_RULES.address;
    for (let attempt = 0; attempt <= free; attempt += 1) {
      expect((await login(`sprayed-${attempt}`, 'Summer2026!', address)).statusCode).toBe(401);
    }
    expect((await login('sprayed-last', 'Summer2026!', address)).statusCode).toBe(429);
    expect((await login('sprayed-last', 'Summer2026!', '203.0.113.73')).statusCode).toBe(401);
  });

  it('refuses a known-device cookie that is forged or was issued for another username', async () => {
    const browser = await ownerWithBrowser('owner-device', 'the owner password');
    const address = '203.0.113.74';
    const { free } = SIGN_IN_RULES.usernameFromAddress;
    for (let attempt = 0; attempt <= free; attempt += 1) await login('owner-device', 'guess', address);
    const [deviceId] = browser.split(':');
    for (const forged of [`${deviceId}:owner-device`, `${browser}x`]) {
      expect((await login('owner-device', 'the owner password', address, forged)).statusCode).toBe(429);
    }
    const otherOwner = await ownerWithBrowser('owner-other', 'another password');
    expect((await login('owner-device', 'the owner password', address, otherOwner)).statusCode).toBe(429);
    expect((await login('owner-device', 'the owner password', address, browser)).statusCode).toBe(200);
  });

  it('e-mails the admins once per burst of failures, not once per attempt', async () => {
    await createAdminUser(t.db, {
      username: 'owner-alerted',
      password: 'the real password',
      email: 'owner-alerted@coolrent.example',
    });
    for (let attempt = 0; attempt < ALERT_AFTER_FAILURES - 1; attempt += 1) {
      await login('owner-alerted', `guess ${attempt}`);
    }
    expect(alertsFor('owner-alerted')).toHaveLength(0);
    for (let attempt = 0; attempt < 15; attempt += 1) await login('owner-alerted', `more ${attempt}`);
    const alerts = alertsFor('owner-alerted');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toContain('To: owner-alerted@');
    expect(alerts[0]).toMatch(/as "owner-alerted" 10 times since/);

    // An hour of quiet ends the burst; the next burst alerts again.
    wait(61 * 60_000);
    for (let attempt = 0; attempt < ALERT_AFTER_FAILURES; attempt += 1)
      await login('owner-alerted', `later ${attempt}`);
    expect(alertsFor('owner-alerted')).toHaveLength(2);
  });

  it('sends no alert for usernames that are not admins', async () => {
    await createAdminUser(t.db, { username: 'owner-quiet', password: 'the real password' });
    const before = outboxSize();
    for (let attempt = 0; attempt < ALERT_AFTER_FAILURES + 2; attempt += 1) await login('nobody-at-all', 'guess');
    expect(outboxSize()).toBe(before);
  });
});
