import Stripe from 'stripe';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { startStripeFake, stripeGatewayFor } from '@tests/support/stripe-fake';
import { stripeFixture } from '@tests/support/stripe-fixtures';
import { checkStripeWebhook, reportStripeWebhook, stripeWebhookWarning } from './stripe-webhook-check';
import { WEBHOOK_EVENTS } from './webhook-events';

const fake = await startStripeFake();
afterAll(async () => fake.close());
const stripe = new Stripe('sk_test_fake_check', { ...fake.api, maxNetworkRetries: 0 });
const PUBLIC_URL = 'https://coolrent.example';
const WEBHOOK_URL = `${PUBLIC_URL}/api/payments/webhook`;

beforeEach(() => {
  fake.requests.length = 0;
  fake.setup.webhookEndpoints.clear();
});

function endpoint(id: string, fields: { url?: string; status?: string; enabled_events: readonly string[] }) {
  const object = Object.assign(stripeFixture('webhook_endpoint'), { id, url: WEBHOOK_URL, status: 'enabled' }, fields);
  fake.setup.webhookEndpoints.set(id, object);
}

function recordingLog() {
  const lines: Array<{ level: 'warn' | 'info'; details: object; message: string }> = [];
  return {
    lines,
    warn: (details: object, message: string) => lines.push({ level: 'warn', details, message }),
    info: (details: object, message: string) => lines.push({ level: 'info', details, message }),
  };
}

describe("the production start's check of Stripe's webhook endpoint (one call, against the local fake)", () => {
  it('finds nothing to say when an enabled endpoint for PUBLIC_URL has every event', async () => {
    endpoint('we_complete', { enabled_events: [...WEBHOOK_EVENTS] });
    expect(await checkStripeWebhook(stripe, PUBLIC_URL)).toEqual([]);
    expect(fake.requests.map((request) => `${request.method} ${request.path}`)).toEqual(['GET /v1/webhook_endpoints']);
    endpoint('we_complete', { enabled_events: ['*'] });
    expect(await checkStripeWebhook(stripe, `${PUBLIC_URL}/`)).toEqual([]);
  });

  it('names the events an endpoint lacks', async () => {
    endpoint('we_old_docs', { enabled_events: ['checkout.session.completed', 'checkout.session.expired'] });
    const problems = await checkStripeWebhook(stripe, PUBLIC_URL);
    expect(problems).toHaveLength(1);
    const missing = WEBHOOK_EVENTS.filter(
      (type) => type !== 'checkout.session.completed' && type !== 'checkout.session.expired',
    );
    expect(problems[0]).toBe(`the Stripe webhook endpoint for ${WEBHOOK_URL} does not send ${missing.join(', ')}`);
    expect(problems[0]).toContain('invoice.paid');
    expect(problems[0]).not.toContain('checkout.session.completed');
  });

  it('names a missing endpoint by its URL, and where the account sends events instead', async () => {
    expect(await checkStripeWebhook(stripe, PUBLIC_URL)).toEqual([
      `no Stripe webhook endpoint sends events to ${WEBHOOK_URL}`,
    ]);
    endpoint('we_staging', { url: 'https://staging.coolrent.example/api/payments/webhook', enabled_events: ['*'] });
    expect(await checkStripeWebhook(stripe, PUBLIC_URL)).toEqual([
      `no Stripe webhook endpoint sends events to ${WEBHOOK_URL} ` +
        "(the account's endpoints go to https://staging.coolrent.example/api/payments/webhook)",
    ]);
  });

  it('names a disabled endpoint', async () => {
    endpoint('we_off', { status: 'disabled', enabled_events: [...WEBHOOK_EVENTS] });
    expect(await checkStripeWebhook(stripe, PUBLIC_URL)).toEqual([
      `the Stripe webhook endpoint for ${WEBHOOK_URL} (we_off) is disabled`,
    ]);
  });

  it('logs a warning that names what is missing and the fix, through the Stripe adapter', async () => {
    endpoint('we_lacking', { enabled_events: WEBHOOK_EVENTS.filter((type) => type !== 'invoice.payment_failed') });
    const log = recordingLog();
    const gateway = stripeGatewayFor(fake);
    const problems = await reportStripeWebhook(() => gateway.checkWebhookEndpoint(PUBLIC_URL), PUBLIC_URL, log);
    expect(problems).toEqual([`the Stripe webhook endpoint for ${WEBHOOK_URL} does not send invoice.payment_failed`]);
    expect(log.lines).toEqual([{ level: 'warn', details: { problems }, message: stripeWebhookWarning(problems!) }]);
    expect(log.lines[0]!.message).toContain('does not send invoice.payment_failed');
    expect(log.lines[0]!.message).toContain('`npm run stripe:setup`');
  });

  it('logs, and never throws, when Stripe cannot be asked', async () => {
    fake.failNext(1);
    const log = recordingLog();
    expect(await reportStripeWebhook(() => checkStripeWebhook(stripe, PUBLIC_URL), PUBLIC_URL, log)).toBeNull();
    expect(log.lines).toHaveLength(1);
    expect(log.lines[0]).toMatchObject({ level: 'warn' });
    expect(log.lines[0]!.message).toContain(`could not check Stripe's webhook endpoint for ${WEBHOOK_URL}`);
    expect(log.lines[0]!.message).toContain('the site starts anyway');

    const unreachable = new Stripe('sk_test_x', { host: '127.0.0.1', port: 1, protocol: 'http', maxNetworkRetries: 0 });
    const offline = recordingLog();
    await reportStripeWebhook(() => checkStripeWebhook(unreachable, PUBLIC_URL), PUBLIC_URL, offline);
    expect(offline.lines[0]!.message).toContain("could not check Stripe's webhook endpoint");
  });

  it('says so in the log when all is in place', async () => {
    endpoint('we_complete', { enabled_events: [...WEBHOOK_EVENTS] });
    const log = recordingLog();
    expect(await reportStripeWebhook(() => checkStripeWebhook(stripe, PUBLIC_URL), PUBLIC_URL, log)).toEqual([]);
    expect(log.lines).toEqual([
      {
        level: 'info',
        details: { url: WEBHOOK_URL },
        message: 'Stripe webhook endpoint checked: every event is enabled',
      },
    ]);
  });
});
