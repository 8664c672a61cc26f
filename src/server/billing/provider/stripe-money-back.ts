import type Stripe from 'stripe';
import type { PaymentGateway, ProviderCredit, ProviderRefund } from './gateway';

type RefundRequest = Parameters<PaymentGateway['refundInvoice']>[0];
type CreditRequest = Parameters<PaymentGateway['creditCustomer']>[0];

/**
 * Stripe's half of `refundInvoice`: a credit note on the paid invoice whose whole amount is refunded to the payment
 * that paid it (`refund_amount`), for an amount of the invoice or of one of its lines (a fee's). The current API has
 * no charge or payment intent on the Invoice; the credit note finds the invoice's payment itself, keeps the invoice's
 * own record right (post_payment_credit_notes_amount) and refuses more than is left to credit (ADR 030). Stripe's own
 * e-mail is off: the customer gets ours, in their language.
 */
export async function refundStripeInvoice(stripe: Stripe, request: RefundRequest): Promise<ProviderRefund> {
  const { invoiceId, invoiceLineId, amountCents, reason, idempotencyKey } = request;
  const note = await stripe.creditNotes.create(
    {
      invoice: invoiceId,
      ...(invoiceLineId
        ? { lines: [{ type: 'invoice_line_item', invoice_line_item: invoiceLineId, amount: amountCents }] }
        : { amount: amountCents }),
      refund_amount: amountCents,
      memo: reason,
      email_type: 'none',
    },
    { idempotencyKey },
  );
  // What went back to the card: the note's refunds (all of its post-payment amount, as asked).
  const refunded = note.refunds.reduce((sum, refund) => sum + refund.amount_refunded, 0);
  return { id: note.id, refundedCents: refunded > 0 ? refunded : note.post_payment_amount };
}

/**
 * Stripe's half of `creditCustomer`: a customer balance transaction of a negative amount (a credit), which Stripe
 * applies to the customer's next finalized invoice (its starting_balance).
 */
export async function creditStripeCustomer(stripe: Stripe, request: CreditRequest): Promise<ProviderCredit> {
  const transaction = await stripe.customers.createBalanceTransaction(
    request.gatewayCustomerId,
    { amount: -request.amountCents, currency: 'usd', description: request.description },
    { idempotencyKey: request.idempotencyKey },
  );
  return { id: transaction.id, endingBalanceCents: transaction.ending_balance };
}
