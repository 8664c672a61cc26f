import { systemClock } from '@/server/platform/clock';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StripePaymentGateway } from '@/server/billing/provider/stripe-gateway';
import { stripeFixture } from './stripe-fixtures';
import { answerSetupRequest, createSetupObjects, type StripeSetupObjects } from './stripe-fake-setup';
import {
  answerInvoiceRequest,
  createInvoiceObjects,
  recordInvoiceItem,
  type StripeInvoiceObjects,
} from './stripe-fake-invoices';
import { answerMoneyBackRequest, createMoneyBackObjects, type StripeMoneyBackObjects } from './stripe-fake-money-back';

/** One request the SDK sent, with its form-encoded body decoded into `params` ('a[b][0]' keys kept flat). */
export interface RecordedStripeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  rawBody: string;
  params: Record<string, string>;
}

export interface StripeFake {
  /** Options for `new Stripe(key, options)` / StripeGatewayOptions.api. */
  api: { host: string; port: number; protocol: 'http' };
  requests: RecordedStripeRequest[];
  /** Makes the next `count` requests answer 500 (to test what happens when Stripe is down). */
  failNext(count?: number): void;
  /**
   * Leaves the next `count` requests unanswered (Stripe hanging, or our process dying while it waits) until
   * `answerHeld()`, which answers them as usual and holds no more.
   */
  holdNext(count?: number): void;
  answerHeld(): void;
  /** How many requests are waiting for `answerHeld()`. */
  readonly heldCount: number;
  /** Sets the card the customer retrieve answers with (null: none). */
  setDefaultCard(card: { brand: string; last4: string } | null): void;
  /** Subscriptions the fake holds, by id (an unknown id is created active on first use). */
  subscriptions: Map<string, Record<string, unknown>>;
  /** Products, prices, webhook endpoints and portal configurations the fake holds (stripe-fake-setup.ts). */
  setup: StripeSetupObjects;
  /** Invoice items and invoices of their own (stripe-fake-invoices.ts). */
  invoices: StripeInvoiceObjects;
  /** Credit notes and customer balances (stripe-fake-money-back.ts). */
  moneyBack: StripeMoneyBackObjects;
  close(): Promise<void>;
}

/** The real Stripe adapter and SDK, talking to the fake. */
export function stripeGatewayFor(fake: StripeFake, priceMonthly?: string): StripePaymentGateway {
  return new StripePaymentGateway({
    secretKey: 'sk_test_fake',
    webhookSecret: 'whsec_fake',
    priceMonthly,
    api: fake.api,
    clock: systemClock,
  });
}

let counter = 0;
const nextId = (prefix: string) => `${prefix}_fake${String((counter += 1)).padStart(6, '0')}`;

/**
 * A small stand-in for api.stripe.com that answers the calls our Stripe adapter makes (Checkout Sessions,
 * their expiry, Billing Portal sessions, customers, payment methods, invoice items and their deletion, subscription cancel and
 * cancel_at; and, for `npm run stripe:setup` and the start-up check, products, prices, webhook endpoints and
 * Customer portal configurations: stripe-fake-setup.ts) and records every request, so a test can check what the
 * real SDK sent. stripe-stateful-mock does not cover Checkout or the Billing Portal.
 */
export async function startStripeFake(): Promise<StripeFake> {
  const requests: RecordedStripeRequest[] = [];
  let failures = 0;
  let defaultCard: { brand: string; last4: string } | null = { brand: 'visa', last4: '4242' };
  const subscriptions = new Map<string, ReturnType<typeof stripeFixture>>();
  const setup = createSetupObjects();
  const invoices = createInvoiceObjects();
  const moneyBack = createMoneyBackObjects();
  /** A subscription in the current API shape (Stripe's fixture), active and monthly until told otherwise. */
  const subscription = (id: string) => {
    let held = subscriptions.get(id);
    if (!held) {
      const now = Math.floor(Date.now() / 1000);
      held = Object.assign(stripeFixture('subscription'), {
        id,
        status: 'active',
        cancel_at: null,
        cancel_at_period_end: false,
        canceled_at: null,
        ended_at: null,
      });
      Object.assign(held.items.data[0], { current_period_start: now, current_period_end: now + 30 * 86_400 });
      subscriptions.set(id, held);
    }
    return held;
  };

  let toHold = 0;
  let held: Array<() => void> = [];

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (toHold > 0) {
        toHold -= 1;
        held.push(answer);
      } else {
        answer();
      }
    });
    function answer() {
      const url = new URL(req.url ?? '/', 'http://stripe.fake');
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const recorded: RecordedStripeRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        rawBody,
        params: Object.fromEntries(new URLSearchParams(rawBody)),
      };
      requests.push(recorded);
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': nextId('req') });
        res.end(JSON.stringify(body));
      };
      if (failures > 0) {
        failures -= 1;
        return send(500, { error: { type: 'api_error', message: 'The fake is failing on purpose.' } });
      }
      const route = `${recorded.method} ${recorded.path}`;
      const p = recorded.params;
      if (route === 'POST /v1/checkout/sessions') {
        const id = nextId('cs_test');
        return send(200, {
          id,
          object: 'checkout.session',
          mode: p.mode,
          status: 'open',
          url: `https://checkout.stripe.test/c/pay/${id}`,
          customer: p.customer ?? null,
          customer_email: p.customer_email ?? null,
          client_reference_id: p.client_reference_id ?? null,
          metadata: { orderId: p['metadata[orderId]'], orderNumber: p['metadata[orderNumber]'] },
          expires_at: Number(p.expires_at),
          success_url: p.success_url,
          cancel_url: p.cancel_url,
        });
      }
      const expireMatch = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(recorded.path);
      if (recorded.method === 'POST' && expireMatch) {
        return send(200, { id: expireMatch[1], object: 'checkout.session', status: 'expired' });
      }
      if (route === 'POST /v1/billing_portal/sessions') {
        const id = nextId('bps');
        return send(200, {
          id,
          object: 'billing_portal.session',
          customer: p.customer,
          return_url: p.return_url,
          url: `https://billing.stripe.test/p/session/${id}`,
        });
      }
      const customerMatch = /^\/v1\/customers\/([^/]+)$/.exec(recorded.path);
      if (recorded.method === 'GET' && customerMatch) {
        return send(200, {
          id: customerMatch[1],
          object: 'customer',
          invoice_settings: {
            default_payment_method: defaultCard
              ? { id: 'pm_fake_default', object: 'payment_method', type: 'card', card: defaultCard }
              : null,
          },
        });
      }
      if (recorded.method === 'POST' && customerMatch) {
        return send(200, {
          ...stripeFixture('customer'),
          id: customerMatch[1],
          name: p.name ?? null,
          email: p.email ?? null,
          phone: p.phone ?? null,
        });
      }
      if (route === 'GET /v1/payment_methods') {
        return send(200, { object: 'list', data: [], has_more: false, url: '/v1/payment_methods' });
      }
      if (route === 'POST /v1/invoiceitems') {
        const item = {
          id: nextId('ii'),
          object: 'invoiceitem',
          customer: p.customer,
          amount: Number(p.amount),
          currency: p.currency,
          description: p.description,
        };
        recordInvoiceItem(invoices, item);
        return send(200, item);
      }
      const subscriptionMatch = /^\/v1\/subscriptions\/([^/]+)$/.exec(recorded.path);
      if (subscriptionMatch) {
        const held = subscription(subscriptionMatch[1]!);
        if (recorded.method === 'GET') return send(200, held);
        if (held.status === 'canceled') {
          return send(400, {
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              message: `A canceled subscription can only update its cancellation_details and metadata.`,
            },
          });
        }
        const now = Math.floor(Date.now() / 1000);
        if (recorded.method === 'DELETE') {
          Object.assign(held, { status: 'canceled', canceled_at: now, ended_at: now, cancel_at: null });
          return send(200, held);
        }
        if (recorded.method === 'POST') {
          if (p.cancel_at) Object.assign(held, { cancel_at: Number(p.cancel_at), canceled_at: now });
          return send(200, held);
        }
      }
      const invoiceItemMatch = /^\/v1\/invoiceitems\/([^/]+)$/.exec(recorded.path);
      if (recorded.method === 'DELETE' && invoiceItemMatch) {
        recordInvoiceItem(invoices, { id: invoiceItemMatch[1] }, true);
        return send(200, { id: invoiceItemMatch[1], object: 'invoiceitem', deleted: true });
      }
      const idempotencyKey = recorded.headers['idempotency-key'] as string | undefined;
      const invoiceAnswer = answerInvoiceRequest(invoices, { ...recorded, idempotencyKey });
      if (invoiceAnswer) return send(invoiceAnswer.status, invoiceAnswer.body);
      const moneyBackAnswer = answerMoneyBackRequest(moneyBack, invoices, { ...recorded, idempotencyKey });
      if (moneyBackAnswer) return send(moneyBackAnswer.status, moneyBackAnswer.body);
      const setupAnswer = answerSetupRequest(setup, recorded);
      if (setupAnswer) return send(setupAnswer.status, setupAnswer.body);
      return send(404, {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${route}).` },
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    api: { host: '127.0.0.1', port, protocol: 'http' },
    requests,
    failNext: (count = 1) => {
      failures = count;
    },
    holdNext: (count = 1) => {
      toHold = count;
    },
    answerHeld: () => {
      toHold = 0;
      const waiting = held;
      held = [];
      for (const answer of waiting) answer();
    },
    get heldCount() {
      return held.length;
    },
    setDefaultCard: (card) => {
      defaultCard = card;
    },
    subscriptions,
    setup,
    invoices,
    moneyBack,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
