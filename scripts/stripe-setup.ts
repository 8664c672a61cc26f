import Stripe from 'stripe';
import { stripeSetupReport } from '@/server/billing/provider/stripe-setup-report';
import { setUpStripe } from '@/server/billing/provider/stripe-setup';
import { ConfigError, loadConfig, loadDotEnv } from '@/server/platform/config';

// `npm run stripe:setup`: sets up the Stripe account of STRIPE_SECRET_KEY for the site at PUBLIC_URL (the plan's
// Price, the webhook endpoint and its events, the Customer portal), changing only what is missing. Safe to re-run.
try {
  loadDotEnv();
  const config = loadConfig();
  if (!config.stripe.secretKey) throw new ConfigError('STRIPE_SECRET_KEY: required (the account to set up)');
  if (config.publicUrlFollowsRequest) {
    throw new ConfigError("PUBLIC_URL: required (the site's public address, where Stripe sends its events)");
  }
  const stripe = new Stripe(config.stripe.secretKey, { maxNetworkRetries: 2, timeout: 20_000 });
  const mode = config.stripe.secretKey.startsWith('sk_live_') ? 'live' : 'test';
  console.log(`Setting up Stripe (${mode} mode) for ${config.publicUrl}...`);
  console.log(stripeSetupReport(await setUpStripe(stripe, config.publicUrl)));
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof Stripe.errors.StripeError ? error.message : error);
  process.exit(1);
}
