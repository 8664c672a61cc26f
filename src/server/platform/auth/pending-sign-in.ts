import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * "This browser gave the right password a moment ago; a code is still needed" (ADR 031): the admin's id, when, a
 * fingerprint of the password hash it matched and the username, signed with SESSION_SECRET, httpOnly, SameSite=Strict
 * and sent only to the sign-in routes. It is no session: it opens nothing but POST /api/admin/login/code, for 5
 * minutes, and a password changed (or reset) since makes it worthless.
 */
export const PENDING_SIGN_IN_COOKIE = 'cr_admin_pending';
const PENDING_SIGN_IN_PATH = '/api/admin/login';
export const PENDING_SIGN_IN_MS = 5 * 60_000;

export interface PendingSignIn {
  adminUserId: string;
  username: string;
  passwordStamp: string;
}

/** A short fingerprint of a password hash: a new password makes every pending sign-in of the old one worthless. */
export const passwordStampOf = (passwordHash: string): string =>
  createHash('sha256').update(passwordHash).digest('base64url').slice(0, 16);

export function holdPendingSignIn(
  reply: FastifyReply,
  pending: PendingSignIn,
  { now, secure }: { now: Date; secure: boolean },
): void {
  const value = [pending.adminUserId, now.getTime(), pending.passwordStamp, pending.username].join(':');
  reply.setCookie(PENDING_SIGN_IN_COOKIE, value, {
    path: PENDING_SIGN_IN_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure,
    signed: true,
    maxAge: PENDING_SIGN_IN_MS / 1000,
  });
}

/** The pending sign-in this browser holds, or null when it has none, a forged one, or one older than 5 minutes. */
export function pendingSignInOf(request: FastifyRequest, now: Date): PendingSignIn | null {
  const raw = request.cookies[PENDING_SIGN_IN_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return null;
  const [adminUserId, issuedAt, passwordStamp, ...username] = unsigned.value.split(':');
  const age = now.getTime() - Number(issuedAt);
  if (!adminUserId || !passwordStamp || !(age >= 0 && age <= PENDING_SIGN_IN_MS)) return null;
  return { adminUserId, passwordStamp, username: username.join(':') };
}

export function clearPendingSignIn(reply: FastifyReply): void {
  reply.clearCookie(PENDING_SIGN_IN_COOKIE, { path: PENDING_SIGN_IN_PATH });
}
