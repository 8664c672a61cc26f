import { eq } from 'drizzle-orm';
import { formatCalendarDate, todayInLosAngeles } from '@/contracts/dates';
import { formatCents } from '@/contracts/money';
import type { Db } from '@/server/platform/db/client';
import { localGatewayCustomers, localGatewayInvoices } from '@/server/platform/db/schema';

const htmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => htmlEscapes[char]!);

type Line = { description: string; amountCents: number };

/**
 * A paid invoice's hosted page, as the local gateway serves it (the demo's stand-in for Stripe's paid invoice page
 * with its receipt): who paid, when, each line and the total. Null when the invoice is not paid (the page then pays
 * it, or goes back to the rental).
 */
export async function localReceiptHtml(db: Db, invoiceId: string): Promise<string | null> {
  const [row] = await db
    .select({ invoice: localGatewayInvoices, email: localGatewayCustomers.email })
    .from(localGatewayInvoices)
    .innerJoin(localGatewayCustomers, eq(localGatewayCustomers.id, localGatewayInvoices.gatewayCustomerId))
    .where(eq(localGatewayInvoices.id, invoiceId));
  const paidAt = row?.invoice.paidAt;
  if (row?.invoice.status !== 'paid' || !paidAt) return null;
  const { invoice, email } = row;
  const lines = (invoice.lines as Line[])
    .map((line) => `<tr><td>${escapeHtml(line.description)}</td><td>${formatCents(line.amountCents)}</td></tr>`)
    .join('');
  const paidOn = formatCalendarDate(todayInLosAngeles(paidAt));
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Receipt ${escapeHtml(invoice.id)}</title></head>
<body><main>
<h1>Receipt</h1>
<p>Invoice ${escapeHtml(invoice.id)} · Paid ${paidOn} · ${escapeHtml(email)}</p>
<table><thead><tr><th scope="col">Description</th><th scope="col">Amount</th></tr></thead>
<tbody>${lines}</tbody></table>
<p><strong>Amount paid: ${formatCents(invoice.amountPaidCents)}</strong></p>
<p>Test payment gateway: no real card was charged.</p>
</main></body></html>`;
}
