import { and, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, describe, expect, it } from 'vitest';
import { adminLoginFailedMessage } from '@/contracts/admin/auth';
import { createAdminUser } from '@/server/platform/db/factories';
import { adminRecoveryCodes, adminUsers, auditEvents } from '@/server/platform/db/schema';
import { createTestApp } from '@tests/support/test-app';
import { nextAddress, signInAdmin } from '@tests/support/admin-client';
import { sessionClock } from '../clock';
import { resetAdminPassword } from './password-reset';
import { SIGN_IN_RULES } from './staff-sign-in';

const t = await createTestApp();
afterAll(async () => t.close());

const newPassword = 'a brand new passphrase';
const login = (username: string, password: string, remoteAddress = nextAddress()) =>
  t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { username, password }, remoteAddress });
const stats = (cookie: string) => t.app.inject({ url: '/api/admin/stats', headers: { cookie } });

/** Two-factor turned on through the Account tab's routes; the code used is one step back, so the current is free. */
async function turnOnTwoFactor(admin: Awaited<ReturnType<typeof signInAdmin>>, password: string) {
  const setup = await admin.request({ method: 'POST', url: '/api/admin/me/two-factor/setup', payload: { password } });
  const epoch = Math.floor(sessionClock.now().getTime() / 1000) - 30;
  const code = await generate({ secret: setup.json().secret, epoch });
  const enabled = await admin.request({ method: 'POST', url: '/api/admin/me/two-factor/enable', payload: { code } });
  expect(enabled.statusCode).toBe(200);
}

describe('resetAdminPassword (admin:reset-password)', () => {
  it('sets the new password, signs the admin out everywhere, and audits the command line as the actor', async () => {
    const admin = await signInAdmin(t, 'the forgotten password');
    const result = await resetAdminPassword(t.db, {
      username: admin.username,
      password: newPassword,
      disableTwoFactor: false,
    });
    expect(result).toEqual({
      username: admin.username,
      disabled: false,
      twoFactorOn: false,
      twoFactorTurnedOff: false,
    });

    expect((await stats(admin.cookie)).statusCode).toBe(401);
    expect((await login(admin.username, 'the forgotten password')).statusCode).toBe(401);
    expect((await login(admin.username, newPassword)).statusCode).toBe(200);
    const [row] = await t.db.select().from(adminUsers).where(eq(adminUsers.id, admin.adminUserId));
    expect(row!.password).toMatch(/^\$argon2id\$/);
    const audits = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, admin.adminUserId), eq(auditEvents.action, 'admin_user.password_reset')));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actorType: 'system',
      actorId: null,
      entityType: 'admin_user',
      details: { by: 'command line', twoFactorTurnedOff: false },
    });
    expect(JSON.stringify(audits[0])).not.toContain(newPassword);
  });

  it('lets the admin sign in at once from an address that was made to wait', async () => {
    const admin = await createAdminUser(t.db, { password: 'the forgotten password' });
    const address = '203.0.113.120';
    for (let attempt = 0; attempt <= SIGN_IN_RULES.usernameFromAddress.free; attempt += 1) {
      expect((await login(admin.username, `a guess ${attempt}`, address)).statusCode).toBe(401);
    }
    expect((await login(admin.username, 'another guess', address)).statusCode).toBe(429);
    await resetAdminPassword(t.db, { username: admin.username, password: newPassword, disableTwoFactor: false });
    expect((await login(admin.username, newPassword, address)).statusCode).toBe(200);
  });

  it('refuses an unknown username, naming the team, and a password the Team tab would refuse', async () => {
    const admin = await createAdminUser(t.db, { username: 'reset-known' });
    await expect(
      resetAdminPassword(t.db, { username: 'Reset-Known', password: newPassword, disableTwoFactor: false }),
    ).rejects.toThrow(
      /^No admin user is named "Reset-Known" \(usernames are case-sensitive\)\. The team: .*reset-known/,
    );
    await expect(
      resetAdminPassword(t.db, { username: admin.username, password: 'too short', disableTwoFactor: false }),
    ).rejects.toThrow('Password must be at least 12 characters');
    await expect(
      resetAdminPassword(t.db, { username: admin.username, password: 'x'.repeat(201), disableTwoFactor: false }),
    ).rejects.toThrow('Password must be at most 200 characters');
  });

  it('keeps a disabled account disabled, and says so', async () => {
    const admin = await createAdminUser(t.db, { disabledAt: new Date('2026-01-01T00:00:00Z') });
    const result = await resetAdminPassword(t.db, {
      username: admin.username,
      password: newPassword,
      disableTwoFactor: false,
    });
    expect(result.disabled).toBe(true);
    const refused = await login(admin.username, newPassword);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: adminLoginFailedMessage });
  });

  it('leaves two-factor on unless told, and with --disable-2fa turns it off with its recovery codes', async () => {
    const admin = await signInAdmin(t, 'the forgotten password');
    await turnOnTwoFactor(admin, 'the forgotten password');

    const kept = await resetAdminPassword(t.db, {
      username: admin.username,
      password: newPassword,
      disableTwoFactor: false,
    });
    expect(kept).toMatchObject({ twoFactorOn: true, twoFactorTurnedOff: false });
    expect((await login(admin.username, newPassword)).json()).toEqual({ username: admin.username, codeRequired: true });

    const off = await resetAdminPassword(t.db, {
      username: admin.username,
      password: newPassword,
      disableTwoFactor: true,
    });
    expect(off).toMatchObject({ twoFactorOn: false, twoFactorTurnedOff: true });
    expect((await login(admin.username, newPassword)).json()).toEqual({ username: admin.username });
    const [row] = await t.db.select().from(adminUsers).where(eq(adminUsers.id, admin.adminUserId));
    expect(row).toMatchObject({ totpSecret: null, totpEnabledAt: null, totpLastStep: null });
    expect(
      await t.db.select().from(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminUserId, admin.adminUserId)),
    ).toEqual([]);
  });
});
