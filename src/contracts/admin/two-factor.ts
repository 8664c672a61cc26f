import { z } from 'zod';

/**
 * Two-factor sign-in for the dashboard (ADR 031): a code from an authenticator app (TOTP, 6 digits, every 30 s) or
 * one of ten single-use recovery codes, asked after the right password.
 */
export const RECOVERY_CODE_COUNT = 10;

const codeMessage = 'Enter the 6-digit code from your authenticator app, or a recovery code';

/**
 * A code as typed: spaces and dashes are ignored and letters compared in lower case, so "123 456" and
 * "ABCD-EFGH-JKMN-PQRS" are read as the app and the recovery sheet print them.
 */
export const secondFactorCode = z
  .string({ message: codeMessage })
  .max(40, codeMessage)
  .transform((code) => code.replace(/[\s-]/g, '').toLowerCase())
  .pipe(z.string().regex(/^(\d{6}|[0-9a-z]{16})$/, codeMessage));

/** Only the app's current code: while setting up, the recovery codes do not exist yet. */
export const appCode = z
  .string({ message: 'Enter the 6-digit code from your authenticator app' })
  .transform((code) => code.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'));

const password = z.string({ message: 'Password is required' }).min(1, 'Password is required').max(200);

/** GET /api/admin/me/two-factor */
export const twoFactorStatus = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatus>;

/** POST /api/admin/me/two-factor/setup: the password again, so an unlocked screen cannot bind a stranger's phone. */
export const twoFactorSetupInput = z.object({ password });
export type TwoFactorSetupInput = z.infer<typeof twoFactorSetupInput>;

/** The new secret, as a QR code for the app and as text to type in. */
export const twoFactorSetup = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  qrCodeDataUrl: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetup>;

/** POST /api/admin/me/two-factor/enable: the app's code proves it holds the secret. */
export const twoFactorEnableInput = z.object({ code: appCode });
export type TwoFactorEnableInput = z.infer<typeof twoFactorEnableInput>;

/** The recovery codes, shown once. */
export const recoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodes>;

/** POST /api/admin/me/two-factor/disable: the password and a current code (or a recovery code). */
export const twoFactorDisableInput = z.object({ password, code: secondFactorCode });
export type TwoFactorDisableInput = z.infer<typeof twoFactorDisableInput>;

export const twoFactorMessages = {
  wrongPassword: 'Password is incorrect',
  wrongCode: 'That code is not right. Enter the current code from your authenticator app.',
  wrongSignInCode:
    'That code is not right, or was used already. Enter the current code from your authenticator app, or an unused recovery code.',
  signInExpired: 'Your sign-in has expired. Please enter your username and password again.',
  alreadyOn: 'Two-factor sign-in is already on. Turn it off first to set it up again.',
  notStarted: 'Start the set-up again: no two-factor set-up is waiting for a code.',
  notOn: 'Two-factor sign-in is not on.',
} as const;
