import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startStripeFake, stripeGatewayFor } from '@tests/support/stripe-fake';

const fake = await startStripeFake();
afterAll(async () => fake.close());
afterEach(() => {
  fake.requests.length = 0;
});

const gateway = () => stripeGatewayFor(fake);

describe('StripePaymentGateway.endSubscription (the real SDK against the local fake)', () => {
  it('cancels now, billing what is pending on a final invoice and nothing prorated', async () => {
    const ended = await gateway().endSubscription({ subscriptionId: 'sub_end_now', at: null });

    expect(fake.requests).toHaveLength(1);
    const sent = fake.requests[0]!;
    expect(sent.method).toBe('DELETE');
    expect(sent.path).toBe('/v1/subscriptions/sub_end_now');
    // The SDK sends a DELETE's parameters in the query string.
    expect(Object.fromEntries(sent.query)).toEqual({ invoice_now: 'true', prorate: 'false' });
    expect(ended.status).toBe('canceled');
    const endedAt = fake.subscriptions.get('sub_end_now')!.ended_at as number;
    expect(ended.endsAt).toEqual(new Date(endedAt * 1000));
  });

  it('schedules the end at a date (cancel_at), leaving the subscription active until then', async () => {
    const at = new Date('2027-02-15T08:00:00Z');
    const ended = await gateway().endSubscription({ subscriptionId: 'sub_end_later', at });

    const sent = fake.requests[0]!;
    expect(sent.method).toBe('POST');
    expect(sent.path).toBe('/v1/subscriptions/sub_end_later');
    expect(sent.params).toEqual({ cancel_at: String(at.getTime() / 1000), proration_behavior: 'none' });
    expect(ended).toEqual({ status: 'active', endsAt: at });
  });

  it('answers as the subscription is when it had already ended (a retry)', async () => {
    const first = await gateway().endSubscription({ subscriptionId: 'sub_twice', at: null });
    const again = await gateway().endSubscription({ subscriptionId: 'sub_twice', at: null });
    expect(again).toEqual(first);
    expect(fake.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'DELETE /v1/subscriptions/sub_twice',
      'DELETE /v1/subscriptions/sub_twice',
      'GET /v1/subscriptions/sub_twice',
    ]);
  });

  it('passes on a refusal for a subscription that has not ended', async () => {
    fake.failNext(3); // the SDK retries a 500 twice
    await expect(gateway().endSubscription({ subscriptionId: 'sub_down', at: null })).rejects.toThrow(
      'The fake is failing on purpose.',
    );
    expect(fake.subscriptions.get('sub_down')).toBeUndefined();
  });
});
