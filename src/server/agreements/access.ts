import type { FastifyRequest } from 'fastify';
import { checkoutOrderIdOf } from '../checkout/checkout-cookie';
import { findCustomerSession } from '../customer-auth/sessions';
import type { Db } from '../db/client';

/**
 * Who may read a signed agreement: the customer it belongs to (their portal session), the browser that signed it
 * (its checkout cookie names the order, for a day), or an admin (wired in when admin sessions exist).
 */
export async function canReadAgreement(
  db: Db,
  request: FastifyRequest,
  agreement: { orderId: string; customerId: string },
): Promise<boolean> {
  if (checkoutOrderIdOf(request) === agreement.orderId) return true;
  const customerSession = await findCustomerSession(db, request);
  if (customerSession?.customerId === agreement.customerId) return true;
  return false;
}
