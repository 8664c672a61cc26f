import { and, eq, ne } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { adminRoleRequiredMessage, currentPasswordWrongMessage, teamMessages } from '@/contracts/admin/team';
import { adminLoginFailedMessage } from '@/contracts/admin/auth';
import { adminSessions, adminUsers, auditEvents } from '@/server/platform/db/schema';
import { createTestApp } from '@tests/support/test-app';
import { ADMIN_SESSION_COOKIE } from '@/server/platform/auth/staff-sessions';
import { nextAddress, signInAdmin, type AdminClient } from '@tests/support/admin-client';

const t = await createTestApp();
afterAll(async () => t.close());

const login = (username: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { username, password },
    remoteAddress: nextAddress(),
  });
const sessionOf = (response: Awaited<ReturnType<typeof login>>) =>
  `${ADMIN_SESSION_COOKIE}=${response.cookies.find((c) => c.name === ADMIN_SESSION_COOKIE)!.value}`;
const asCookie = (cookie: string) => ({
  get: (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } }),
});

let counter = 0;
async function addMember(owner: AdminClient, role: 'admin' | 'staff', password = 'a long enough password') {
  counter += 1;
  const username = `member-${counter}-${Date.now()}`;
  const response = await owner.request({
    method: 'POST',
    url: '/api/admin/team',
    payload: { username, email: `${username}@coolrent.example`, role, password },
  });
  expect(response.statusCode).toBe(201);
  return { ...(response.json() as { id: string; username: string; role: string }), password };
}

const auditOf = (entityId: string) =>
  t.db
    .select({ action: auditEvents.action, actorId: auditEvents.actorId, details: auditEvents.details })
    .from(auditEvents)
    .where(and(eq(auditEvents.entityType, 'admin_user'), eq(auditEvents.entityId, entityId)))
    .orderBy(auditEvents.createdAt);

describe('adding team members', () => {
  it('adds a staff member with an argon2id password, audited; the response never carries the hash', async () => {
    const owner = await signInAdmin(t);
    const member = await addMember(owner, 'staff');
    expect(member).toMatchObject({ role: 'staff', disabledAt: null });
    expect(JSON.stringify(member)).not.toContain('argon2');
    const [row] = await t.db.select().from(adminUsers).where(eq(adminUsers.id, member.id));
    expect(row!.password).toMatch(/^\$argon2id\$/);
    expect(await auditOf(member.id)).toEqual([
      { action: 'admin_user.created', actorId: owner.adminUserId, details: { role: 'staff' } },
    ]);

    const signIn = await login(member.username, member.password);
    expect(signIn.statusCode).toBe(200);
    const me = await asCookie(sessionOf(signIn)).get('/api/admin/me');
    expect(me.json()).toMatchObject({ id: member.id, username: member.username, role: 'staff' });

    const list = await owner.request({ method: 'GET', url: '/api/admin/team' });
    expect(list.json().items).toContainEqual(expect.objectContaining({ id: member.id, role: 'staff' }));
  });

  it.each([
    [{ password: 'too short' }, 'password', 'Password must be at least 12 characters'],
    [{ username: 'ab' }, 'username', 'Username must be at least 3 characters'],
    [{ username: 'has space' }, 'username', 'Use letters, digits, dots, dashes or underscores'],
    [{ email: 'not-an-email' }, 'email', 'Valid email address required'],
    [{ role: 'owner' }, 'role', 'Choose a role: admin or staff'],
  ])('refuses %j with a 400 naming the field, adding nobody', async (change, field, message) => {
    const owner = await signInAdmin(t);
    const before = await t.db.$count(adminUsers);
    const response = await owner.request({
      method: 'POST',
      url: '/api/admin/team',
      payload: {
        username: 'newbie',
        email: 'newbie@coolrent.example',
        role: 'staff',
        password: 'long enough pw',
        ...change,
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors[field]).toBe(message);
    expect(await t.db.$count(adminUsers)).toBe(before);
  });

  it('refuses a username taken in any case and an e-mail taken, disabled members included', async () => {
    const owner = await signInAdmin(t);
    const member = await addMember(owner, 'staff');
    await owner.request({ method: 'PATCH', url: `/api/admin/team/${member.id}`, payload: { disabled: true } });
    const sameName = await owner.request({
      method: 'POST',
      url: '/api/admin/team',
      payload: {
        username: member.username.toUpperCase(),
        email: 'x1@coolrent.example',
        role: 'staff',
        password: 'long enough pw',
      },
    });
    expect(sameName.statusCode).toBe(400);
    expect(sameName.json().message).toBe(teamMessages.usernameTaken);
    const sameEmail = await owner.request({
      method: 'POST',
      url: '/api/admin/team',
      payload: {
        username: 'fresh-name',
        email: `${member.username}@COOLRENT.example`,
        role: 'staff',
        password: 'long enough pw',
      },
    });
    expect(sameEmail.statusCode).toBe(400);
    expect(sameEmail.json().message).toBe(teamMessages.emailTaken);
  });
});

describe('disabling, re-enabling and changing roles', () => {
  it('disabling ends the member’s sessions at once and refuses its sign-in like a wrong password', async () => {
    const owner = await signInAdmin(t);
    const member = await addMember(owner, 'staff');
    const memberSession = sessionOf(await login(member.username, member.password));
    expect((await asCookie(memberSession).get('/api/admin/stats')).statusCode).toBe(200);

    const disabled = await owner.request({
      method: 'PATCH',
      url: `/api/admin/team/${member.id}`,
      payload: { disabled: true },
    });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json().disabledAt).not.toBeNull();
    expect((await asCookie(memberSession).get('/api/admin/stats')).statusCode).toBe(401);
    expect(await t.db.$count(adminSessions, eq(adminSessions.adminUserId, member.id))).toBe(0);

    const rightPassword = await login(member.username, member.password);
    const wrongPassword = await login(member.username, 'not the password at all');
    expect(rightPassword.statusCode).toBe(401);
    expect(rightPassword.json()).toEqual({ message: adminLoginFailedMessage });
    expect(rightPassword.json()).toEqual(wrongPassword.json());
    expect(rightPassword.cookies.filter((c) => c.name === ADMIN_SESSION_COOKIE)).toHaveLength(0);

    const enabled = await owner.request({
      method: 'PATCH',
      url: `/api/admin/team/${member.id}`,
      payload: { disabled: false },
    });
    expect(enabled.json().disabledAt).toBeNull();
    expect((await login(member.username, member.password)).statusCode).toBe(200);
    expect((await auditOf(member.id)).map((event) => event.action)).toEqual([
      'admin_user.created',
      'admin_user.disabled',
      'admin_user.enabled',
    ]);
  });

  it('a disabled admin’s session fails in the guard even if its row was left behind', async () => {
    const member = await signInAdmin(t, 'a long enough password', { role: 'staff' });
    // Disabled behind the service's back (a script, another tool): the session row still exists.
    await t.db.update(adminUsers).set({ disabledAt: new Date() }).where(eq(adminUsers.id, member.adminUserId));
    expect(await t.db.$count(adminSessions, eq(adminSessions.adminUserId, member.adminUserId))).toBe(1);
    expect((await member.request({ method: 'GET', url: '/api/admin/stats' })).statusCode).toBe(401);
  });

  it('a session already open follows a change of role at its next request', async () => {
    const owner = await signInAdmin(t);
    const member = await addMember(owner, 'admin');
    const memberSession = sessionOf(await login(member.username, member.password));
    expect((await asCookie(memberSession).get('/api/admin/team')).statusCode).toBe(200);

    const demoted = await owner.request({
      method: 'PATCH',
      url: `/api/admin/team/${member.id}`,
      payload: { role: 'staff' },
    });
    expect(demoted.json().role).toBe('staff');
    const refused = await asCookie(memberSession).get('/api/admin/team');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: adminRoleRequiredMessage });
    expect((await auditOf(member.id)).at(-1)).toEqual({
      action: 'admin_user.role_changed',
      actorId: owner.adminUserId,
      details: { from: 'admin', to: 'staff' },
    });
  });

  it('nobody disables or demotes themselves', async () => {
    const owner = await signInAdmin(t);
    await signInAdmin(t); // another enabled admin exists, so this is not about the last one
    for (const payload of [{ disabled: true }, { role: 'staff' }]) {
      const response = await owner.request({ method: 'PATCH', url: `/api/admin/team/${owner.adminUserId}`, payload });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: teamMessages.notYourself });
    }
    const [row] = await t.db.select().from(adminUsers).where(eq(adminUsers.id, owner.adminUserId));
    expect(row).toMatchObject({ role: 'admin', disabledAt: null });
  });

  it('the last enabled admin can be neither disabled nor demoted', async () => {
    const owner = await signInAdmin(t);
    // Every other admin of this test database is disabled: the owner is the last one.
    await t.db.update(adminUsers).set({ disabledAt: new Date() }).where(ne(adminUsers.id, owner.adminUserId));
    for (const payload of [{ disabled: true }, { role: 'staff' }]) {
      const response = await owner.request({ method: 'PATCH', url: `/api/admin/team/${owner.adminUserId}`, payload });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: teamMessages.lastAdmin });
    }
    // Two admins disabling each other at once: one wins, the loser is no longer an admin to act.
    const other = await addMember(owner, 'admin');
    const otherClient = sessionOf(await login(other.username, other.password));
    const [a, b] = await Promise.all([
      owner.request({ method: 'PATCH', url: `/api/admin/team/${other.id}`, payload: { disabled: true } }),
      t.app.inject({
        method: 'PATCH',
        url: `/api/admin/team/${owner.adminUserId}`,
        payload: { disabled: true },
        headers: { cookie: otherClient },
      }),
    ]);
    expect([a.statusCode, b.statusCode].filter((status) => status === 200)).toHaveLength(1);
    const stillEnabled = (await t.db.select().from(adminUsers)).filter(
      (row) => row.role === 'admin' && !row.disabledAt,
    );
    expect(stillEnabled).toHaveLength(1);
  });

  it('answers 404 for an unknown member and 400 for an empty change', async () => {
    const owner = await signInAdmin(t);
    const unknown = await owner.request({
      method: 'PATCH',
      url: '/api/admin/team/00000000-0000-4000-8000-000000000000',
      payload: { disabled: true },
    });
    expect(unknown.statusCode).toBe(404);
    const empty = await owner.request({ method: 'PATCH', url: `/api/admin/team/${owner.adminUserId}`, payload: {} });
    expect(empty.statusCode).toBe(400);
  });
});

describe('changing one’s own password', () => {
  const change = (client: AdminClient, payload: object) =>
    client.request({ method: 'POST', url: '/api/admin/me/password', payload });

  it('needs the current password; keeps this session, ends the others; the new one is argon2id', async () => {
    const member = await signInAdmin(t, 'first password here', { role: 'staff' });
    const otherSession = sessionOf(await login(member.username, 'first password here'));
    const [before] = await t.db.select().from(adminUsers).where(eq(adminUsers.id, member.adminUserId));

    const wrong = await change(member, {
      currentPassword: 'not my password',
      newPassword: 'second password here',
      confirmPassword: 'second password here',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors).toEqual({ currentPassword: currentPasswordWrongMessage });
    const [unchanged] = await t.db.select().from(adminUsers).where(eq(adminUsers.id, member.adminUserId));
    expect(unchanged!.password).toBe(before!.password);
    expect((await asCookie(otherSession).get('/api/admin/stats')).statusCode).toBe(200);

    const changed = await change(member, {
      currentPassword: 'first password here',
      newPassword: 'second password here',
      confirmPassword: 'second password here',
    });
    expect(changed.statusCode).toBe(204);
    expect((await member.request({ method: 'GET', url: '/api/admin/stats' })).statusCode).toBe(200);
    expect((await asCookie(otherSession).get('/api/admin/stats')).statusCode).toBe(401);
    const [after] = await t.db.select().from(adminUsers).where(eq(adminUsers.id, member.adminUserId));
    expect(after!.password).toMatch(/^\$argon2id\$/);
    expect((await login(member.username, 'first password here')).statusCode).toBe(401);
    expect((await login(member.username, 'second password here')).statusCode).toBe(200);
    expect((await auditOf(member.adminUserId)).map((event) => event.action)).toEqual(['admin_user.password_changed']);
  });

  it.each([
    [{ newPassword: 'short', confirmPassword: 'short' }, 'newPassword', 'Password must be at least 12 characters'],
    [{ confirmPassword: 'something else entirely' }, 'confirmPassword', 'The two new passwords do not match'],
    [
      { newPassword: 'first password here', confirmPassword: 'first password here' },
      'newPassword',
      'The new password must differ from the current one',
    ],
  ])('refuses %j', async (override, field, message) => {
    const member = await signInAdmin(t, 'first password here');
    const valid = {
      currentPassword: 'first password here',
      newPassword: 'second password here',
      confirmPassword: 'second password here',
    };
    const response = await change(member, Object.assign(valid, override));
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors[field]).toBe(message);
  });
});
