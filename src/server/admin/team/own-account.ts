import { eq } from 'drizzle-orm';
import { currentPasswordWrongMessage, type AdminMe, type ChangeOwnPasswordInput } from '@/contracts/admin/team';
import { adminAudit, recordAudit } from '@/server/platform/audit-log';
import type { Db } from '@/server/platform/db/client';
import { adminUsers } from '@/server/platform/db/schema';
import { Invalid, NotFound } from '@/server/platform/errors';
import { enforceRateLimit } from '@/server/platform/http/rate-limit';
import { hashPassword, verifyPassword } from '@/server/platform/lib/password';
import { endSessionsOf, roleOf, type AdminIdentity } from '@/server/platform/auth/staff-sessions';

export async function me(db: Db, adminUserId: string): Promise<AdminMe> {
  const [row] = await db
    .select({ id: adminUsers.id, username: adminUsers.username, email: adminUsers.email, role: adminUsers.role })
    .from(adminUsers)
    .where(eq(adminUsers.id, adminUserId));
  if (!row) throw new NotFound('Admin not found');
  return { ...row, role: roleOf(row.role) };
}

/** A stolen session must not become a way to guess the password it lacks: 10 tries per admin per 15 minutes. */
const CURRENT_PASSWORD_TRIES = { limit: 10, windowMs: 15 * 60_000 };

/**
 * The signed-in admin's password, asked again before a change that needs it. The tries count against one budget
 * per admin, whichever form asks (password, two-factor), so a stolen session is no password oracle. A wrong password
 * is a 400 on `field`.
 */
export async function confirmOwnPassword(
  db: Db,
  adminUserId: string,
  password: string,
  now: Date,
  { field, message }: { field: string; message: string },
): Promise<void> {
  await enforceRateLimit(db, `admin-password:${adminUserId}`, CURRENT_PASSWORD_TRIES, now);
  const [row] = await db
    .select({ password: adminUsers.password })
    .from(adminUsers)
    .where(eq(adminUsers.id, adminUserId));
  if (!row || !(await verifyPassword(row.password, password))) throw new Invalid(message, { [field]: message });
}

/**
 * The signed-in admin's own password: the current one proves it is them (not someone at an unlocked screen); the new
 * one is stored as argon2id. Every other session of theirs ends (a password changed because it leaked must lock the
 * other holder out); the one in use stays.
 */
export async function changeOwnPassword(
  db: Db,
  admin: AdminIdentity,
  input: ChangeOwnPasswordInput,
  now: Date,
): Promise<void> {
  await confirmOwnPassword(db, admin.adminUserId, input.currentPassword, now, {
    field: 'currentPassword',
    message: currentPasswordWrongMessage,
  });
  const password = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(adminUsers).set({ password }).where(eq(adminUsers.id, admin.adminUserId));
    await endSessionsOf(tx, admin.adminUserId, admin.sessionId);
    await recordAudit(
      tx,
      adminAudit(admin.adminUserId, 'admin_user.password_changed', 'admin_user', admin.adminUserId),
    );
  });
}
