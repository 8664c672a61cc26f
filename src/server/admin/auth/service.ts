import { eq } from 'drizzle-orm';
import { adminLoginFailedMessage, type AdminLoginInput } from '@/contracts/admin/auth';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/client';
import { adminUsers } from '@/server/db/schema';
import { DEMO_ADMIN } from '@/server/db/seed';
import { Unauthorized } from '@/server/http/errors';
import { enforceRateLimit, resetRateLimit, type RateLimitRule } from '@/server/http/rate-limit';
import { hashPassword, verifyPassword } from '@/server/lib/password';

/**
 * Sign-in attempts allowed in 15 minutes. Per username: a handful of typos, far too few to guess a password. Per
 * address: enough for an office sharing one IP, too few to spray passwords over many usernames. A successful
 * sign-in clears the username's count.
 */
export const LOGIN_LIMIT_PER_USERNAME: RateLimitRule = { limit: 10, windowMs: 15 * 60_000 };
export const LOGIN_LIMIT_PER_IP: RateLimitRule = { limit: 30, windowMs: 15 * 60_000 };

// Verifying against a throwaway hash when the username is unknown keeps both failures equally slow.
let decoyHash: Promise<string> | undefined;
const decoy = () => (decoyHash ??= hashPassword('decoy password that never matches'));

export async function verifyAdminCredentials(
  db: Db,
  input: AdminLoginInput,
  ip: string,
): Promise<{ id: string; username: string }> {
  const usernameKey = `admin-login:user:${input.username.toLowerCase().slice(0, 100)}`;
  await enforceRateLimit(db, `admin-login:ip:${ip}`, LOGIN_LIMIT_PER_IP);
  await enforceRateLimit(db, usernameKey, LOGIN_LIMIT_PER_USERNAME);

  const [admin] = await db
    .select({ id: adminUsers.id, username: adminUsers.username, password: adminUsers.password })
    .from(adminUsers)
    .where(eq(adminUsers.username, input.username));
  const passwordMatches = await verifyPassword(admin?.password ?? (await decoy()), input.password);
  if (!admin || !passwordMatches) throw new Unauthorized(adminLoginFailedMessage);

  await resetRateLimit(db, usernameKey);
  return { id: admin.id, username: admin.username };
}

/** The demo hint: only outside production, and only while the demo admin exists to sign in with. */
export async function demoCredentials(db: Db, config: Config): Promise<{ username: string; password: string } | null> {
  if (config.isProduction) return null;
  const [demo] = await db
    .select({ id: adminUsers.id })
    .from(adminUsers)
    .where(eq(adminUsers.username, DEMO_ADMIN.username));
  return demo ? { ...DEMO_ADMIN } : null;
}
