import { business } from '@/contracts/business';
import type { RentalBilling } from '@/contracts/billing';
import { formatCents } from '@/contracts/money';
import { Button } from '@/web/components/ui/button';

const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', {
    timeZone: business.timeZone,
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });

/**
 * A payment failed: what is owed, what happens next, and the two ways out. "Pay now" opens the provider's page for
 * the open invoice (with the embedded gateway, its billing page, where a new card pays what is open).
 */
export function PastDueBanner({
  billing,
  onUpdatePaymentMethod,
}: {
  billing: RentalBilling;
  onUpdatePaymentMethod: () => void;
}) {
  const invoice = billing.openInvoice;
  if (!invoice || (billing.status !== 'past_due' && billing.status !== 'suspended')) return null;
  const suspended = billing.status === 'suspended';
  return (
    <div role="alert" className="mt-6 rounded-lg border border-destructive/40 bg-destructive/10 p-4 text-sm">
      <p className="font-semibold">{suspended ? 'Service suspended: payment overdue' : 'Payment past due'}</p>
      <p className="mt-1">
        We could not charge {formatCents(invoice.amountDueCents)} to your card.{' '}
        {suspended
          ? 'Your service is suspended until it is paid.'
          : 'If the next attempt fails too, your service is suspended.'}
        {invoice.nextAttemptAt && ` We will try again on ${day(invoice.nextAttemptAt)}.`} An invoice unpaid{' '}
        {business.lateFeeAfterDays} days after the first failed payment gets a {formatCents(business.lateFeeCents)} late
        fee.
      </p>
      <div className="mt-3 flex flex-wrap gap-3">
        <Button onClick={onUpdatePaymentMethod}>Update payment method</Button>
        {invoice.url ? (
          <Button asChild variant="outline">
            <a href={invoice.url}>Pay now</a>
          </Button>
        ) : (
          <Button variant="outline" onClick={onUpdatePaymentMethod}>
            Pay now
          </Button>
        )}
      </div>
    </div>
  );
}
