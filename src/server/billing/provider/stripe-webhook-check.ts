import type Stripe from 'stripe';
import { WEBHOOK_PATH } from './gateway';
import { WEBHOOK_EVENTS } from './webhook-events';

/** What sets Stripe up for this site (scripts/stripe-setup.ts): the fix every problem below points to. */
export const STRIPE_SETUP_COMMAND = 'npm run stripe:setup';

/** Where Stripe must deliver this site's events. */
export const webhookUrlOf = (publicUrl: string): string => `${publicUrl.replace(/\/+$/, '')}${WEBHOOK_PATH}`;

/** The events of the webhook's list an endpoint does not send ('*' sends them all). */
export function eventsMissingFrom(enabledEvents: readonly string[]): string[] {
  if (enabledEvents.includes('*')) return [];
  return WEBHOOK_EVENTS.filter((type) => !enabledEvents.includes(type));
}

/**
 * Asks Stripe, with one call, whether it delivers every event the webhook consumes to this site: an endpoint for
 * `{publicUrl}/api/payments/webhook` that is enabled and has every type of WEBHOOK_EVENTS. Answers the problems
 * found, each naming what is missing (none: all is well). Stripe errors (network, a refused key) are thrown.
 */
export async function checkStripeWebhook(stripe: Stripe, publicUrl: string): Promise<string[]> {
  const url = webhookUrlOf(publicUrl);
  // An account has at most 16 webhook endpoints: one page of 100 holds them all.
  const { data: endpoints } = await stripe.webhookEndpoints.list({ limit: 100 });
  const ours = endpoints.filter((endpoint) => endpoint.url === url);
  if (ours.length === 0) {
    const others = endpoints.map((endpoint) => endpoint.url);
    return [
      `no Stripe webhook endpoint sends events to ${url}` +
        (others.length > 0 ? ` (the account's endpoints go to ${others.join(', ')})` : ''),
    ];
  }
  const enabled = ours.filter((endpoint) => endpoint.status === 'enabled');
  if (enabled.length === 0) {
    return [`the Stripe webhook endpoint for ${url} (${ours.map((endpoint) => endpoint.id).join(', ')}) is disabled`];
  }
  const missing = eventsMissingFrom(enabled.flatMap((endpoint) => endpoint.enabled_events));
  if (missing.length === 0) return [];
  return [`the Stripe webhook endpoint for ${url} does not send ${missing.join(', ')}`];
}

/** The start-up warning for the problems checkStripeWebhook found: what is wrong, what it breaks, and the fix. */
export function stripeWebhookWarning(problems: readonly string[]): string {
  return (
    `Stripe is not set up to send this site the events it needs: ${problems.join('; ')}. An event Stripe does not ` +
    'send never reaches the app (paid checkouts, renewals, failed payments, late fees and receipts depend on them). ' +
    `Fix: run \`${STRIPE_SETUP_COMMAND}\` with this STRIPE_SECRET_KEY and PUBLIC_URL (it adds what is missing).`
  );
}

interface StartLog {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

/**
 * The production start's check (main.ts): logs a warning naming what Stripe lacks, or that all is in place. Never
 * throws: Stripe out of reach or refusing the key is logged too, and the site starts regardless.
 */
export async function reportStripeWebhook(
  check: () => Promise<string[]>,
  publicUrl: string,
  log: StartLog,
): Promise<string[] | null> {
  try {
    const problems = await check();
    if (problems.length > 0) log.warn({ problems }, stripeWebhookWarning(problems));
    else log.info({ url: webhookUrlOf(publicUrl) }, 'Stripe webhook endpoint checked: every event is enabled');
    return problems;
  } catch (error) {
    log.warn(
      { err: error },
      `could not check Stripe's webhook endpoint for ${webhookUrlOf(publicUrl)} ` +
        `(${(error as Error).message}); the site starts anyway. To be sure Stripe sends every event the app needs, ` +
        `run \`${STRIPE_SETUP_COMMAND}\`.`,
    );
    return null;
  }
}
