import type { AdminOrderDetail } from '@/contracts/admin/orders';
import { formatCalendarDate } from '@/contracts/dates';
import { formatCents } from '@/contracts/money';
import { DetailSection } from '../ui/detail-section';
import { ItemList } from '../ui/item-list';
import { StatusBadge } from '../ui/status-badge';
import { MoneyBackActions } from './money-back';

/** What the payment provider reports for this rental: where billing stands, what comes next, its invoices. */
export function BillingSection({ detail }: { detail: AdminOrderDetail }) {
  const { billing } = detail;
  return (
    <DetailSection heading="Billing" className="border-t pt-4">
      <p className="text-sm">
        <StatusBadge status={billing.status === 'none' ? 'not billed yet' : billing.status} />
        {billing.nextBillDate && billing.nextAmountCents !== null && (
          <>
            {' '}
            Next bill {formatCalendarDate(billing.nextBillDate)}: {formatCents(billing.nextAmountCents)}
          </>
        )}
        {billing.endsAt && <> · Billing ends {formatCalendarDate(billing.endsAt)}</>}
      </p>
      <ItemList items={billing.invoices} empty="No invoices from the payment provider yet.">
        {(invoice) => (
          <span>
            {formatCalendarDate(invoice.periodStart)} – {formatCalendarDate(invoice.periodEnd)} ·{' '}
            {formatCents(invoice.amountCents)} <StatusBadge status={invoice.status} />
            {invoice.attemptCount > 1 && (
              <span className="text-muted-foreground"> · {invoice.attemptCount} attempts</span>
            )}
            {invoice.refundedCents > 0 && (
              <span className="text-muted-foreground"> · {formatCents(invoice.refundedCents)} refunded</span>
            )}
          </span>
        )}
      </ItemList>
      {billing.credits.length > 0 && (
        <ItemList items={billing.credits} empty="">
          {(credit) => (
            <span>
              Credit {formatCents(credit.amountCents)} · {credit.reason}
            </span>
          )}
        </ItemList>
      )}
      <MoneyBackActions detail={detail} />
    </DetailSection>
  );
}
