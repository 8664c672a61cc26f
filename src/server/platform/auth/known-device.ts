import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * "This browser signed in as this admin before": a random device id and the username, signed with SESSION_SECRET,
 * set at every successful sign-in and sent only to the sign-in route. It is no credential (the password is still
 * needed); it lets the owner's own browsers sign in on their own back-off counter, so strangers' failures for the
 * same username never block them (ADR 016).
 */
export const KNOWN_DEVICE_COOKIE = 'cr_admin_device';
const KNOWN_DEVICE_PATH = '/api/admin/login';
const KNOWN_DEVICE_SECONDS = 365 * 24 * 60 * 60;

/** The device id this browser proved for `username`, or null when it has none (or a forged or foreign one). */
export function knownDeviceOf(request: FastifyRequest, username: string): string | null {
  const raw = request.cookies[KNOWN_DEVICE_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return null;
  const separator = unsigned.value.indexOf(':');
  const deviceId = unsigned.value.slice(0, separator);
  const signedFor = unsigned.value.slice(separator + 1);
  return separator > 0 && signedFor === username.toLowerCase() ? deviceId : null;
}

/** Marks this browser as one the admin signs in from, keeping its device id when it had one. */
export function rememberDevice(
  reply: FastifyReply,
  { deviceId, username, secure }: { deviceId: string | null; username: string; secure: boolean },
): void {
  const id = deviceId ?? randomBytes(16).toString('hex');
  reply.setCookie(KNOWN_DEVICE_COOKIE, `${id}:${username.toLowerCase()}`, {
    path: KNOWN_DEVICE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure,
    signed: true,
    maxAge: KNOWN_DEVICE_SECONDS,
  });
}
