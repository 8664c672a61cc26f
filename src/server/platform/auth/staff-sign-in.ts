import { eq, or, sql } from 'drizzle-orm';
import { adminLoginFailedMessage, type AdminLoginInput } from '@/contracts/admin/auth';
import { twoFactorMessages } from '@/contracts/admin/two-factor';
import { adminAudit, recordAudit } from '@/server/platform/audit-log';
import type { Db } from '@/server/platform/db/client';
import { adminUsers, signInThrottles } from '@/server/platform/db/schema';
import { TooManyRequests, Unauthorized } from '../errors';
import { hashPassword, verifyPassword } from '@/server/platform/lib/password';
import { sessionClock } from '../clock';
import { sendBurstAlert, type BurstAlertDeps } from './burst-alert';
import { passwordStampOf, type PendingSignIn } from './pending-sign-in';
import type { SecretBox } from './secret-box';
import { claimAttempt, claimBurstAlert, clearAttempts, takeBackAttempt, type BackoffRule } from './throttle';
import { spendSecondFactor } from './two-factor';

/**
 * Sign-in back-off (throttle.ts), so that an attacker slows only itself (ADR 016):
 * - a browser that signed in before as this username (known-device.ts) counts on its own key only: strangers'
 *   failures never block it;
 * - any other browser counts per username from its address, per address (all usernames: an office sharing one
 *   IP gets room), and per username from all unknown browsers together (a spray from many addresses);
 * - a burst of failures for an existing admin e-mails the admins once.
 * With two-factor on (ADR 031), the code is a second attempt on the same keys: a wrong code is a failed sign-in,
 * and the keys are cleared only once the code is right.
 */
const FIFTEEN_MINUTES = 15 * 60_000;
export const SIGN_IN_RULES = {
  device: { free: 10, capMs: FIFTEEN_MINUTES },
  usernameFromAddress: { free: 5, capMs: FIFTEEN_MINUTES },
  address: { free: 20, capMs: FIFTEEN_MINUTES },
  usernameFromUnknownBrowsers: { free: 20, capMs: FIFTEEN_MINUTES },
} satisfies Record<string, BackoffRule>;
/** Failed attempts from unknown browsers for one admin username, in one burst, that alert the admins. */
export const ALERT_AFTER_FAILURES = 10;

export interface SignInClient {
  ip: string;
  /** The browser's known-device id for this username, or null (known-device.ts). */
  deviceId: string | null;
}

export type SignInDeps = BurstAlertDeps & { totpSecrets: SecretBox };

/** The back-off keys one attempt counts on, narrowest first, and which of them are shared with other people. */
interface SignInAttempt {
  ownKey: string;
  burstKey: string;
  sharedKeys: string[];
  rules: Array<[string, BackoffRule]>;
  knownDevice: boolean;
}

const keyPrefixes = (username: string) => ({
  device: `admin-login:device:${username.toLowerCase()}:`,
  usernameFromAddress: `admin-login:user-ip:${username.toLowerCase()}|`,
  usernameFromUnknownBrowsers: `admin-login:user:${username.toLowerCase()}`,
});

function attemptOf(rawUsername: string, client: SignInClient): SignInAttempt {
  const username = rawUsername.toLowerCase().slice(0, 100);
  const ip = client.ip.slice(0, 64);
  const prefixes = keyPrefixes(username);
  const burstKey = prefixes.usernameFromUnknownBrowsers;
  const ipKey = `admin-login:ip:${ip}`;
  // A known browser counts on its own key; any other on its username-from-address key, and on the shared ones.
  if (client.deviceId) {
    const ownKey = `${prefixes.device}${client.deviceId}`;
    return { ownKey, burstKey, sharedKeys: [], rules: [[ownKey, SIGN_IN_RULES.device]], knownDevice: true };
  }
  const ownKey = `${prefixes.usernameFromAddress}${ip}`;
  return {
    ownKey,
    burstKey,
    sharedKeys: [ipKey, burstKey],
    rules: [
      [ownKey, SIGN_IN_RULES.usernameFromAddress],
      [ipKey, SIGN_IN_RULES.address],
      [burstKey, SIGN_IN_RULES.usernameFromUnknownBrowsers],
    ],
    knownDevice: false,
  };
}

function pleaseWait(retryAt: Date, now: Date): TooManyRequests {
  const seconds = Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 1000));
  const wait = seconds < 90 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;
  return new TooManyRequests(`Too many attempts. Please wait ${wait} and try again.`, seconds);
}

/**
 * Counts the attempt on each key. Narrowest first: an attempt refused by one key is not counted on the keys after
 * it, so a stranger waiting on its own address adds nothing to the username's count from everywhere.
 */
async function claimSignIn(db: Db, attempt: SignInAttempt, now: Date): Promise<void> {
  for (const [key, rule] of attempt.rules) {
    const claim = await claimAttempt(db, key, rule, now);
    if (!claim.allowed) throw pleaseWait(claim.retryAt, now);
  }
}

/** A failed attempt for an existing admin from an unknown browser may be the one that alerts the admins. */
async function refuseSignIn(
  deps: BurstAlertDeps,
  attempt: SignInAttempt,
  admin: { username: string } | undefined,
  message: string,
  now: Date,
): Promise<never> {
  const burst =
    admin && !attempt.knownDevice ? await claimBurstAlert(deps.db, attempt.burstKey, ALERT_AFTER_FAILURES, now) : null;
  if (burst) await sendBurstAlert(deps, { username: admin!.username, ...burst });
  throw new Unauthorized(message);
}

/**
 * The owner proved itself from here: its own key is cleared; the shared ones (the address for every username, the
 * username from all unknown browsers) only lose the attempts this sign-in counted (the password's, and the code's).
 */
async function acceptSignIn(db: Db, attempt: SignInAttempt, attemptsCounted: number): Promise<void> {
  await clearAttempts(db, [attempt.ownKey]);
  for (let n = 0; n < attemptsCounted; n += 1) await takeBackAttempt(db, attempt.sharedKeys);
}

// Verifying against a throwaway hash when the username is unknown keeps both failures equally slow.
let decoyHash: Promise<string> | undefined;
const decoy = () => (decoyHash ??= hashPassword('decoy password that never matches'));

export interface VerifiedPassword {
  id: string;
  username: string;
  /** Two-factor is on: no session until POST /api/admin/login/code (the pending sign-in carries this stamp). */
  codeRequired: boolean;
  passwordStamp: string;
}

export async function verifyAdminCredentials(
  deps: BurstAlertDeps,
  input: AdminLoginInput,
  client: SignInClient,
  now: Date,
): Promise<VerifiedPassword> {
  const attempt = attemptOf(input.username, client);
  await claimSignIn(deps.db, attempt, now);
  const [admin] = await deps.db
    .select({
      id: adminUsers.id,
      username: adminUsers.username,
      password: adminUsers.password,
      disabledAt: adminUsers.disabledAt,
      totpEnabledAt: adminUsers.totpEnabledAt,
    })
    .from(adminUsers)
    .where(eq(adminUsers.username, input.username));
  const passwordMatches = await verifyPassword(admin?.password ?? (await decoy()), input.password);
  // A disabled admin is refused exactly like a wrong password (after the same work), so no one learns who exists.
  if (!admin || !passwordMatches || admin.disabledAt) {
    return refuseSignIn(deps, attempt, admin, adminLoginFailedMessage, now);
  }
  const codeRequired = admin.totpEnabledAt !== null;
  // With two-factor on, the attempt stays counted until the code is right: the password alone proves nothing.
  if (!codeRequired) await acceptSignIn(deps.db, attempt, 1);
  return { id: admin.id, username: admin.username, codeRequired, passwordStamp: passwordStampOf(admin.password) };
}

/**
 * The second step of a sign-in with two-factor on: the code from the app (or a recovery code) of the admin whose
 * password this browser gave (the pending sign-in). A wrong, expired or replayed code is a failed sign-in on the
 * same keys as a wrong password; codes are checked on the machine's time (sessionClock), the phone's.
 */
export async function verifyAdminCode(
  deps: SignInDeps,
  pending: PendingSignIn | null,
  code: string,
  client: SignInClient,
  now: Date,
): Promise<{ id: string; username: string }> {
  const expired = () => new Unauthorized(twoFactorMessages.signInExpired);
  if (!pending) throw expired();
  const attempt = attemptOf(pending.username, client);
  await claimSignIn(deps.db, attempt, now);
  const [admin] = await deps.db
    .select({ username: adminUsers.username, password: adminUsers.password })
    .from(adminUsers)
    .where(
      sql`${adminUsers.id} = ${pending.adminUserId} and ${adminUsers.disabledAt} is null
        and ${adminUsers.totpEnabledAt} is not null`,
    );
  // Disabled, two-factor turned off, or the password changed since: the password must be given again.
  if (!admin || passwordStampOf(admin.password) !== pending.passwordStamp) throw expired();

  const factor = await spendSecondFactor(deps.db, deps.totpSecrets, pending.adminUserId, code, sessionClock.now());
  if (!factor) return refuseSignIn(deps, attempt, admin, twoFactorMessages.wrongSignInCode, now);
  await acceptSignIn(deps.db, attempt, 2);
  if (factor === 'recovery') {
    await recordAudit(
      deps.db,
      adminAudit(pending.adminUserId, 'admin_user.recovery_code_used', 'admin_user', pending.adminUserId),
    );
  }
  return { id: pending.adminUserId, username: admin.username };
}

/**
 * Forgets every back-off count that names this username (its addresses, its known browsers, its burst from unknown
 * browsers), so its owner can sign in at once after a password reset. The per-address counts of all usernames stay.
 */
export async function forgetSignInFailures(db: Db, username: string): Promise<void> {
  const prefixes = keyPrefixes(username);
  const t = signInThrottles;
  await db
    .delete(t)
    .where(
      or(
        eq(t.key, prefixes.usernameFromUnknownBrowsers),
        sql`starts_with(${t.key}, ${prefixes.usernameFromAddress})`,
        sql`starts_with(${t.key}, ${prefixes.device})`,
      ),
    );
}
