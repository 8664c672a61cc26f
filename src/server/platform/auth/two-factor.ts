import { and, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { twoFactorMessages, type TwoFactorStatus } from '@/contracts/admin/two-factor';
import type { Db } from '@/server/platform/db/client';
import { adminRecoveryCodes, adminUsers } from '@/server/platform/db/schema';
import { Conflict, Invalid } from '../errors';
import type { SecretBox } from './secret-box';
import { hashRecoveryCode, matchTotp, newRecoveryCodes, newTotpSecret } from './totp';

/**
 * An admin's two-factor state (ADR 031): the sealed secret, set up and then switched on by a first code; the newest
 * time step a code was accepted for; the recovery codes. Codes are checked against `now`, the machine's time
 * (sessionClock): the phone's clock is real time, while the demo's billing clock may run ahead.
 */

export async function twoFactorStatus(db: Db, adminUserId: string): Promise<TwoFactorStatus> {
  const [admin] = await db
    .select({ enabledAt: adminUsers.totpEnabledAt })
    .from(adminUsers)
    .where(eq(adminUsers.id, adminUserId));
  const [left] = await db
    .select({ n: count() })
    .from(adminRecoveryCodes)
    .where(and(eq(adminRecoveryCodes.adminUserId, adminUserId), isNull(adminRecoveryCodes.usedAt)));
  const enabledAt = admin?.enabledAt ?? null;
  return {
    enabled: enabledAt !== null,
    enabledAt: enabledAt?.toISOString() ?? null,
    recoveryCodesLeft: enabledAt ? (left?.n ?? 0) : 0,
  };
}

/** A new secret waiting for its first code (a set-up started again replaces the one before). */
export async function startTwoFactorSetup(db: Db, box: SecretBox, adminUserId: string): Promise<string> {
  const secret = newTotpSecret();
  const [row] = await db
    .update(adminUsers)
    .set({ totpSecret: box.seal(secret), totpLastStep: null })
    .where(and(eq(adminUsers.id, adminUserId), isNull(adminUsers.totpEnabledAt)))
    .returning({ id: adminUsers.id });
  if (!row) throw new Conflict(twoFactorMessages.alreadyOn);
  return secret;
}

/**
 * Switches two-factor on once the app's first code matches the waiting secret, and returns ten new recovery codes
 * (kept only as hashes). The code's step counts as used. Run it in a transaction (with its audit entry).
 */
export async function confirmTwoFactorSetup(
  tx: Db,
  box: SecretBox,
  adminUserId: string,
  code: string,
  now: Date,
): Promise<string[]> {
  const [admin] = await tx
    .select({ secret: adminUsers.totpSecret, enabledAt: adminUsers.totpEnabledAt })
    .from(adminUsers)
    .where(eq(adminUsers.id, adminUserId))
    .for('update');
  if (admin?.enabledAt) throw new Conflict(twoFactorMessages.alreadyOn);
  const secret = admin?.secret ? box.open(admin.secret) : null;
  if (!secret) throw new Conflict(twoFactorMessages.notStarted);
  const step = await matchTotp(secret, code, now, null);
  if (step === null) throw new Invalid(twoFactorMessages.wrongCode, { code: twoFactorMessages.wrongCode });
  const codes = newRecoveryCodes();
  await tx.update(adminUsers).set({ totpEnabledAt: now, totpLastStep: step }).where(eq(adminUsers.id, adminUserId));
  await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminUserId, adminUserId));
  await tx.insert(adminRecoveryCodes).values(codes.map((c) => ({ adminUserId, codeHash: hashRecoveryCode(c) })));
  return codes;
}

/** Whether the app's code is right now and not used before; a match is spent at once (atomically). */
async function spendAppCode(db: Db, box: SecretBox, adminUserId: string, code: string, now: Date): Promise<boolean> {
  const [admin] = await db
    .select({ secret: adminUsers.totpSecret, lastStep: adminUsers.totpLastStep })
    .from(adminUsers)
    .where(and(eq(adminUsers.id, adminUserId), sql`${adminUsers.totpEnabledAt} is not null`));
  const secret = admin?.secret ? box.open(admin.secret) : null;
  if (!admin || !secret) return false;
  const step = await matchTotp(secret, code, now, admin.lastStep);
  if (step === null) return false;
  // Two requests with the same code at once: only the first moves the step forward.
  const [spent] = await db
    .update(adminUsers)
    .set({ totpLastStep: step })
    .where(and(eq(adminUsers.id, adminUserId), or(isNull(adminUsers.totpLastStep), lt(adminUsers.totpLastStep, step))))
    .returning({ id: adminUsers.id });
  return spent !== undefined;
}

/** Whether `code` is one of the admin's unused recovery codes; a match is spent at once (atomically). */
async function spendRecoveryCode(db: Db, adminUserId: string, code: string, now: Date): Promise<boolean> {
  const [spent] = await db
    .update(adminRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(adminRecoveryCodes.adminUserId, adminUserId),
        eq(adminRecoveryCodes.codeHash, hashRecoveryCode(code)),
        isNull(adminRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: adminRecoveryCodes.id });
  return spent !== undefined;
}

/**
 * Checks a second factor as typed (contracts' secondFactorCode: 6 digits, or a 16-character recovery code) and
 * spends it: 'app' or 'recovery' for the kind that matched, null when none did.
 */
export async function spendSecondFactor(
  db: Db,
  box: SecretBox,
  adminUserId: string,
  code: string,
  now: Date,
): Promise<'app' | 'recovery' | null> {
  if (/^\d{6}$/.test(code)) return (await spendAppCode(db, box, adminUserId, code, now)) ? 'app' : null;
  return (await spendRecoveryCode(db, adminUserId, code, now)) ? 'recovery' : null;
}

/** Two-factor off: the secret, the used step and the recovery codes are forgotten. */
export async function turnOffTwoFactor(db: Db, adminUserId: string): Promise<void> {
  await db
    .update(adminUsers)
    .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null })
    .where(eq(adminUsers.id, adminUserId));
  await db.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminUserId, adminUserId));
}
