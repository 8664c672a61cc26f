import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { PaymentGateway } from './gateway';
import { LocalPaymentGateway } from './local-gateway';
import { StripePaymentGateway } from './stripe-gateway';

/** Stripe when STRIPE_SECRET_KEY is set; otherwise the embedded local gateway (design.md). */
export function createPaymentGateway(config: Config, db: Db, clock: Clock): PaymentGateway {
  if (config.stripe.secretKey) {
    return new StripePaymentGateway({
      secretKey: config.stripe.secretKey,
      webhookSecret: config.stripe.webhookSecret,
      priceMonthly: config.stripe.priceMonthly,
    });
  }
  return new LocalPaymentGateway(db, {
    publicUrl: config.publicUrl,
    webhookSecret: config.stripe.webhookSecret,
    clock,
  });
}
