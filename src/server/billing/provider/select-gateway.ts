import type { Clock } from '@/server/platform/clock';
import { ConfigError, LOCAL_WEBHOOK_SECRET, STAGING_OPT_IN, type Config } from '@/server/platform/config';
import type { Db } from '@/server/platform/db/client';
import type { PaymentGateway } from './gateway';
import { LocalPaymentGateway } from './local-gateway';
import { StripePaymentGateway } from './stripe-gateway';

/**
 * Stripe when STRIPE_SECRET_KEY is set; otherwise the embedded local gateway (design.md), which production runs
 * only on a staging site's opt-in and never with the public webhook secret (ADR 015; loadConfig refuses first).
 */
export function createPaymentGateway(config: Config, db: Db, clock: Clock): PaymentGateway {
  if (config.stripe.secretKey) {
    return new StripePaymentGateway({
      secretKey: config.stripe.secretKey,
      webhookSecret: config.stripe.webhookSecret,
      priceMonthly: config.stripe.priceMonthly,
      clock,
    });
  }
  if (config.isProduction && !config.stagingTestServices) {
    throw new ConfigError(`STRIPE_SECRET_KEY: required in production (or ${STAGING_OPT_IN}=true for staging)`);
  }
  if (config.isProduction && config.stripe.webhookSecret === LOCAL_WEBHOOK_SECRET) {
    throw new ConfigError("STRIPE_WEBHOOK_SECRET: the local gateway's public secret is refused in production");
  }
  return new LocalPaymentGateway(db, {
    webhookSecret: config.stripe.webhookSecret,
    clock,
    publicUrl: config.publicUrl,
  });
}
