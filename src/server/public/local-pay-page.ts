import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError } from '@/contracts/errors';
import { cardPaymentInput, invoicePageParams, paySessionParams, paySessionView, payResult } from '@/contracts/payments';
import { findCustomerSession } from '@/server/platform/auth/customer-sessions';
import { orders } from '@/server/platform/db/schema';
import { AppError, Conflict } from '@/server/platform/errors';
import { maskEmail, maskOrderNumber } from '@/server/platform/lib/mask';
import { checkoutOrderIdOf } from '@/server/rentals/checkout/checkout-cookie';
import { releasePendingHold } from '@/server/rentals/units/holds';
import { WEBHOOK_PATH } from '@/server/billing/provider/gateway';
import type { LocalPaymentGateway, SignedEvent } from '@/server/billing/provider/local-gateway';

const EXPIRY_SWEEP_MS = 60_000;

class PaymentDeclined extends AppError {
  constructor(message: string) {
    super(message, 402);
  }
}

/**
 * Sends a local gateway event through the same route and signature check as a provider's webhook. Like the
 * provider, it retries a failed delivery a few times; the event id makes a repeat harmless.
 */
async function deliver(app: FastifyInstance, event: SignedEvent): Promise<boolean> {
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    const response = await app.inject({
      method: 'POST',
      url: WEBHOOK_PATH,
      headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
      payload: event.payload,
    });
    if (response.statusCode === 200) return true;
    app.log.error({ statusCode: response.statusCode, body: response.body, attempt }, 'local webhook delivery failed');
  }
  return false;
}

/** Whether this browser started the order's checkout (its checkout cookie) or is signed in as its customer. */
async function browserOwnsOrder(
  app: FastifyInstance,
  request: FastifyRequest,
  orderId: string | null,
): Promise<boolean> {
  if (!orderId) return false;
  if (checkoutOrderIdOf(request) === orderId) return true;
  const session = await findCustomerSession(app.deps.db, request);
  if (!session) return false;
  const [order] = await app.deps.db
    .select({ customerId: orders.customerId })
    .from(orders)
    .where(eq(orders.id, orderId));
  return order?.customerId === session.customerId;
}

/** The API behind /pay/{sessionId}: the embedded payment page and the billing portal's card update. */
export function localPaymentPageRoutes(gateway: LocalPaymentGateway): FastifyPluginAsyncZod {
  return async (app) => {
    gateway.setEventReceiver((payload, signature) => deliver(app, { payload, signature }));
    await gateway.restoreBillingClock();
    const errors = { 400: apiError, 402: apiError, 404: apiError, 409: apiError };

    app.get(
      '/pay/sessions/:sessionId',
      { schema: { params: paySessionParams, response: { 200: paySessionView, 404: apiError } } },
      async (request) => {
        const { view, event, orderId, orderNumber } = await gateway.describeSession(request.params.sessionId);
        if (event) await deliver(app, event);
        // The e-mail and order number are what account access asks for: only the browser whose checkout (or
        // customer session) it is sees them whole; anyone else holding the session id sees them masked.
        if (await browserOwnsOrder(app, request, orderId)) return view;
        return {
          ...view,
          email: maskEmail(view.email),
          description: orderNumber
            ? view.description.replace(orderNumber, maskOrderNumber(orderNumber))
            : view.description,
        };
      },
    );

    app.post(
      '/pay/sessions/:sessionId',
      { schema: { params: paySessionParams, body: cardPaymentInput, response: { 200: payResult, ...errors } } },
      async (request) => {
        const outcome = await gateway.pay(request.params.sessionId, request.body);
        if (outcome.kind === 'declined') {
          // A declined checkout gives its unit back at once; the page stays open for another card (ADR 016).
          const { orderId } = outcome;
          if (orderId) await app.deps.db.transaction((tx) => releasePendingHold(tx, orderId));
          throw new PaymentDeclined(outcome.message);
        }
        if (outcome.event) await deliver(app, outcome.event);
        // Then the subscription and invoice events the payment produced, in order.
        await gateway.deliverEvents();
        if (outcome.kind === 'expired') {
          throw new Conflict('This payment page has expired. Nothing was charged; please start checkout again.');
        }
        return { redirectUrl: outcome.redirectUrl };
      },
    );

    // An invoice's hosted page (hosted_invoice_url): while it is open, a billing page where a card pays what is open;
    // once paid, its receipt (the portal's invoice table links it).
    app.get(
      '/pay/invoices/:invoiceId',
      { schema: { params: invoicePageParams, response: { 200: z.string(), 404: apiError } } },
      async (request, reply) => {
        const receipt = await gateway.receiptPage(request.params.invoiceId);
        if (receipt) return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(receipt);
        return reply.redirect(await gateway.invoicePageUrl(request.params.invoiceId), 303);
      },
    );

    // The provider expires unpaid sessions on its own; so does the local one, every minute.
    const sweep = async () => {
      for (const event of await gateway.expireDueSessions()) await deliver(app, event);
    };
    const timer = setInterval(() => {
      sweep().catch((error: unknown) => app.log.error({ err: error }, 'local payment session sweep failed'));
    }, EXPIRY_SWEEP_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  };
}
