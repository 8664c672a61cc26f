import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, expect } from 'vitest';
import type { AdminRole } from '@/contracts/admin/team';
import { createAdminUser } from '@/server/platform/db/factories';
import { createTestApp, type TestApp } from '@tests/support/test-app';
import { ADMIN_SESSION_COOKIE } from '@/server/platform/auth/staff-sessions';

export interface AdminClient {
  adminUserId: string;
  username: string;
  cookie: string;
  /** app.inject with the admin's session cookie. */
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
}

let addressCounter = 0;
/** Each sign-in comes from its own address so the per-IP sign-in limit is only hit where a test means to. */
export const nextAddress = () => `10.9.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

/** A new admin user (role admin unless told), signed in through POST /api/admin/login like the browser does. */
export async function signInAdmin(
  t: TestApp,
  password = 'correct horse battery',
  { role = 'admin' }: { role?: AdminRole } = {},
): Promise<AdminClient> {
  const admin = await createAdminUser(t.db, { password, role });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { username: admin.username, password },
    remoteAddress: nextAddress(),
  });
  expect(response.statusCode).toBe(200);
  const token = response.cookies.find((c) => c.name === ADMIN_SESSION_COOKIE)!.value;
  const cookie = `${ADMIN_SESSION_COOKIE}=${token}`;
  return {
    adminUserId: admin.id,
    username: admin.username,
    cookie,
    request: (options) => t.app.inject({ ...options, headers: { ...options.headers, cookie } } as InjectOptions),
  };
}

/**
 * A test file's app (createTestApp with `options`) and an admin signed in to it, for the file's top level: the app
 * closes after the file's tests.
 */
export async function startAdminTestApp(
  options?: Parameters<typeof createTestApp>[0],
): Promise<{ t: TestApp; admin: AdminClient }> {
  const t = await createTestApp(options);
  afterAll(async () => t.close());
  return { t, admin: await signInAdmin(t) };
}
