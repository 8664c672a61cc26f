import { createHmac } from 'node:crypto';
import Stripe from 'stripe';
import { Invalid } from '../http/errors';
import type { PaymentEvent } from './gateway';

/**
 * Signs a webhook body exactly as Stripe does: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.payload">` with the
 * endpoint's secret. The local gateway signs its events with it; the Stripe SDK verifies them like real ones.
 */
export function signWebhookPayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

/** Verifies a Stripe-Signature header over the raw body with the official SDK; throws Invalid when it fails. */
export function verifyStripeSignature(
  rawBody: Buffer | string,
  signatureHeader: string | undefined,
  secret: string,
): PaymentEvent {
  if (!signatureHeader) throw new Invalid('Missing Stripe-Signature header');
  try {
    const event = Stripe.webhooks.constructEvent(rawBody, signatureHeader, secret);
    return event as unknown as PaymentEvent;
  } catch {
    throw new Invalid('Invalid webhook signature');
  }
}
