import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminLoginFailedMessage } from '@/contracts/admin/auth';
import { twoFactorMessages } from '@/contracts/admin/two-factor';
import { sessionClock, type BillingClock } from '@/server/platform/clock';
import { adminRecoveryCodes, adminUsers, auditEvents } from '@/server/platform/db/schema';
import { ADMIN_SESSION_COOKIE } from '@/server/platform/auth/staff-sessions';
import { PENDING_SIGN_IN_COOKIE } from '@/server/platform/auth/pending-sign-in';
import { ALERT_AFTER_FAILURES, SIGN_IN_RULES } from '@/server/platform/auth/staff-sign-in';
import { nextAddress, signInAdmin, type AdminClient } from '@tests/support/admin-client';
import { createTestApp } from '@tests/support/test-app';

const t = await createTestApp();
afterAll(async () => t.close());
const appClock = t.deps.clock as BillingClock;

// Codes are checked on the machine's time (sessionClock), which the tests move in whole 30-second steps.
let machineTime = Math.floor(sessionClock.now().getTime() / 30_000) * 30_000 + 10_000;
vi.spyOn(sessionClock, 'now').mockImplementation(() => new Date(machineTime));
const nextStep = () => (machineTime += 30_000);
beforeEach(nextStep);
const appCode = (secret: string, offsetSteps = 0) =>
  generate({ secret, epoch: Math.floor(machineTime / 1000) + offsetSteps * 30 });

const password = 'a long owner passphrase';

/** An admin signed in, with two-factor turned on from the Account tab as the browser does it. */
async function ownerWithTwoFactor(): Promise<AdminClient & { secret: string; recoveryCodes: string[] }> {
  const owner = await signInAdmin(t, password);
  const setup = await owner.request({ method: 'POST', url: '/api/admin/me/two-factor/setup', payload: { password } });
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json();
  const enabled = await owner.request({
    method: 'POST',
    url: '/api/admin/me/two-factor/enable',
    payload: { code: await appCode(secret) },
  });
  expect(enabled.statusCode).toBe(200);
  // The code that switched it on is spent; two steps later, the step before the current one is unused.
  machineTime += 60_000;
  return { ...owner, secret, recoveryCodes: enabled.json().recoveryCodes };
}

const cookieOf = (response: { cookies: Array<{ name: string; value: string }> }, name: string) =>
  response.cookies.find((cookie) => cookie.name === name);

/** The password step: the pending sign-in cookie it gives (or the response when it gave none). */
async function passwordStep(username: string, remoteAddress = nextAddress()) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { username, password },
    remoteAddress,
  });
  return { response, pending: cookieOf(response, PENDING_SIGN_IN_COOKIE)?.value };
}

const codeStep = (code: string, pending: string | undefined, remoteAddress = nextAddress()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/login/code',
    payload: { code },
    remoteAddress,
    cookies: pending ? { [PENDING_SIGN_IN_COOKIE]: pending } : {},
  });

const statsWith = (token: string) =>
  t.app.inject({ url: '/api/admin/stats', cookies: { [ADMIN_SESSION_COOKIE]: token } });

const wrongCodeFor = async (secret: string) =>
  String((Number(await appCode(secret)) + 500_000) % 1_000_000).padStart(6, '0');

describe('setting up two-factor sign-in (Account tab)', () => {
  it('asks the password again, shows a QR code and the secret, switches on with a code, shows 10 recovery codes', async () => {
    const owner = await signInAdmin(t, password);
    const status = () => owner.request({ url: '/api/admin/me/two-factor' }).then((r) => r.json());
    expect(await status()).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });

    const setup = (payload: object) =>
      owner.request({ method: 'POST', url: '/api/admin/me/two-factor/setup', payload });
    const wrong = await setup({ password: 'not my password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors).toEqual({ password: 'Password is incorrect' });
    expect((await setup({})).statusCode).toBe(400);

    const answer = await setup({ password });
    expect(answer.statusCode).toBe(200);
    const { secret, otpauthUrl, qrCodeDataUrl } = answer.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toBe(`otpauth://totp/CoolRent:${owner.username}?secret=${secret}&issuer=CoolRent`);
    expect(qrCodeDataUrl).toMatch(/^data:image\/png;base64,/);
    // Kept sealed: the database alone cannot make codes.
    const [row] = await t.db.select().from(adminUsers).where(eq(adminUsers.id, owner.adminUserId));
    expect(row!.totpSecret).toMatch(/^v1\./);
    expect(row!.totpSecret).not.toContain(secret);

    const enable = (code: string) =>
      owner.request({ method: 'POST', url: '/api/admin/me/two-factor/enable', payload: { code } });
    const badCode = await enable(await wrongCodeFor(secret));
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().fieldErrors.code).toBe(twoFactorMessages.wrongCode);
    expect((await enable('12345')).statusCode).toBe(400);
    expect((await status()).enabled).toBe(false);

    const enabled = await enable(await appCode(secret));
    expect(enabled.statusCode).toBe(200);
    const codes: string[] = enabled.json().recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(await status()).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    const stored = await t.db
      .select()
      .from(adminRecoveryCodes)
      .where(eq(adminRecoveryCodes.adminUserId, owner.adminUserId));
    expect(stored.map((code) => code.codeHash)).not.toContain(codes[0]);

    const again = await setup({ password });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(twoFactorMessages.alreadyOn);
    const audits = await t.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, owner.adminUserId), eq(auditEvents.action, 'admin_user.two_factor_enabled')));
    expect(audits).toHaveLength(1);
  });
});

describe('signing in with two-factor on', () => {
  it('asks for the code after the right password, with no session until the code is right', async () => {
    const owner = await ownerWithTwoFactor();
    const { response, pending } = await passwordStep(owner.username);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ username: owner.username, codeRequired: true });
    expect(cookieOf(response, ADMIN_SESSION_COOKIE)).toBeUndefined();
    expect(cookieOf(response, PENDING_SIGN_IN_COOKIE)).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api/admin/login',
      maxAge: 300,
    });

    const noPending = await codeStep(await appCode(owner.secret), undefined);
    expect(noPending.statusCode).toBe(401);
    expect(noPending.json().message).toBe(twoFactorMessages.signInExpired);
    expect((await codeStep('12 34', pending)).statusCode).toBe(400);

    const signedIn = await codeStep(await appCode(owner.secret), pending);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toEqual({ username: owner.username });
    const session = cookieOf(signedIn, ADMIN_SESSION_COOKIE)!;
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/admin' });
    expect((await statsWith(session.value)).statusCode).toBe(200);
    expect(cookieOf(signedIn, PENDING_SIGN_IN_COOKIE)?.value).toBe('');

    // A wrong password is still the one message, with no pending sign-in.
    const wrongPassword = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: owner.username, password: 'not the password' },
      remoteAddress: nextAddress(),
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ message: adminLoginFailedMessage });
    expect(cookieOf(wrongPassword, PENDING_SIGN_IN_COOKIE)).toBeUndefined();
  });

  it('refuses a code already used (replay), and accepts the one a step before or after', async () => {
    const owner = await ownerWithTwoFactor();
    const code = await appCode(owner.secret, -1);
    expect((await codeStep(code, (await passwordStep(owner.username)).pending)).statusCode).toBe(200);
    const replay = await codeStep(code, (await passwordStep(owner.username)).pending);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe(twoFactorMessages.wrongSignInCode);
    // The current step's code was not used yet, nor the next one's (a phone's clock a little ahead).
    expect((await codeStep(await appCode(owner.secret), (await passwordStep(owner.username)).pending)).statusCode).toBe(
      200,
    );
    const ahead = await appCode(owner.secret, 1);
    expect((await codeStep(ahead, (await passwordStep(owner.username)).pending)).statusCode).toBe(200);
    expect((await codeStep(ahead, (await passwordStep(owner.username)).pending)).statusCode).toBe(401);
  });

  it('throttles wrong codes exactly like wrong passwords: 429 with a wait, and the right code waits too', async () => {
    const owner = await ownerWithTwoFactor();
    const address = '203.0.113.90';
    const { pending } = await passwordStep(owner.username, address);
    const { free } = SIGN_IN_RULES.usernameFromAddress;
    // The password counted as this address's first attempt; wrong codes are the next ones.
    const answers: number[] = [];
    for (let attempt = 0; attempt < free + 1; attempt += 1) {
      answers.push((await codeStep(await wrongCodeFor(owner.secret), pending, address)).statusCode);
    }
    expect(answers).toEqual(Array(free).fill(401).concat(429));
    const refused = await codeStep(await appCode(owner.secret), pending, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Too many attempts. Please wait 2 seconds and try again.');
    expect(refused.headers['retry-after']).toBe('2');

    appClock.moveTo(new Date(appClock.now().getTime() + 2_000));
    const after = await codeStep(await appCode(owner.secret), pending, address);
    expect(after.statusCode).toBe(200);
    // The right code cleared this address's count for the username.
    const { pending: again } = await passwordStep(owner.username, address);
    for (let attempt = 0; attempt < free - 1; attempt += 1) {
      expect((await codeStep(await wrongCodeFor(owner.secret), again, address)).statusCode).toBe(401);
    }
  });

  it('counts the password and the wrong codes of unknown browsers toward the burst alert to the admins', async () => {
    const owner = await ownerWithTwoFactor();
    const outbox = path.join(t.dataDir, 'outbox');
    const alerts = () =>
      (existsSync(outbox) ? readdirSync(outbox) : [])
        .map((file) => readFileSync(path.join(outbox, file), 'utf8').replace(/=\r?\n/g, ''))
        .filter((eml) => eml.includes(`To: ${owner.username}@`) && eml.includes(`as "${owner.username}"`));
    for (let round = 0; round < ALERT_AFTER_FAILURES / 2; round += 1) {
      const address = nextAddress();
      const { pending } = await passwordStep(owner.username, address);
      expect((await codeStep(await wrongCodeFor(owner.secret), pending, address)).statusCode).toBe(401);
    }
    expect(alerts()).toHaveLength(1);
  });

  it('signs in once with each recovery code, typed in any case, and says how many are left', async () => {
    const owner = await ownerWithTwoFactor();
    const [first] = owner.recoveryCodes;
    const typed = first!.toUpperCase().replaceAll('-', ' ');
    const signedIn = await codeStep(typed, (await passwordStep(owner.username)).pending);
    expect(signedIn.statusCode).toBe(200);
    const again = await codeStep(first!, (await passwordStep(owner.username)).pending);
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe(twoFactorMessages.wrongSignInCode);
    const status = await statsWith(cookieOf(signedIn, ADMIN_SESSION_COOKIE)!.value);
    expect(status.statusCode).toBe(200);
    expect((await owner.request({ url: '/api/admin/me/two-factor' })).json().recoveryCodesLeft).toBe(9);
    const used = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, owner.adminUserId), eq(auditEvents.action, 'admin_user.recovery_code_used')));
    expect(used).toHaveLength(1);
  });

  it('lets a pending sign-in lapse after 5 minutes, or when the password changes, or it is forged', async () => {
    const owner = await ownerWithTwoFactor();
    const { pending } = await passwordStep(owner.username);
    machineTime += 5 * 60_000 + 1_000;
    const lapsed = await codeStep(await appCode(owner.secret), pending);
    expect(lapsed.statusCode).toBe(401);
    expect(lapsed.json().message).toBe(twoFactorMessages.signInExpired);

    const { pending: fresh } = await passwordStep(owner.username);
    expect((await codeStep(await appCode(owner.secret), `${fresh}x`)).json().message).toBe(
      twoFactorMessages.signInExpired,
    );
    const changed = await owner.request({
      method: 'POST',
      url: '/api/admin/me/password',
      payload: {
        currentPassword: password,
        newPassword: 'another long passphrase',
        confirmPassword: 'another long passphrase',
      },
    });
    expect(changed.statusCode).toBe(204);
    expect((await codeStep(await appCode(owner.secret), fresh)).json().message).toBe(twoFactorMessages.signInExpired);
  });
});

describe('turning two-factor off', () => {
  it('needs the password and a code; afterwards the password alone signs in', async () => {
    const owner = await ownerWithTwoFactor();
    const disable = (payload: object) =>
      owner.request({ method: 'POST', url: '/api/admin/me/two-factor/disable', payload });
    const wrongPassword = await disable({ password: 'not my password', code: await appCode(owner.secret) });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().fieldErrors).toEqual({ password: 'Password is incorrect' });
    const wrongCode = await disable({ password, code: await wrongCodeFor(owner.secret) });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().fieldErrors).toEqual({ code: twoFactorMessages.wrongSignInCode });
    expect((await disable({ password })).statusCode).toBe(400);

    expect((await disable({ password, code: await appCode(owner.secret) })).statusCode).toBe(204);
    expect((await owner.request({ url: '/api/admin/me/two-factor' })).json()).toEqual({
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
    });
    expect(
      await t.db.select().from(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminUserId, owner.adminUserId)),
    ).toEqual([]);
    const { response } = await passwordStep(owner.username);
    expect(response.json()).toEqual({ username: owner.username });
    expect(cookieOf(response, ADMIN_SESSION_COOKIE)).toBeDefined();
    const again = await disable({ password, code: await appCode(owner.secret, 1) });
    expect(again.statusCode).toBe(409);
  });
});
