import Stripe from 'stripe';
import type { PaymentGateway, StandaloneInvoice } from './gateway';

type Request = Parameters<PaymentGateway['invoicePendingItemsNow']>[0];

/** Stripe's answer when a customer has no pending invoice item to put on a new invoice. */
const NOTHING_TO_INVOICE = 'invoice_no_customer_line_items';

/**
 * Stripe's half of `invoicePendingItemsNow`: an invoice of the customer's pending items (our fees), finalized and
 * paid now with the card on file. Each step has its own idempotency key, so a retry after a crash neither bills twice
 * nor charges twice. A declined card, or an invoice a step already moved on (Stripe's own auto-advance paid it), is no
 * error: the invoice as Stripe now holds it is the answer.
 */
export async function invoicePendingItemsNow(stripe: Stripe, request: Request): Promise<StandaloneInvoice | null> {
  const { gatewayCustomerId, orderId, idempotencyKey } = request;
  let invoice: Stripe.Invoice;
  try {
    invoice = await stripe.invoices.create(
      {
        customer: gatewayCustomerId,
        collection_method: 'charge_automatically',
        pending_invoice_items_behavior: 'include',
        auto_advance: true,
        metadata: orderId ? { orderId } : {},
      },
      { idempotencyKey },
    );
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === NOTHING_TO_INVOICE) return null;
    throw error;
  }
  const id = invoice.id;
  const orAsItStands = async (step: () => Promise<Stripe.Invoice>) => {
    try {
      return await step();
    } catch (error) {
      const moved = error instanceof Stripe.errors.StripeInvalidRequestError;
      if (!(error instanceof Stripe.errors.StripeCardError) && !moved) throw error;
      return stripe.invoices.retrieve(id);
    }
  };
  if (invoice.status === 'draft') {
    invoice = await orAsItStands(() =>
      stripe.invoices.finalizeInvoice(id, { auto_advance: true }, { idempotencyKey: `${idempotencyKey}-finalize` }),
    );
  }
  if (invoice.status === 'open') {
    invoice = await orAsItStands(() => stripe.invoices.pay(id, {}, { idempotencyKey: `${idempotencyKey}-pay` }));
  }
  return {
    id,
    status: invoice.status ?? 'draft',
    amountDueCents: invoice.amount_due,
    hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
    invoiceItemIds: invoice.lines.data.flatMap((line) => {
      const item = line.parent?.invoice_item_details?.invoice_item;
      return item ? [item] : [];
    }),
  };
}
