import type { StripeSetupResult } from './stripe-setup';
import { STRIPE_SETUP_COMMAND } from './stripe-webhook-check';

/** What `npm run stripe:setup` prints: what it changed (or that nothing changed), and the values to set. */
export function stripeSetupReport(result: StripeSetupResult): string {
  const lines = [
    result.changes.length > 0
      ? `Stripe set up: ${result.changes.length} change(s).`
      : 'Nothing changed: Stripe was already set up.',
    ...result.changes.map((line) => `  + ${line}`),
    ...result.inPlace.map((line) => `  = ${line}: in place`),
    '',
    "Set in the site's environment:",
    `  STRIPE_PRICE_MONTHLY=${result.priceId}`,
    result.webhookSecret
      ? `  STRIPE_WEBHOOK_SECRET=${result.webhookSecret}  (shown this once: Stripe returns an endpoint's ` +
        'signing secret only when it creates the endpoint)'
      : `  STRIPE_WEBHOOK_SECRET: the signing secret of ${result.webhookEndpointId}, unchanged (Stripe shows it ` +
        'in the Dashboard: Developers → Webhooks → the endpoint → Signing secret)',
  ];
  if (!result.portalIsDefault) {
    lines.push(
      '',
      `Note: portal sessions use the account's default Customer portal configuration, and this account has none ` +
        `(${result.portalConfigurationId} is not it): save the Customer portal settings once in the Dashboard ` +
        `(Settings → Billing → Customer portal), then run \`${STRIPE_SETUP_COMMAND}\` again to give them these rules.`,
    );
  }
  return lines.join('\n');
}
