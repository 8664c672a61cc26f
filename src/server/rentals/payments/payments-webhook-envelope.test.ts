import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentEvents } from '@/server/platform/db/schema';
import { EVENT_CLOCK_SKEW_MS } from './payment-events';
import {
  completedEvent,
  orderRow,
  postWebhook,
  signWebhook,
  startCheckout,
  startPaymentsTestApp,
} from '@tests/support/payment-fixtures';

const t = await startPaymentsTestApp();
const recordedEvents = async () => (await t.db.select({ n: count() }).from(paymentEvents))[0]!.n;

/** A correctly signed body: the signature is right, what it signs is not an event we can take. */
async function expectRefused(payload: string, message: RegExp) {
  const before = await recordedEvents();
  const response = await postWebhook(t, payload, signWebhook(t, payload));
  expect(response.statusCode).toBe(400);
  expect(response.json().message).toMatch(message);
  expect(await recordedEvents()).toBe(before);
}

describe('POST /api/payments/webhook refuses a signed body that is not a usable event', () => {
  it.each([
    ['true', 'true', /Malformed webhook event: body/],
    ['null', 'null', /Malformed webhook event: body/],
    ['an array', '[]', /Malformed webhook event: body/],
    ['no id', JSON.stringify({ type: 'x', created: 1, data: { object: {} } }), /Malformed webhook event: id/],
    ['an over-long id', JSON.stringify({ id: 'e'.repeat(256), type: 'x', created: 1, data: { object: {} } }), /id/],
    ['no data object', JSON.stringify({ id: 'evt_1', type: 'x', created: 1, data: 1 }), /data/],
    ['a huge timestamp', JSON.stringify({ id: 'evt_2', type: 'x', created: 1e15, data: { object: {} } }), /created/],
    ['a NUL in the id', JSON.stringify({ id: 'evt_\u0000', type: 'x', created: 1, data: { object: {} } }), /NUL/],
    [
      'a lone surrogate in the object',
      JSON.stringify({ id: 'evt_3', type: 'x', created: 1, data: { object: { name: '\ud800' } } }),
      /Unicode/,
    ],
  ])('answers 400 and records nothing for %s', async (_label, payload, message) => {
    await expectRefused(payload, message);
  });

  it('refuses an event dated beyond the clock skew and changes nothing; one within it is applied', async () => {
    const checkout = await startCheckout(t);
    const nowSeconds = Math.floor(t.deps.clock.now().getTime() / 1000);
    const event = JSON.parse(completedEvent(checkout));

    const years = JSON.stringify({ ...event, created: nowSeconds + 3 * 365 * 86_400 });
    await expectRefused(years, /in the future/);
    const justBeyond = JSON.stringify({ ...event, created: nowSeconds + EVENT_CLOCK_SKEW_MS / 1000 + 60 });
    await expectRefused(justBeyond, /in the future/);
    expect((await orderRow(t, checkout.orderId)).status).toBe('pending');

    const withinSkew = JSON.stringify({ ...event, created: nowSeconds + 60 });
    expect((await postWebhook(t, withinSkew, signWebhook(t, withinSkew))).statusCode).toBe(200);
    expect((await orderRow(t, checkout.orderId)).status).toBe('active');
  });
});
