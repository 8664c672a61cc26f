import Stripe from 'stripe';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { startStripeFake } from '@tests/support/stripe-fake';
import { stripeFixture } from '@tests/support/stripe-fixtures';
import { checkStripeWebhook } from './stripe-webhook-check';
import { stripeSetupReport } from './stripe-setup-report';
import { MONTHLY_PRICE_LOOKUP_KEY, PORTAL_FEATURES, SETUP_METADATA_KEY, setUpStripe } from './stripe-setup';
import { WEBHOOK_EVENTS } from './webhook-events';

const fake = await startStripeFake();
afterAll(async () => fake.close());
const stripe = new Stripe('sk_test_fake_setup', { ...fake.api, maxNetworkRetries: 0 });
const PUBLIC_URL = 'https://coolrent.example';
const WEBHOOK_URL = `${PUBLIC_URL}/api/payments/webhook`;

const writes = () =>
  fake.requests.filter((request) => request.method !== 'GET').map((request) => `${request.method} ${request.path}`);

beforeEach(() => {
  fake.requests.length = 0;
  for (const objects of Object.values(fake.setup)) objects.clear();
});

describe('setUpStripe (npm run stripe:setup) against the local Stripe fake', () => {
  it('creates the product, the $39/month price, the webhook endpoint and the portal rules once', async () => {
    const first = await setUpStripe(stripe, PUBLIC_URL);
    expect(writes()).toEqual([
      'POST /v1/products',
      'POST /v1/prices',
      'POST /v1/webhook_endpoints',
      'POST /v1/billing_portal/configurations',
    ]);
    expect(first.changes).toHaveLength(4);

    const price = fake.setup.prices.get(first.priceId)!;
    expect(price).toMatchObject({
      object: 'price',
      unit_amount: 3900,
      currency: 'usd',
      lookup_key: MONTHLY_PRICE_LOOKUP_KEY,
      recurring: { interval: 'month', interval_count: 1 },
      active: true,
    });
    expect(fake.setup.products.get(price.product)).toMatchObject({
      object: 'product',
      active: true,
      metadata: { [SETUP_METADATA_KEY]: 'monthly-rental' },
    });
    const endpoint = fake.setup.webhookEndpoints.get(first.webhookEndpointId)!;
    expect(endpoint).toMatchObject({ url: WEBHOOK_URL, status: 'enabled' });
    expect(endpoint.enabled_events).toEqual([...WEBHOOK_EVENTS]);
    expect(first.webhookSecret).toMatch(/^whsec_/);
    const portal = fake.setup.portalConfigurations.get(first.portalConfigurationId)!;
    expect(portal.features).toMatchObject(PORTAL_FEATURES);
    expect(portal.features).toMatchObject({
      payment_method_update: { enabled: true },
      subscription_cancel: { enabled: false },
    });

    const report = stripeSetupReport(first);
    expect(report).toContain(`STRIPE_PRICE_MONTHLY=${first.priceId}`);
    expect(report).toContain(`STRIPE_WEBHOOK_SECRET=${first.webhookSecret}`);
    // What the start-up check asks finds everything in place.
    expect(await checkStripeWebhook(stripe, PUBLIC_URL)).toEqual([]);

    // A second run finds it all and writes nothing; the secret is not shown again (Stripe returns it once).
    fake.requests.length = 0;
    const second = await setUpStripe(stripe, PUBLIC_URL);
    expect(writes()).toEqual([]);
    expect(second.changes).toEqual([]);
    expect(second.inPlace).toHaveLength(4);
    expect(second).toMatchObject({
      priceId: first.priceId,
      webhookEndpointId: first.webhookEndpointId,
      portalConfigurationId: first.portalConfigurationId,
      webhookSecret: null,
    });
    const again = stripeSetupReport(second);
    expect(again).toMatch(/^Nothing changed: Stripe was already set up\./);
    expect(again).toContain(`STRIPE_PRICE_MONTHLY=${first.priceId}`);
    expect(again).not.toContain('whsec_');
    expect([fake.setup.products, fake.setup.prices, fake.setup.webhookEndpoints].map((map) => map.size)).toEqual([
      1, 1, 1,
    ]);
  });

  it("adds the events an existing endpoint lacks, keeps its others, and enables it; the secret stays Stripe's", async () => {
    const lacking = WEBHOOK_EVENTS.filter((type) => type !== 'invoice.paid' && type !== 'checkout.session.expired');
    const existing = Object.assign(stripeFixture('webhook_endpoint'), {
      id: 'we_by_hand',
      url: WEBHOOK_URL,
      status: 'disabled',
      enabled_events: ['charge.refunded', ...lacking],
    });
    fake.setup.webhookEndpoints.set(existing.id, existing);

    const result = await setUpStripe(stripe, PUBLIC_URL);
    expect(writes()).toContain('POST /v1/webhook_endpoints/we_by_hand');
    expect(writes()).not.toContain('POST /v1/webhook_endpoints');
    expect(result.webhookEndpointId).toBe('we_by_hand');
    expect(result.webhookSecret).toBeNull();
    expect(result.changes).toContain('added to webhook endpoint we_by_hand: checkout.session.expired, invoice.paid');
    expect(result.changes).toContain(`enabled webhook endpoint we_by_hand for ${WEBHOOK_URL} (it was disabled)`);
    const endpoint = fake.setup.webhookEndpoints.get('we_by_hand')!;
    expect(endpoint.status).toBe('enabled');
    expect([...endpoint.enabled_events].sort()).toEqual(['charge.refunded', ...WEBHOOK_EVENTS].sort());

    fake.requests.length = 0;
    expect((await setUpStripe(stripe, PUBLIC_URL)).changes).toEqual([]);
    expect(writes()).toEqual([]);
  });

  it('gives the default portal configuration the rules (portal sessions use it) instead of making another', async () => {
    const dashboards = Object.assign(stripeFixture('billing_portal.configuration'), { id: 'bpc_dashboard' });
    dashboards.features.subscription_cancel.enabled = true;
    fake.setup.portalConfigurations.set(dashboards.id, dashboards);

    const result = await setUpStripe(stripe, PUBLIC_URL);
    expect(writes()).toContain('POST /v1/billing_portal/configurations/bpc_dashboard');
    expect(writes()).not.toContain('POST /v1/billing_portal/configurations');
    expect(result).toMatchObject({ portalConfigurationId: 'bpc_dashboard', portalIsDefault: true });
    expect(fake.setup.portalConfigurations.get('bpc_dashboard')).toMatchObject({
      features: PORTAL_FEATURES,
      metadata: { [SETUP_METADATA_KEY]: 'customer-portal' },
    });
    expect(stripeSetupReport(result)).not.toContain('Note:');

    fake.requests.length = 0;
    expect((await setUpStripe(stripe, PUBLIC_URL)).changes).toEqual([]);
  });

  it('says when the portal rules are on a configuration Stripe does not use (the account has no default)', async () => {
    const result = await setUpStripe(stripe, PUBLIC_URL);
    expect(result.portalIsDefault).toBe(false);
    expect(stripeSetupReport(result)).toContain("portal sessions use the account's default Customer portal");
  });

  it('moves the lookup key to a new $39 price when the one holding it is not the plan', async () => {
    await setUpStripe(stripe, PUBLIC_URL);
    const [old] = [...fake.setup.prices.values()];
    Object.assign(old!, { unit_amount: 3500, unit_amount_decimal: '3500' });
    fake.requests.length = 0;

    const result = await setUpStripe(stripe, PUBLIC_URL);
    expect(result.priceId).not.toBe(old!.id);
    expect(old!.lookup_key).toBeNull();
    expect(fake.setup.prices.get(result.priceId)).toMatchObject({
      unit_amount: 3900,
      lookup_key: MONTHLY_PRICE_LOOKUP_KEY,
    });
    const sent = fake.requests.find((request) => request.method === 'POST' && request.path === '/v1/prices')!;
    expect(sent.params.transfer_lookup_key).toBe('true');
  });
});
