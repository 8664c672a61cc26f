import type Stripe from 'stripe';
import { business } from '@/contracts/business';
import { eventsMissingFrom, webhookUrlOf } from './stripe-webhook-check';
import { WEBHOOK_EVENTS } from './webhook-events';

/**
 * Sets up a Stripe account for this site through the API, idempotently (`npm run stripe:setup`): the plan's
 * Product and monthly Price, the webhook endpoint for every event the app consumes, and the Customer portal's
 * rules. What exists is found again (by metadata, lookup key or URL) and only completed; nothing is removed.
 */

/** The metadata key on what setup made; its value names the object (a product, the webhook, the portal). */
export const SETUP_METADATA_KEY = 'coolrent';
const PRODUCT_TAG = 'monthly-rental';
const WEBHOOK_TAG = 'webhook';
const PORTAL_TAG = 'customer-portal';
/** The plan's Price is found by this lookup key; a Price that no longer matches the plan hands it to a new one. */
export const MONTHLY_PRICE_LOOKUP_KEY = 'coolrent_monthly';

/**
 * The Customer portal lets a customer change the card on file and see invoices. Cancelling goes through our own
 * request flow (notice and fee rules), plan changes and pauses would bypass our billing, and contact details are
 * ours (pushed to Stripe by updateCustomer): all of those are off.
 */
export const PORTAL_FEATURES = {
  payment_method_update: { enabled: true },
  invoice_history: { enabled: true },
  subscription_cancel: { enabled: false },
  subscription_update: { enabled: false },
  subscription_pause: { enabled: false },
  customer_update: { enabled: false },
} as const satisfies Stripe.BillingPortal.ConfigurationCreateParams.Features;

export interface StripeSetupResult {
  /** For STRIPE_PRICE_MONTHLY. */
  priceId: string;
  webhookEndpointId: string;
  webhookUrl: string;
  /** For STRIPE_WEBHOOK_SECRET: Stripe returns an endpoint's signing secret only when it is created. */
  webhookSecret: string | null;
  portalConfigurationId: string;
  /** Whether Stripe uses that configuration for portal sessions (which name none): the account's default one. */
  portalIsDefault: boolean;
  /** What this run created or changed, one line each: empty when everything was in place. */
  changes: string[];
  /** What was in place already, one line each. */
  inPlace: string[];
}

type Log = Pick<StripeSetupResult, 'changes' | 'inPlace'>;
const tagged = (metadata: Stripe.Metadata | null | undefined, tag: string) => metadata?.[SETUP_METADATA_KEY] === tag;
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

export async function setUpStripe(stripe: Stripe, publicUrl: string): Promise<StripeSetupResult> {
  const log: Log = { changes: [], inPlace: [] };
  const product = await ensureProduct(stripe, log);
  const price = await ensurePrice(stripe, product, log);
  const webhook = await ensureWebhookEndpoint(stripe, webhookUrlOf(publicUrl), log);
  const portal = await ensurePortalConfiguration(stripe, log);
  return {
    priceId: price.id,
    webhookEndpointId: webhook.id,
    webhookUrl: webhook.url,
    webhookSecret: webhook.secret ?? null,
    portalConfigurationId: portal.id,
    portalIsDefault: portal.is_default,
    ...log,
  };
}

async function ensureProduct(stripe: Stripe, log: Log): Promise<Stripe.Product> {
  const products = await stripe.products.list({ limit: 100 }).autoPagingToArray({ limit: 10_000 });
  const found = products.find((product) => tagged(product.metadata, PRODUCT_TAG));
  if (!found) {
    const created = await stripe.products.create({
      name: `${business.name} monthly AC rental`,
      description: 'Portable air conditioner rental, billed monthly.',
      metadata: { [SETUP_METADATA_KEY]: PRODUCT_TAG },
    });
    log.changes.push(`created product ${created.id} (${created.name})`);
    return created;
  }
  if (!found.active) {
    log.changes.push(`reactivated product ${found.id} (${found.name})`);
    return stripe.products.update(found.id, { active: true });
  }
  log.inPlace.push(`product ${found.id} (${found.name})`);
  return found;
}

const productIdOf = (price: Stripe.Price) => (typeof price.product === 'string' ? price.product : price.product.id);

/** The plan: $39 (business.monthlyPriceCents) every month, in dollars, on the plan's product. */
function isThePlan(price: Stripe.Price, product: Stripe.Product): boolean {
  return (
    price.unit_amount === business.monthlyPriceCents &&
    price.currency === 'usd' &&
    price.recurring?.interval === 'month' &&
    price.recurring.interval_count === 1 &&
    productIdOf(price) === product.id
  );
}

async function ensurePrice(stripe: Stripe, product: Stripe.Product, log: Log): Promise<Stripe.Price> {
  const { data } = await stripe.prices.list({ lookup_keys: [MONTHLY_PRICE_LOOKUP_KEY], limit: 1 });
  const found = data[0];
  const plan = `${dollars(business.monthlyPriceCents)}/month`;
  if (found && isThePlan(found, product)) {
    if (found.active) {
      log.inPlace.push(`price ${found.id} (${plan}, lookup key ${MONTHLY_PRICE_LOOKUP_KEY})`);
      return found;
    }
    log.changes.push(`reactivated price ${found.id} (${plan})`);
    return stripe.prices.update(found.id, { active: true });
  }
  // A Price's amount never changes: one that is not the plan (any more) passes its lookup key to a new one.
  const created = await stripe.prices.create({
    product: product.id,
    currency: 'usd',
    unit_amount: business.monthlyPriceCents,
    recurring: { interval: 'month', interval_count: 1 },
    lookup_key: MONTHLY_PRICE_LOOKUP_KEY,
    ...(found ? { transfer_lookup_key: true } : {}),
    metadata: { [SETUP_METADATA_KEY]: PRODUCT_TAG },
  });
  const moved = found ? `; lookup key ${MONTHLY_PRICE_LOOKUP_KEY} moved from ${found.id}` : '';
  log.changes.push(`created price ${created.id} (${plan}, lookup key ${MONTHLY_PRICE_LOOKUP_KEY}${moved})`);
  return created;
}

async function ensureWebhookEndpoint(stripe: Stripe, url: string, log: Log): Promise<Stripe.WebhookEndpoint> {
  // An account has at most 16 webhook endpoints: one page of 100 holds them all.
  const { data } = await stripe.webhookEndpoints.list({ limit: 100 });
  const atUrl = data.filter((endpoint) => endpoint.url === url);
  const found =
    atUrl.find((endpoint) => tagged(endpoint.metadata, WEBHOOK_TAG)) ??
    atUrl.find((endpoint) => endpoint.status === 'enabled') ??
    atUrl[0];
  if (!found) {
    const created = await stripe.webhookEndpoints.create({
      url,
      enabled_events: [...WEBHOOK_EVENTS],
      description: `${business.name}: the events the app consumes (npm run stripe:setup)`,
      metadata: { [SETUP_METADATA_KEY]: WEBHOOK_TAG },
    });
    log.changes.push(`created webhook endpoint ${created.id} for ${url} with ${WEBHOOK_EVENTS.length} events`);
    return created;
  }
  const missing = eventsMissingFrom(found.enabled_events);
  const disabled = found.status !== 'enabled';
  if (missing.length === 0 && !disabled) {
    log.inPlace.push(`webhook endpoint ${found.id} for ${url} (enabled, every event)`);
    return found;
  }
  // The endpoint's other events stay: the operator may want them elsewhere; ours are only added.
  const updated = await stripe.webhookEndpoints.update(found.id, {
    ...(missing.length > 0
      ? {
          enabled_events: [...found.enabled_events, ...missing] as Stripe.WebhookEndpointUpdateParams.EnabledEvent[],
        }
      : {}),
    ...(disabled ? { disabled: false } : {}),
  });
  if (disabled) log.changes.push(`enabled webhook endpoint ${found.id} for ${url} (it was disabled)`);
  if (missing.length > 0) log.changes.push(`added to webhook endpoint ${found.id}: ${missing.join(', ')}`);
  return updated;
}

/** Whether a configuration has the portal's rules (a feature the object does not mention is off). */
function hasPortalRules(configuration: Stripe.BillingPortal.Configuration): boolean {
  const features = configuration.features as unknown as Partial<Record<string, { enabled?: boolean }>>;
  return (
    configuration.active &&
    tagged(configuration.metadata, PORTAL_TAG) &&
    Object.entries(PORTAL_FEATURES).every(([name, { enabled }]) => (features[name]?.enabled ?? false) === enabled)
  );
}

const PORTAL_RULES = 'card updates and invoices on; cancelling, plan changes, pausing and contact details off';

/**
 * Portal sessions name no configuration (stripe-gateway.ts), so Stripe uses the account's default one: when there is
 * a default, it gets the rules (and the metadata tag); without one, setup keeps a configuration of its own, found
 * by the tag.
 */
async function ensurePortalConfiguration(stripe: Stripe, log: Log): Promise<Stripe.BillingPortal.Configuration> {
  const configurations = await stripe.billingPortal.configurations
    .list({ limit: 100 })
    .autoPagingToArray({ limit: 10_000 });
  const found =
    configurations.find((configuration) => configuration.is_default) ??
    configurations.find((configuration) => tagged(configuration.metadata, PORTAL_TAG));
  const rules = { features: PORTAL_FEATURES, metadata: { [SETUP_METADATA_KEY]: PORTAL_TAG } };
  if (!found) {
    const created = await stripe.billingPortal.configurations.create(rules);
    log.changes.push(`created Customer portal configuration ${created.id} (${PORTAL_RULES})`);
    return created;
  }
  const which = `${found.is_default ? 'default ' : ''}Customer portal configuration ${found.id}`;
  if (hasPortalRules(found)) {
    log.inPlace.push(`${which} (${PORTAL_RULES})`);
    return found;
  }
  const updated = await stripe.billingPortal.configurations.update(found.id, {
    ...rules,
    ...(found.active ? {} : { active: true }),
  });
  log.changes.push(`updated ${which} (${PORTAL_RULES})`);
  return updated;
}
