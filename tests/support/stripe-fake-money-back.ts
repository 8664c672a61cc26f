import { stripeFixture } from './stripe-fixtures';
import type { StripeInvoiceObjects } from './stripe-fake-invoices';

/**
 * The part of the Stripe fake that gives money back (ADR 030): POST /v1/credit_notes on a paid invoice of the invoice
 * fake, with refund_amount (for an amount of the invoice or of one of its lines), refusing more than is left to
 * credit as Stripe does; and POST /v1/customers/:id/balance_transactions, keeping each customer's balance. Both honour
 * the Idempotency-Key. Objects are Stripe's fixtures with the fields a request sets.
 */

type StripeObject = ReturnType<typeof stripeFixture>;
type Answer = { status: number; body: unknown };

export interface StripeMoneyBackObjects {
  creditNotes: Map<string, StripeObject>;
  /** Each customer's balance in cents (negative: credit), as balance transactions left it. */
  balances: Map<string, number>;
  balanceTransactions: Map<string, StripeObject>;
  /** The answer each Idempotency-Key got first. */
  answered: Map<string, Answer>;
}

let counter = 0;
const nextId = (prefix: string) => `${prefix}_fakemb${String((counter += 1)).padStart(6, '0')}`;
const now = () => Math.floor(Date.now() / 1000);

export function createMoneyBackObjects(): StripeMoneyBackObjects {
  return { creditNotes: new Map(), balances: new Map(), balanceTransactions: new Map(), answered: new Map() };
}

const invalid = (message: string, code = 'parameter_invalid_integer'): Answer => ({
  status: 400,
  body: { error: { type: 'invalid_request_error', code, message } },
});

function createCreditNote(objects: StripeMoneyBackObjects, invoices: StripeInvoiceObjects, p: Record<string, string>) {
  const invoice = invoices.invoices.get(p.invoice ?? '');
  if (!invoice) return invalid(`No such invoice: '${p.invoice}'`, 'resource_missing');
  const lineId = p['lines[0][invoice_line_item]'];
  const amount = Number(lineId ? p['lines[0][amount]'] : p.amount);
  if (!Number.isInteger(amount) || amount <= 0) return invalid('The credit note amount must be a positive integer.');
  if (invoice.status !== 'paid')
    return invalid(`Invoice ${invoice.id} is ${invoice.status}, not paid.`, 'invoice_not_paid');
  const left = invoice.amount_paid - (invoice.post_payment_credit_notes_amount ?? 0);
  if (amount > left) {
    return invalid(`The credit note's amount (${amount}) must be at most the invoice's remaining amount (${left}).`);
  }
  const line = lineId ? invoice.lines.data.find((candidate: StripeObject) => candidate.id === lineId) : null;
  if (lineId && !line) return invalid(`No such invoice line item: '${lineId}'`, 'resource_missing');
  if (line && amount > line.amount)
    return invalid(`The line's credit (${amount}) exceeds its amount (${line.amount}).`);
  if (Number(p.refund_amount) !== amount) {
    return invalid('The sum of credit amount, refund amount and out of band amount must equal the credit note amount.');
  }
  invoice.post_payment_credit_notes_amount = (invoice.post_payment_credit_notes_amount ?? 0) + amount;
  const template = stripeFixture('credit_note');
  const note = Object.assign(template, {
    id: nextId('cn'),
    invoice: invoice.id,
    customer: invoice.customer,
    created: now(),
    effective_at: now(),
    amount,
    subtotal: amount,
    subtotal_excluding_tax: amount,
    total: amount,
    total_excluding_tax: amount,
    memo: p.memo ?? null,
    type: 'post_payment',
    pre_payment_amount: 0,
    post_payment_amount: amount,
    out_of_band_amount: null,
    voided_at: null,
    refunds: [{ amount_refunded: amount, refund: nextId('re'), payment_record_refund: null, type: 'refund' }],
    lines: {
      ...template.lines,
      data: [
        {
          ...template.lines.data[0],
          id: nextId('cnli'),
          amount,
          type: lineId ? 'invoice_line_item' : 'custom_line_item',
          invoice_line_item: lineId ?? null,
        },
      ],
    },
  });
  objects.creditNotes.set(note.id, note);
  return { status: 200, body: structuredClone(note) };
}

function createBalanceTransaction(objects: StripeMoneyBackObjects, customer: string, p: Record<string, string>) {
  const amount = Number(p.amount);
  if (!Number.isInteger(amount) || !p.currency) return invalid('Missing required param: amount or currency.');
  const endingBalance = (objects.balances.get(customer) ?? 0) + amount;
  objects.balances.set(customer, endingBalance);
  const transaction = Object.assign(stripeFixture('customer_balance_transaction'), {
    id: nextId('cbtxn'),
    customer,
    amount,
    currency: p.currency,
    description: p.description ?? null,
    ending_balance: endingBalance,
    created: now(),
    type: 'adjustment',
  });
  objects.balanceTransactions.set(transaction.id, transaction);
  return { status: 200, body: structuredClone(transaction) };
}

/** Answers a credit note or balance transaction request, or null when the request is for something else. */
export function answerMoneyBackRequest(
  objects: StripeMoneyBackObjects,
  invoices: StripeInvoiceObjects,
  request: { method: string; path: string; params: Record<string, string>; idempotencyKey: string | undefined },
): Answer | null {
  const { method, path, params, idempotencyKey } = request;
  const balance = /^\/v1\/customers\/([^/]+)\/balance_transactions$/.exec(path);
  if (method !== 'POST' || (path !== '/v1/credit_notes' && !balance)) return null;
  const replayed = idempotencyKey ? objects.answered.get(idempotencyKey) : undefined;
  if (replayed) return replayed;
  const answer = balance
    ? createBalanceTransaction(objects, balance[1]!, params)
    : createCreditNote(objects, invoices, params);
  if (idempotencyKey) objects.answered.set(idempotencyKey, answer);
  return answer;
}
