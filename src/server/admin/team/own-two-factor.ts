import QRCode from 'qrcode';
import {
  twoFactorMessages,
  type RecoveryCodes,
  type TwoFactorDisableInput,
  type TwoFactorEnableInput,
  type TwoFactorSetup,
  type TwoFactorSetupInput,
} from '@/contracts/admin/two-factor';
import { adminAudit, recordAudit } from '@/server/platform/audit-log';
import type { SecretBox } from '@/server/platform/auth/secret-box';
import type { AdminIdentity } from '@/server/platform/auth/staff-sessions';
import { totpUri } from '@/server/platform/auth/totp';
import {
  confirmTwoFactorSetup,
  spendSecondFactor,
  startTwoFactorSetup,
  turnOffTwoFactor,
  twoFactorStatus,
} from '@/server/platform/auth/two-factor';
import type { Db } from '@/server/platform/db/client';
import { Conflict, Invalid } from '@/server/platform/errors';
import { confirmOwnPassword } from './own-account';

/**
 * The signed-in admin's own two-factor sign-in (ADR 031), for every role: set up (password again, then a QR code),
 * switched on by the app's first code (ten recovery codes shown once), turned off with the password and a code.
 * `now` is the app's clock (the password's tries); `codeNow` the machine's (sessionClock), which the phone shares.
 */
export interface TwoFactorContext {
  db: Db;
  totpSecrets: SecretBox;
  admin: AdminIdentity;
}

const audit = (admin: AdminIdentity, action: string) =>
  adminAudit(admin.adminUserId, action, 'admin_user', admin.adminUserId);
const wrongPassword = { field: 'password', message: twoFactorMessages.wrongPassword };

export async function setUpTwoFactor(
  { db, totpSecrets, admin }: TwoFactorContext,
  input: TwoFactorSetupInput,
  now: Date,
): Promise<TwoFactorSetup> {
  await confirmOwnPassword(db, admin.adminUserId, input.password, now, wrongPassword);
  const secret = await startTwoFactorSetup(db, totpSecrets, admin.adminUserId);
  const otpauthUrl = totpUri(secret, admin.username);
  return { secret, otpauthUrl, qrCodeDataUrl: await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 232 }) };
}

export async function enableTwoFactor(
  { db, totpSecrets, admin }: TwoFactorContext,
  input: TwoFactorEnableInput,
  codeNow: Date,
): Promise<RecoveryCodes> {
  return db.transaction(async (tx) => {
    const codes = await confirmTwoFactorSetup(tx, totpSecrets, admin.adminUserId, input.code, codeNow);
    await recordAudit(tx, audit(admin, 'admin_user.two_factor_enabled'));
    return { recoveryCodes: codes };
  });
}

/** Off, with the password (a stolen session cannot) and a code (nor can a stolen password). */
export async function disableTwoFactor(
  { db, totpSecrets, admin }: TwoFactorContext,
  input: TwoFactorDisableInput,
  now: Date,
  codeNow: Date,
): Promise<void> {
  await confirmOwnPassword(db, admin.adminUserId, input.password, now, wrongPassword);
  if (!(await twoFactorStatus(db, admin.adminUserId)).enabled) throw new Conflict(twoFactorMessages.notOn);
  if (!(await spendSecondFactor(db, totpSecrets, admin.adminUserId, input.code, codeNow))) {
    throw new Invalid(twoFactorMessages.wrongSignInCode, { code: twoFactorMessages.wrongSignInCode });
  }
  await db.transaction(async (tx) => {
    await turnOffTwoFactor(tx, admin.adminUserId);
    await recordAudit(tx, audit(admin, 'admin_user.two_factor_disabled'));
  });
}
