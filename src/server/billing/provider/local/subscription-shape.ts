import type Stripe from 'stripe';
import type { BillingInterval } from '@/contracts/plan-terms';

/**
 * The embedded gateway's objects in Stripe's current API shape, typed with the `stripe` package's own types so a
 * missing or renamed field is a compile error, not a surprise in production. Fields we have no use for carry
 * Stripe's own defaults (see tests/fixtures/stripe/fixtures3.json).
 */

const unix = (date: Date) => Math.floor(date.getTime() / 1000);
const unixOrNull = (date: Date | null) => (date ? unix(date) : null);

/** One price a plan: the monthly plan's and the weekly plan's, each with its own recurring interval. */
const PRICE_IDS: Record<BillingInterval, string> = { month: 'price_local_monthly', week: 'price_local_weekly' };
const PRODUCT_ID = 'prod_local_ac_rental';

export interface SubscriptionFacts {
  id: string;
  customer: string;
  orderId: string | null;
  status: Stripe.Subscription.Status;
  amountCents: number;
  created: Date;
  periodStart: Date;
  periodEnd: Date;
  cancelAt: Date | null;
  canceledAt: Date | null;
  endedAt: Date | null;
  latestInvoice: string | null;
  /** The instant renewals are counted from (the trial's end when it had one: the start date + 1 month, or + 7 days). */
  billingAnchor: Date | null;
  trialStart: Date | null;
  trialEnd: Date | null;
  /** How often rent renews: the price's recurring interval (the monthly or the weekly plan). */
  interval: BillingInterval;
}

const price = (amountCents: number, interval: BillingInterval, created: Date): Stripe.Price => ({
  id: PRICE_IDS[interval],
  object: 'price',
  active: true,
  billing_scheme: 'per_unit',
  created: unix(created),
  currency: 'usd',
  custom_unit_amount: null,
  livemode: false,
  lookup_key: null,
  metadata: {},
  nickname: null,
  product: PRODUCT_ID,
  recurring: { interval, interval_count: 1, meter: null, usage_type: 'licensed', trial_period_days: null },
  tax_behavior: 'unspecified',
  tiers_mode: null,
  transform_quantity: null,
  type: 'recurring',
  unit_amount: amountCents,
  unit_amount_decimal: null,
});

/** The legacy plan view of the same price, which Stripe still sends on subscription items. */
const plan = (amountCents: number, interval: BillingInterval, created: Date): Stripe.Plan => ({
  id: PRICE_IDS[interval],
  object: 'plan',
  active: true,
  amount: amountCents,
  amount_decimal: null,
  billing_scheme: 'per_unit',
  created: unix(created),
  currency: 'usd',
  interval,
  interval_count: 1,
  livemode: false,
  metadata: {},
  meter: null,
  nickname: null,
  product: PRODUCT_ID,
  tiers_mode: null,
  transform_usage: null,
  trial_period_days: null,
  usage_type: 'licensed',
});

export function subscriptionObject(facts: SubscriptionFacts): Stripe.Subscription {
  const item: Stripe.SubscriptionItem = {
    id: `si_${facts.id}`,
    object: 'subscription_item',
    billing_thresholds: null,
    created: unix(facts.created),
    current_period_end: unix(facts.periodEnd),
    current_period_start: unix(facts.periodStart),
    current_trial: null,
    discounts: [],
    metadata: {},
    plan: plan(facts.amountCents, facts.interval, facts.created),
    price: price(facts.amountCents, facts.interval, facts.created),
    quantity: 1,
    subscription: facts.id,
    tax_rates: [],
  };
  return {
    id: facts.id,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: unix(facts.billingAnchor ?? facts.periodStart),
    billing_cycle_anchor_config: null,
    billing_mode: { type: 'classic', flexible: null },
    billing_schedules: [],
    billing_thresholds: null,
    cancel_at: unixOrNull(facts.cancelAt),
    cancel_at_period_end: false,
    canceled_at: unixOrNull(facts.canceledAt),
    cancellation_details: {
      comment: null,
      feedback: null,
      feedback_option: null,
      reason: facts.canceledAt ? 'cancellation_requested' : null,
    },
    collection_method: 'charge_automatically',
    created: unix(facts.created),
    currency: 'usd',
    customer: facts.customer,
    customer_account: null,
    days_until_due: null,
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    ended_at: unixOrNull(facts.endedAt),
    invoice_settings: {
      account_tax_ids: null,
      custom_fields: null,
      description: null,
      footer: null,
      issuer: { type: 'self' },
    },
    items: { object: 'list', data: [item], has_more: false, url: `/v1/subscription_items?subscription=${facts.id}` },
    latest_invoice: facts.latestInvoice,
    livemode: false,
    managed_payments: null,
    metadata: facts.orderId ? { orderId: facts.orderId } : {},
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: null,
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: unix(facts.created),
    status: facts.status,
    test_clock: null,
    transfer_data: null,
    trial_end: unixOrNull(facts.trialEnd),
    trial_settings: facts.trialEnd
      ? { end_behavior: { billing_cycle_anchor: null, missing_payment_method: 'create_invoice' } }
      : null,
    trial_start: unixOrNull(facts.trialStart),
  };
}
