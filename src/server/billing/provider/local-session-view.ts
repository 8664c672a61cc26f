import { todayInLosAngeles } from '@/contracts/dates';
import type { PaySessionView } from '@/contracts/payments';
import type { localGatewayCustomers } from '@/server/platform/db/schema';
import { intervalOfSession, oneTimeItemsOf, redirectUrlOf, type SessionRow } from './local-sessions';

type CustomerRow = typeof localGatewayCustomers.$inferSelect;

/**
 * What the payment page shows of a session: a checkout's monthly (or weekly) rental or the billing page's card
 * update, with the card on file. `expiredNow` says the page's visit found it past its time and expired it.
 */
export function paySessionView(
  session: SessionRow,
  customer: CustomerRow,
  orderNumber: string | null,
  expiredNow: boolean,
): PaySessionView {
  return {
    id: session.id,
    kind: session.kind === 'portal' ? 'portal' : 'checkout',
    status: expiredNow ? 'expired' : (session.status as PaySessionView['status']),
    amountCents: session.amountCents,
    interval: intervalOfSession(session),
    oneTimeItems: session.kind === 'portal' ? [] : oneTimeItemsOf(session),
    renewsOn: session.kind === 'checkout' && session.trialEnd ? todayInLosAngeles(session.trialEnd) : null,
    description:
      session.kind === 'portal'
        ? 'Update your payment method'
        : `${intervalOfSession(session) === 'week' ? 'Weekly' : 'Monthly'} AC Rental (${orderNumber ?? 'order'})`,
    email: customer.email,
    cancelUrl: session.cancelUrl,
    completedUrl: session.status === 'complete' ? redirectUrlOf(session) : null,
    expiresAt: session.expiresAt.toISOString(),
    cardOnFile:
      customer.cardBrand && customer.cardLast4 ? { brand: customer.cardBrand, last4: customer.cardLast4 } : null,
  };
}
