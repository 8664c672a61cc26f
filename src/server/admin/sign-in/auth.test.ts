import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@/server/platform/config';
import { createAdminUser } from '@/server/platform/db/factories';
import { adminSessions, adminUsers } from '@/server/platform/db/schema';
import { DEMO_ADMIN } from '@/server/demo/credentials';
import { productionEnv, productionHost } from '@tests/support/production-env';
import { createTestApp } from '@tests/support/test-app';
import { nextAddress, signInAdmin } from '@tests/support/admin-client';
import { demoCredentials } from '@/server/demo/credentials';
import { ADMIN_SESSION_COOKIE } from '@/server/platform/auth/staff-sessions';

const t = await createTestApp();
afterAll(async () => t.close());

const login = (payload: unknown, remoteAddress = nextAddress(), headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/admin/login', payload: payload as object, remoteAddress, headers });

const stats = (cookie?: string) =>
  t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: cookie ? { cookie } : {} });

describe('POST /api/admin/login', () => {
  it('signs in with the right password: an httpOnly, SameSite=Strict cookie scoped to the admin API', async () => {
    const admin = await createAdminUser(t.db, { username: 'owner-login', password: 'a long passphrase' });
    const response = await login({ username: 'owner-login', password: 'a long passphrase' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ username: 'owner-login' });
    const cookie = response.cookies.find((c) => c.name === ADMIN_SESSION_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/admin' });
    expect(cookie.secure).toBeFalsy(); // Secure only in production (checked below)
    expect(response.body).not.toContain('argon2');

    // The table keeps a SHA-256 of the token, never the token itself.
    const [session] = await t.db.select().from(adminSessions).where(eq(adminSessions.adminUserId, admin.id));
    expect(session!.token).toMatch(/^[0-9a-f]{64}$/);
    expect(session!.token).not.toBe(cookie.value);
    expect((await stats(`${ADMIN_SESSION_COOKIE}=${cookie.value}`)).statusCode).toBe(200);
  });

  it('stores passwords as argon2id hashes', async () => {
    const admin = await createAdminUser(t.db);
    const [row] = await t.db.select().from(adminUsers).where(eq(adminUsers.id, admin.id));
    expect(row!.password).toMatch(/^\$argon2id\$/);
  });

  it('gives the same answer for a wrong password and an unknown username, and sets no cookie', async () => {
    await createAdminUser(t.db, { username: 'owner-wrong', password: 'the right one' });
    const wrongPassword = await login({ username: 'owner-wrong', password: 'not it' });
    const unknownUser = await login({ username: 'nobody-here', password: 'the right one' });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownUser.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ message: 'Invalid username or password' });
    expect(unknownUser.json()).toEqual(wrongPassword.json());
    expect(wrongPassword.cookies).toHaveLength(0);
  });

  it.each([
    [{ password: 'x' }, 'username', 'Username is required'],
    [{ username: '   ', password: 'x' }, 'username', 'Username is required'],
    [{ username: 'someone' }, 'password', 'Password is required'],
    [{ username: 'someone', password: '' }, 'password', 'Password is required'],
  ])('refuses %j with the spec message', async (payload, field, message) => {
    const response = await login(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors[field]).toBe(message);
  });

  it('issues a new session on every sign-in and ends the one the browser came with', async () => {
    const first = await signInAdmin(t, 'rotate me please');
    const again = await login({ username: first.username, password: 'rotate me please' }, nextAddress(), {
      cookie: first.cookie,
    });
    const second = again.cookies.find((c) => c.name === ADMIN_SESSION_COOKIE)!.value;
    expect(`${ADMIN_SESSION_COOKIE}=${second}`).not.toBe(first.cookie);
    expect((await stats(first.cookie)).statusCode).toBe(401);
    expect((await stats(`${ADMIN_SESSION_COOKIE}=${second}`)).statusCode).toBe(200);
  });

  it('marks the cookie Secure in production', async () => {
    const production = await createTestApp({
      env: productionEnv,
    });
    try {
      await createAdminUser(production.db, { username: 'prod-owner', password: 'prod password 1' });
      const response = await production.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        headers: { host: productionHost },
        payload: { username: 'prod-owner', password: 'prod password 1' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.cookies.find((c) => c.name === ADMIN_SESSION_COOKIE)!.secure).toBe(true);
    } finally {
      await production.close();
    }
  });
});

describe('admin sessions', () => {
  it('signs out: the session ends, the cookie is cleared, and the stats answer 401', async () => {
    const admin = await signInAdmin(t);
    expect((await stats(admin.cookie)).statusCode).toBe(200);
    const out = await admin.request({ method: 'POST', url: '/api/admin/logout' });
    expect(out.statusCode).toBe(204);
    expect(out.cookies.find((c) => c.name === ADMIN_SESSION_COOKIE)!.value).toBe('');
    const after = await stats(admin.cookie);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: 'Authentication required' });
  });

  it('expires after two idle hours', async () => {
    const admin = await signInAdmin(t);
    await t.db
      .update(adminSessions)
      .set({ lastSeenAt: new Date(Date.now() - 2 * 3_600_000 - 1000) })
      .where(eq(adminSessions.adminUserId, admin.adminUserId));
    const response = await stats(admin.cookie);
    expect(response.statusCode).toBe(401);
    expect(response.cookies.find((c) => c.name === ADMIN_SESSION_COOKIE)!.value).toBe('');
  });

  it('keeps an active session alive by moving lastSeenAt forward', async () => {
    const admin = await signInAdmin(t);
    const anHourAgo = new Date(Date.now() - 3_600_000);
    await t.db
      .update(adminSessions)
      .set({ lastSeenAt: anHourAgo })
      .where(eq(adminSessions.adminUserId, admin.adminUserId));
    expect((await stats(admin.cookie)).statusCode).toBe(200);
    const [session] = await t.db.select().from(adminSessions).where(eq(adminSessions.adminUserId, admin.adminUserId));
    expect(session!.lastSeenAt.getTime()).toBeGreaterThan(anHourAgo.getTime() + 30 * 60_000);
  });

  it('moves lastSeenAt forward once for the requests in flight when its minute passes, not once each', async () => {
    const admin = await signInAdmin(t);
    // Every update of the session row counted by a trigger of this test's own (plain SQL, nothing of ours replaced).
    await t.db.execute(sql`create table if not exists session_touches (session_id uuid)`);
    await t.db.execute(sql`create or replace function count_session_touch() returns trigger language plpgsql as $$
      begin insert into session_touches values (new.id); return null; end; $$`);
    await t.db.execute(sql`create or replace trigger count_session_touches after update on admin_sessions
      for each row execute function count_session_touch()`);
    const fiveMinutesAgo = new Date(Date.now() - 5 * 60_000);
    await t.db
      .update(adminSessions)
      .set({ lastSeenAt: fiveMinutesAgo })
      .where(eq(adminSessions.adminUserId, admin.adminUserId));
    const [session] = await t.db.select().from(adminSessions).where(eq(adminSessions.adminUserId, admin.adminUserId));
    await t.db.execute(sql`delete from session_touches`);

    const answers = await Promise.all(Array.from({ length: 20 }, () => stats(admin.cookie)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
    const [touches] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sql`session_touches`)
      .where(sql`session_id = ${session!.id}`);
    expect(touches!.n).toBe(1);
    const [after] = await t.db.select().from(adminSessions).where(eq(adminSessions.id, session!.id));
    expect(after!.lastSeenAt.getTime()).toBeGreaterThan(fiveMinutesAgo.getTime() + 4 * 60_000);
  });

  it('expires at the absolute limit even when in use', async () => {
    const admin = await signInAdmin(t);
    await t.db
      .update(adminSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(adminSessions.adminUserId, admin.adminUserId));
    expect((await stats(admin.cookie)).statusCode).toBe(401);
  });

  it('does not accept a made-up or tampered token', async () => {
    const admin = await signInAdmin(t);
    expect((await stats(`${ADMIN_SESSION_COOKIE}=made-up-token`)).statusCode).toBe(401);
    expect((await stats(`${admin.cookie}x`)).statusCode).toBe(401);
  });
});

describe('cross-site requests', () => {
  it('refuses a cookie-authenticated write whose Origin is another site', async () => {
    const admin = await signInAdmin(t);
    const response = await admin.request({
      method: 'POST',
      url: '/api/admin/logout',
      headers: { origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'Cross-site request refused' });
    expect((await stats(admin.cookie)).statusCode).toBe(200); // still signed in: the logout did not happen
  });

  it('refuses a write whose Referer is another site when there is no Origin', async () => {
    const response = await login({ username: 'x', password: 'y' }, nextAddress(), {
      referer: 'https://evil.example/page',
    });
    expect(response.statusCode).toBe(403);
  });

  it("accepts writes from the public URL's origin and from the request's own host", async () => {
    const admin = await signInAdmin(t);
    const fromPublicUrl = await admin.request({
      method: 'POST',
      url: '/api/admin/email-templates/preview',
      headers: { origin: t.config.publicUrl },
      payload: { subject: 'Hi', body: 'Hello' },
    });
    expect(fromPublicUrl.statusCode).toBe(200);
    const fromOwnHost = await admin.request({
      method: 'POST',
      url: '/api/admin/email-templates/preview',
      headers: { origin: 'http://10.0.0.5:5000', host: '10.0.0.5:5000' },
      payload: { subject: 'Hi', body: 'Hello' },
    });
    expect(fromOwnHost.statusCode).toBe(200);
  });

  it('lets reads through whatever the Origin (they change nothing)', async () => {
    const admin = await signInAdmin(t);
    const response = await admin.request({
      method: 'GET',
      url: '/api/admin/stats',
      headers: { origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      activeSubscriptions: expect.any(Number),
      totalCustomers: expect.any(Number),
    });
  });
});

describe('GET /api/admin/login (the demo hint)', () => {
  it('offers the demo credentials outside production while the demo admin exists', async () => {
    expect((await t.app.inject({ url: '/api/admin/login' })).json()).toEqual({ demoCredentials: null });
    await createAdminUser(t.db, { ...DEMO_ADMIN });
    expect((await t.app.inject({ url: '/api/admin/login' })).json()).toEqual({
      demoCredentials: { username: 'admin', password: 'coolrent-demo' },
    });
  });

  it('never offers them in production', async () => {
    const production = loadConfig(productionEnv);
    expect(await demoCredentials(t.db, production)).toBeNull();
  });
});
