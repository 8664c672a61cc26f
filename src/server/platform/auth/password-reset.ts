import { asc, eq } from 'drizzle-orm';
import { newAdminPassword } from '@/contracts/admin/team';
import { recordAudit } from '@/server/platform/audit-log';
import type { Db } from '@/server/platform/db/client';
import { adminUsers } from '@/server/platform/db/schema';
import { Invalid, NotFound } from '../errors';
import { hashPassword } from '@/server/platform/lib/password';
import { endSessionsOf } from './staff-sessions';
import { forgetSignInFailures } from './staff-sign-in';
import { turnOffTwoFactor } from './two-factor';

export interface PasswordReset {
  username: string;
  password: string;
  /** Also turn two-factor sign-in off (the phone and the recovery codes are lost). */
  disableTwoFactor: boolean;
}

export interface PasswordResetResult {
  username: string;
  /** The account stays disabled if it was: a reset is no way around another admin's decision. */
  disabled: boolean;
  /** Two-factor is still on after the reset (the code is still asked at sign-in). */
  twoFactorOn: boolean;
  twoFactorTurnedOff: boolean;
}

/**
 * The way back in for an admin who forgot the password (ADR 031), run by whoever operates the machine
 * (`admin:reset-password`): the Team tab's password rule, every session of the admin ended, the sign-in back-off
 * for that username forgotten, and an audit entry whose actor is the command line.
 */
export async function resetAdminPassword(db: Db, reset: PasswordReset): Promise<PasswordResetResult> {
  const parsed = newAdminPassword.safeParse(reset.password);
  if (!parsed.success) throw new Invalid(parsed.error.issues[0]!.message);
  const [admin] = await db
    .select({
      id: adminUsers.id,
      username: adminUsers.username,
      disabledAt: adminUsers.disabledAt,
      totpEnabledAt: adminUsers.totpEnabledAt,
    })
    .from(adminUsers)
    .where(eq(adminUsers.username, reset.username));
  if (!admin) {
    const known = await db
      .select({ username: adminUsers.username })
      .from(adminUsers)
      .orderBy(asc(adminUsers.createdAt));
    throw new NotFound(
      `No admin user is named "${reset.username}" (usernames are case-sensitive). ` +
        `The team: ${known.map((row) => row.username).join(', ') || 'nobody yet'}.`,
    );
  }
  const password = await hashPassword(parsed.data);
  const twoFactorTurnedOff = reset.disableTwoFactor && admin.totpEnabledAt !== null;
  await db.transaction(async (tx) => {
    await tx.update(adminUsers).set({ password }).where(eq(adminUsers.id, admin.id));
    await endSessionsOf(tx, admin.id);
    await forgetSignInFailures(tx, admin.username);
    if (reset.disableTwoFactor) await turnOffTwoFactor(tx, admin.id);
    await recordAudit(tx, {
      actorType: 'system',
      actorId: null,
      action: 'admin_user.password_reset',
      entityType: 'admin_user',
      entityId: admin.id,
      details: { by: 'command line', twoFactorTurnedOff },
    });
  });
  return {
    username: admin.username,
    disabled: admin.disabledAt !== null,
    twoFactorOn: admin.totpEnabledAt !== null && !reset.disableTwoFactor,
    twoFactorTurnedOff,
  };
}
