import { formatCalendarDate } from '@/contracts/dates';
import { feeTypeLabels, type FeeType } from '@/contracts/admin/fees';
import { formatCents } from '@/contracts/money';
import type { RentalBilling } from '@/contracts/billing';
import type { PortalFee } from '@/contracts/portal';
import { Badge, type BadgeProps } from '@/web/components/ui/badge';

const billingStatusStyles: Record<RentalBilling['status'], { label: string; variant: BadgeProps['variant'] }> = {
  current: { label: 'Current', variant: 'success' },
  past_due: { label: 'Past due', variant: 'destructive' },
  suspended: { label: 'Suspended', variant: 'destructive' },
  ended: { label: 'Ended', variant: 'outline' },
  none: { label: 'Not billed yet', variant: 'secondary' },
};

const invoiceStatusLabels: Record<string, string> = {
  draft: 'Upcoming',
  open: 'Unpaid',
  paid: 'Paid',
  uncollectible: 'Unpaid',
  void: 'Cancelled',
};

export function BillingStatusBadge({ status }: { status: RentalBilling['status'] }) {
  const style = billingStatusStyles[status];
  return <Badge variant={style.variant}>{style.label}</Badge>;
}

const feeLabel = (feeType: string) => feeTypeLabels[feeType as FeeType] ?? feeType;

/** The invoices the provider has issued for this rental, newest first, and the fees on it. */
export function BillingHistory({ billing, fees }: { billing: RentalBilling; fees: PortalFee[] }) {
  return (
    <div className="grid gap-6">
      <section aria-labelledby="invoices-heading">
        <h2 id="invoices-heading" className="text-lg font-semibold">
          Invoices
        </h2>
        {billing.invoices.length === 0 ? (
          <p className="mt-2 text-sm text-muted-foreground">No invoices yet.</p>
        ) : (
          <div className="mt-3 overflow-x-auto rounded-lg border">
            <table className="w-full text-left text-sm">
              <thead className="bg-muted/50">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Period
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Amount
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Status
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    <span className="sr-only">Receipt</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y">
                {billing.invoices.map((invoice) => (
                  <tr key={invoice.id}>
                    <td className="px-3 py-2">
                      {formatCalendarDate(invoice.periodStart)} – {formatCalendarDate(invoice.periodEnd)}
                    </td>
                    <td className="px-3 py-2">{formatCents(invoice.amountCents)}</td>
                    <td className="px-3 py-2">
                      {invoiceStatusLabels[invoice.status] ?? invoice.status}
                      {invoice.status === 'open' && invoice.attemptCount > 0 && ` (${invoice.attemptCount} failed)`}
                    </td>
                    <td className="px-3 py-2">
                      {invoice.url && (
                        <a className="underline" href={invoice.url} target="_blank" rel="noreferrer">
                          {invoice.status === 'paid' ? 'Receipt' : 'View invoice'}
                        </a>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {fees.length > 0 && (
        <section aria-labelledby="fees-heading">
          <h2 id="fees-heading" className="text-lg font-semibold">
            Fees
          </h2>
          <ul className="mt-3 divide-y rounded-lg border text-sm">
            {fees.map((fee) => (
              <li key={fee.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                <span>
                  {feeLabel(fee.feeType)}: {fee.description}
                </span>
                <span className="font-medium">
                  {formatCents(fee.amountCents)} · {fee.status === 'paid' ? 'Paid' : 'On your next bill'}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
