import { eq } from 'drizzle-orm';
import { adminLoginFailedMessage, type AdminLoginInput } from '@/contracts/admin/auth';
import { adminUsers } from '@/server/platform/db/schema';
import { TooManyRequests, Unauthorized } from '../errors';
import { hashPassword, verifyPassword } from '@/server/platform/lib/password';
import { sendBurstAlert, type BurstAlertDeps } from './burst-alert';
import { claimAttempt, claimBurstAlert, clearAttempts, takeBackAttempt, type BackoffRule } from './throttle';

/**
 * Sign-in back-off (throttle.ts), so that an attacker slows only itself (ADR 016):
 * - a browser that signed in before as this username (known-device.ts) counts on its own key only: strangers'
 *   failures never block it;
 * - any other browser counts per username from its address, per address (all usernames: an office sharing one
 *   IP gets room), and per username from all unknown browsers together (a spray from many addresses);
 * - a burst of failures for an existing admin e-mails the admins once.
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

function pleaseWait(retryAt: Date, now: Date): TooManyRequests {
  const seconds = Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 1000));
  const wait = seconds < 90 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;
  return new TooManyRequests(`Too many attempts. Please wait ${wait} and try again.`, seconds);
}

// Verifying against a throwaway hash when the username is unknown keeps both failures equally slow.
let decoyHash: Promise<string> | undefined;
const decoy = () => (decoyHash ??= hashPassword('decoy password that never matches'));

export async function verifyAdminCredentials(
  deps: BurstAlertDeps,
  input: AdminLoginInput,
  client: SignInClient,
  now: Date,
): Promise<{ id: string; username: string }> {
  const { db } = deps;
  const username = input.username.toLowerCase().slice(0, 100);
  const ip = client.ip.slice(0, 64);
  const burstKey = `admin-login:user:${username}`;
  const ipKey = `admin-login:ip:${ip}`;
  // A known browser counts on its own key; any other on its username-from-address key, and on the shared ones.
  const ownKey = client.deviceId ? `admin-login:device:${client.deviceId}` : `admin-login:user-ip:${username}|${ip}`;
  const keys: Array<[string, BackoffRule]> = client.deviceId
    ? [[ownKey, SIGN_IN_RULES.device]]
    : [
        [ownKey, SIGN_IN_RULES.usernameFromAddress],
        [ipKey, SIGN_IN_RULES.address],
        [burstKey, SIGN_IN_RULES.usernameFromUnknownBrowsers],
      ];
  // Narrowest first: an attempt refused by one key is not counted on the keys after it, so a stranger waiting on
  // its own address adds nothing to the username's count from everywhere.
  for (const [key, rule] of keys) {
    const claim = await claimAttempt(db, key, rule, now);
    if (!claim.allowed) throw pleaseWait(claim.retryAt, now);
  }

  const [admin] = await db
    .select({
      id: adminUsers.id,
      username: adminUsers.username,
      password: adminUsers.password,
      disabledAt: adminUsers.disabledAt,
    })
    .from(adminUsers)
    .where(eq(adminUsers.username, input.username));
  const passwordMatches = await verifyPassword(admin?.password ?? (await decoy()), input.password);
  // A disabled admin is refused exactly like a wrong password (after the same work), so no one learns who exists.
  if (!admin || !passwordMatches || admin.disabledAt) {
    const burst = admin && !client.deviceId ? await claimBurstAlert(db, burstKey, ALERT_AFTER_FAILURES, now) : null;
    if (burst) await sendBurstAlert(deps, { username: admin!.username, ...burst });
    throw new Unauthorized(adminLoginFailedMessage);
  }

  // The owner proved itself from here: its own key is cleared; the shared ones (the address for every username,
  // the username from all unknown browsers) only lose this attempt.
  await clearAttempts(db, [ownKey]);
  if (!client.deviceId) await takeBackAttempt(db, [ipKey, burstKey]);
  return { id: admin.id, username: admin.username };
}
