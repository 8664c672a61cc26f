import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Names the order this browser is checking out, signed with SESSION_SECRET: create-session sets it, and it is what
 * lets the same browser sign the order's agreement, download it and see the order on /success. It proves nothing
 * about identity beyond "this browser started this checkout", and expires after a day.
 */
export const CHECKOUT_COOKIE = 'cr_checkout';
const CHECKOUT_COOKIE_SECONDS = 24 * 60 * 60;

export function rememberCheckout(reply: FastifyReply, orderId: string, secureCookie: boolean): void {
  reply.setCookie(CHECKOUT_COOKIE, orderId, {
    path: '/api',
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookie,
    signed: true,
    maxAge: CHECKOUT_COOKIE_SECONDS,
  });
}

/** The order id this browser's checkout cookie names, or null when absent or tampered with. */
export function checkoutOrderIdOf(request: FastifyRequest): string | null {
  const raw = request.cookies[CHECKOUT_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid ? unsigned.value : null;
}
