import { createHash } from 'node:crypto';
import type { localGatewayCustomers, localGatewaySessions } from '@/server/platform/db/schema';

export type CheckoutEventType = 'checkout.session.completed' | 'checkout.session.expired';

const unix = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * A checkout.session event in Stripe's shape, as the JSON body the webhook receives. Its id is derived from the
 * session and type, so a re-send is a duplicate the webhook ignores.
 */
export function checkoutSessionEventPayload(
  type: CheckoutEventType,
  {
    session,
    customer,
    orderNumber,
    now,
  }: {
    session: typeof localGatewaySessions.$inferSelect;
    customer: typeof localGatewayCustomers.$inferSelect;
    orderNumber: string | null;
    now: Date;
  },
): string {
  const completed = type === 'checkout.session.completed';
  const event = {
    id: `evt_local_${createHash('sha256').update(`${session.id}:${type}`).digest('hex').slice(0, 24)}`,
    object: 'event',
    api_version: '2025-01-27.acacia',
    created: unix(now),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: {
      object: {
        id: session.id,
        object: 'checkout.session',
        mode: 'subscription',
        status: completed ? 'complete' : 'expired',
        payment_status: completed ? 'paid' : 'unpaid',
        amount_total: session.amountCents,
        currency: 'usd',
        customer: customer.id,
        customer_email: customer.email,
        subscription: completed ? session.subscriptionId : null,
        client_reference_id: session.orderId,
        metadata: { orderId: session.orderId ?? '', orderNumber: orderNumber ?? '' },
        success_url: session.successUrl,
        cancel_url: session.cancelUrl,
        created: unix(session.createdAt),
        expires_at: unix(session.expiresAt),
        livemode: false,
        url: null,
      },
    },
  };
  return JSON.stringify(event, null, 2);
}
