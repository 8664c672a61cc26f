import { createHmac } from 'node:crypto';
import Stripe from 'stripe';
import { z } from 'zod';
import { Invalid } from '@/server/platform/errors';
import { assertCleanInput } from '@/server/platform/http/input-hygiene';
import type { PaymentEvent } from './gateway';

/**
 * Signs a webhook body exactly as Stripe does: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.payload">` with the
 * endpoint's secret. The local gateway signs its events with it; the Stripe SDK verifies them like real ones.
 */
export function signWebhookPayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

/**
 * The envelope every event must have before anything reads it: a signature proves who sent the bytes, not that
 * they are an event (`true`, a missing id, an id longer than payment_events.id holds are 400s that change nothing).
 */
const paymentEventEnvelope = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(100),
  // Unix seconds up to the year 9999: any later is no instant a Date can hold.
  created: z.number().int().min(0).max(253_402_300_799),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

/**
 * How far ahead of this machine's time a signature's timestamp may be: Stripe's SDK refuses one older than its
 * tolerance (5 minutes) but not one in the future, which a leaked secret could sign to replay for years. The same
 * 5 minutes both ways, for clocks a little apart.
 */
const FUTURE_TOLERANCE_SECONDS = 300;

/** The `t=` of a Stripe-Signature header, in Unix seconds (NaN when absent). */
const timestampOf = (header: string) => Number(/(?:^|,)\s*t=(\d{1,12})(?:,|$)/.exec(header)?.[1]);

/**
 * Verifies a Stripe-Signature header over the raw body with the official SDK, refuses a timestamp more than five
 * minutes ahead, and checks the event's envelope and text (ADR 014); throws Invalid when any fails.
 */
export function verifyStripeSignature(
  rawBody: Buffer | string,
  signatureHeader: string | undefined,
  secret: string,
): PaymentEvent {
  if (!signatureHeader) throw new Invalid('Missing Stripe-Signature header');
  let event: unknown;
  try {
    event = Stripe.webhooks.constructEvent(rawBody, signatureHeader, secret);
  } catch {
    throw new Invalid('Invalid webhook signature');
  }
  if (!(timestampOf(signatureHeader) <= Math.floor(Date.now() / 1000) + FUTURE_TOLERANCE_SECONDS)) {
    throw new Invalid('Invalid webhook signature: its timestamp is in the future');
  }
  const envelope = paymentEventEnvelope.safeParse(event);
  if (!envelope.success) {
    const issue = envelope.error.issues[0]!;
    throw new Invalid(`Malformed webhook event: ${issue.path.join('.') || 'body'}: ${issue.message}`);
  }
  assertCleanInput(event);
  return event as PaymentEvent;
}
