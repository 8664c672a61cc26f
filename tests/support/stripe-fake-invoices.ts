import { stripeFixture } from './stripe-fixtures';

/**
 * The part of the Stripe fake that bills pending invoice items on an invoice of its own: the invoice items it keeps
 * (created by POST /v1/invoiceitems, removed by DELETE), POST /v1/invoices (pending_invoice_items_behavior 'include',
 * honouring the Idempotency-Key), finalize, pay and retrieve. Invoices are Stripe's fixture with the fields a request
 * sets; a customer in `decliningCustomers` has a card whose every charge is declined (4000 0000 0000 0341).
 */

type StripeObject = ReturnType<typeof stripeFixture>;
type Answer = { status: number; body: unknown };

export interface StripeInvoiceObjects {
  /** Invoice items by id; `invoice` is null while pending. */
  invoiceItems: Map<string, StripeObject>;
  invoices: Map<string, StripeObject>;
  /** Customers whose card on file declines every charge. */
  decliningCustomers: Set<string>;
  /** The answer each Idempotency-Key got first (POST /v1/invoices, finalize, pay). */
  answered: Map<string, Answer>;
}

let counter = 0;
const nextId = (prefix: string) => `${prefix}_fakeinv${String((counter += 1)).padStart(6, '0')}`;
const now = () => Math.floor(Date.now() / 1000);

export function createInvoiceObjects(): StripeInvoiceObjects {
  return { invoiceItems: new Map(), invoices: new Map(), decliningCustomers: new Set(), answered: new Map() };
}

const error = (status: number, type: string, code: string, message: string): Answer => ({
  status,
  body: { error: { type, code, message } },
});

function createInvoice(objects: StripeInvoiceObjects, p: Record<string, string>): Answer {
  const pending = [...objects.invoiceItems.values()].filter((item) => item.customer === p.customer && !item.invoice);
  if (p.pending_invoice_items_behavior !== 'include' || pending.length === 0) {
    const message = `Nothing to invoice for customer`;
    return error(400, 'invalid_request_error', 'invoice_no_customer_line_items', message);
  }
  const id = nextId('in');
  const template = stripeFixture('invoice').lines.data[0];
  const lines = pending.map((item) => {
    item.invoice = id;
    return {
      ...structuredClone(template),
      id: nextId('il'),
      invoice: id,
      amount: item.amount,
      subtotal: item.amount,
      description: item.description,
      period: { start: item.date, end: item.date },
      parent: {
        type: 'invoice_item_details',
        invoice_item_details: { invoice_item: item.id, proration: false, proration_details: null, subscription: null },
        subscription_item_details: null,
      },
    };
  });
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  const invoice = Object.assign(stripeFixture('invoice'), {
    id,
    customer: p.customer,
    status: 'draft',
    billing_reason: 'manual',
    collection_method: p.collection_method,
    auto_advance: p.auto_advance === 'true',
    metadata: p['metadata[orderId]'] ? { orderId: p['metadata[orderId]'] } : {},
    parent: null,
    subscription: null,
    from_invoice: null,
    last_finalization_error: null,
    created: now(),
    period_start: now(),
    period_end: now(),
    due_date: null,
    effective_at: null,
    next_payment_attempt: null,
    webhooks_delivered_at: null,
    hosted_invoice_url: null,
    amount_due: total,
    amount_paid: 0,
    amount_remaining: total,
    amount_overpaid: 0,
    subtotal: total,
    subtotal_excluding_tax: total,
    total,
    total_excluding_tax: total,
    lines: { object: 'list', data: lines, has_more: false, url: `/v1/invoices/${id}/lines` },
  });
  objects.invoices.set(id, invoice);
  return { status: 200, body: structuredClone(invoice) };
}

function finalize(invoice: StripeObject): Answer {
  if (invoice.status !== 'draft') {
    return error(400, 'invalid_request_error', 'invoice_not_editable', 'This invoice is already finalized.');
  }
  Object.assign(invoice, {
    status: 'open',
    effective_at: now(),
    hosted_invoice_url: `https://invoice.stripe.test/i/${invoice.id}`,
    status_transitions: { ...invoice.status_transitions, finalized_at: now() },
  });
  return { status: 200, body: structuredClone(invoice) };
}

function pay(objects: StripeInvoiceObjects, invoice: StripeObject): Answer {
  if (invoice.status !== 'open') {
    return error(400, 'invalid_request_error', 'invoice_not_open', `Invoice is already ${invoice.status}.`);
  }
  invoice.attempt_count += 1;
  invoice.attempted = true;
  if (objects.decliningCustomers.has(invoice.customer)) {
    invoice.next_payment_attempt = now() + 3 * 86_400;
    return error(402, 'card_error', 'card_declined', 'Your card was declined.');
  }
  Object.assign(invoice, {
    status: 'paid',
    amount_paid: invoice.amount_due,
    amount_remaining: 0,
    next_payment_attempt: null,
    status_transitions: { ...invoice.status_transitions, paid_at: now() },
  });
  return { status: 200, body: structuredClone(invoice) };
}

/** Keeps the invoice items the fake creates and deletes, so an invoice can bill the pending ones. */
export function recordInvoiceItem(objects: StripeInvoiceObjects, item: StripeObject, deleted = false): void {
  if (deleted) objects.invoiceItems.delete(item.id);
  else objects.invoiceItems.set(item.id, { ...item, invoice: null, date: now() });
}

/** Answers an invoice request, or null when the request is for something else. */
export function answerInvoiceRequest(
  objects: StripeInvoiceObjects,
  request: { method: string; path: string; params: Record<string, string>; idempotencyKey: string | undefined },
): Answer | null {
  const { method, path, params, idempotencyKey } = request;
  const match = /^\/v1\/invoices(?:\/([^/]+))?(?:\/(finalize|pay))?$/.exec(path);
  if (!match) return null;
  const [, id, action] = match;
  const replayed = idempotencyKey && method === 'POST' ? objects.answered.get(idempotencyKey) : undefined;
  if (replayed) return replayed;
  const answer = (): Answer | null => {
    if (method === 'POST' && !id) return createInvoice(objects, params);
    const invoice = id ? objects.invoices.get(id) : undefined;
    if (!invoice) return error(404, 'invalid_request_error', 'resource_missing', `No such invoice: '${id}'`);
    if (method === 'GET' && !action) return { status: 200, body: structuredClone(invoice) };
    if (method === 'POST' && action === 'finalize') return finalize(invoice);
    if (method === 'POST' && action === 'pay') return pay(objects, invoice);
    return null;
  };
  const answered = answer();
  if (answered && idempotencyKey && method === 'POST') objects.answered.set(idempotencyKey, answered);
  return answered;
}
