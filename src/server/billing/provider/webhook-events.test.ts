import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { INVOICE_EVENTS, SUBSCRIPTION_EVENTS, isBillingEvent } from '@/server/billing/events';
import { handlesPaymentEvent } from '@/server/rentals/payments/payment-events';
import { CHECKOUT_SESSION_EVENTS, WEBHOOK_EVENTS } from './webhook-events';

/** Event types Stripe has next to ours: the webhook must not claim to handle any of them. */
const neighbours = [
  'checkout.session.created',
  'customer.created',
  'customer.updated',
  'customer.subscription.paused',
  'customer.subscription.resumed',
  'customer.subscription.trial_will_end',
  'invoice.upcoming',
  'invoice.updated',
  'invoice.payment_succeeded',
  'invoice.payment_action_required',
  'payment_intent.succeeded',
  'charge.succeeded',
];

describe('WEBHOOK_EVENTS, the one list of the Stripe events the webhook consumes', () => {
  it('is what the handlers handle: every listed type is handled, and no type outside the list', () => {
    for (const type of WEBHOOK_EVENTS) expect(handlesPaymentEvent(type), type).toBe(true);
    for (const type of neighbours) expect(handlesPaymentEvent(type), type).toBe(false);
  });

  it('is the checkout.session handlers and the billing ledger sets, each type once', () => {
    expect(new Set(WEBHOOK_EVENTS).size).toBe(WEBHOOK_EVENTS.length);
    expect([...WEBHOOK_EVENTS].sort()).toEqual(
      [...CHECKOUT_SESSION_EVENTS, ...SUBSCRIPTION_EVENTS, ...INVOICE_EVENTS].sort(),
    );
    // The billing sets go to the ledger; the checkout.session ones to the rental's handlers.
    for (const type of [...SUBSCRIPTION_EVENTS, ...INVOICE_EVENTS]) expect(isBillingEvent(type), type).toBe(true);
    for (const type of CHECKOUT_SESSION_EVENTS) expect(isBillingEvent(type), type).toBe(false);
    expect(WEBHOOK_EVENTS.filter((type) => type.startsWith('checkout.session.'))).toEqual([...CHECKOUT_SESSION_EVENTS]);
  });

  it('is what docs/operations.md tells an operator, and docs name no other such event', () => {
    const docs = readFileSync(path.join(import.meta.dirname, '../../../../docs/operations.md'), 'utf8');
    const named = (docs.match(/`[^`\s]+`/g) ?? []).map((code) => code.slice(1, -1));
    for (const type of WEBHOOK_EVENTS) expect(named, `docs/operations.md lacks \`${type}\``).toContain(type);
    const eventLike = /(?:checkout|customer\.subscription|invoice)\.[a-z_.|]*[a-z_]/g;
    const mentioned = new Set(docs.match(eventLike));
    const listed = new Set<string>(WEBHOOK_EVENTS);
    expect([...mentioned].filter((name) => !listed.has(name))).toEqual([]);
  });
});
