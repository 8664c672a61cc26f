import { createHash, randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import { RECOVERY_CODE_COUNT } from '@/contracts/admin/two-factor';

/**
 * The rules of two-factor codes (ADR 031), apart from where they are kept: RFC 6238 codes as every authenticator
 * app makes them (SHA-1, 6 digits, 30 s) through otplib, and single-use recovery codes.
 */
export const TOTP_PERIOD_SECONDS = 30;
const ISSUER = 'CoolRent';

/** A new shared secret: 20 random bytes in base32, as the apps expect. */
export const newTotpSecret = (): string => generateSecret();

/** The otpauth:// address the app reads from the QR code: "CoolRent (username)". */
export const totpUri = (secret: string, username: string): string =>
  generateURI({ issuer: ISSUER, label: username, secret });

/** The time step `now` falls in (the one a code shown at `now` is for). */
export const totpStepAt = (now: Date): number => Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS);

/**
 * The time step `code` is valid for: the current one, or the one before or after (a phone's clock a little off),
 * but never one at or before `usedStep` (the newest step a code was already accepted for: no replay). Null when the
 * code does not match.
 */
export async function matchTotp(
  secret: string,
  code: string,
  now: Date,
  usedStep: number | null,
): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOTP_PERIOD_SECONDS,
    ...(usedStep === null ? {} : { afterTimeStep: usedStep }),
  });
  // The functional API types TOTP's and HOTP's answers together; only TOTP's has the step.
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** Crockford's base32: no i, l, o or u, so a code read off paper is not mistyped. */
const RECOVERY_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** One recovery code: 80 random bits as 16 characters, shown in groups of four ("abcd-efgh-jkmn-pqrs"). */
function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  let code = '';
  for (let i = 0; i < 16; i += 1) code = RECOVERY_ALPHABET[Number((bits >> BigInt(5 * i)) & 31n)] + code;
  return code.match(/.{4}/g)!.join('-');
}

export const newRecoveryCodes = (): string[] => Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);

/** A recovery code as typed, in its one spelling: lower case, no spaces or dashes, i/l read as 1 and o as 0. */
export function normaliseRecoveryCode(typed: string): string {
  return typed.toLowerCase().replace(/[\s-]/g, '').replace(/[il]/g, '1').replace(/o/g, '0');
}

/**
 * What is kept of a recovery code: its SHA-256. A fast hash is enough for 80 random bits (2^80 guesses, with no
 * dictionary to start from), where a password needs argon2id; and ten argon2 checks would make each sign-in slow.
 */
export const hashRecoveryCode = (typed: string): string =>
  createHash('sha256').update(normaliseRecoveryCode(typed)).digest('hex');
