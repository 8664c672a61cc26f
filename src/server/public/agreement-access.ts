import type { FastifyRequest } from 'fastify';
import { ADMIN_SESSION_COOKIE, findAdminSession } from '@/server/platform/auth/staff-sessions';
import { checkoutOrderIdOf } from '@/server/rentals/checkout/checkout-cookie';
import { findCustomerSession } from '@/server/platform/auth/customer-sessions';
import type { Db } from '@/server/platform/db/client';

/**
 * Who may read a signed agreement: the customer it belongs to (their portal session), the browser that signed it
 * (its checkout cookie names the order, for a day), or an admin. The admin cookie is scoped to /api/admin, so the
 * dashboard reaches agreements through an admin route that calls findAgreementFile; the check here covers any
 * request that does carry an admin session.
 */
export async function canReadAgreement(
  db: Db,
  request: FastifyRequest,
  agreement: { orderId: string; customerId: string },
): Promise<boolean> {
  if (checkoutOrderIdOf(request) === agreement.orderId) return true;
  const customerSession = await findCustomerSession(db, request);
  if (customerSession?.customerId === agreement.customerId) return true;
  return (await findAdminSession(db, request.cookies[ADMIN_SESSION_COOKIE])) !== null;
}
