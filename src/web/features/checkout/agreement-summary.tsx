import { business } from '@/contracts/business';
import { formatCents } from '@/contracts/money';

const monthly = formatCents(business.monthlyPriceCents);
const minimumTotal = formatCents(business.monthlyPriceCents * business.minimumMonths);
const months = business.minimumMonths;

/**
 * The key terms shown above the agreement box at checkout. The server renders this same component (and the full
 * TermsContent) into the HTML it records with each signed agreement, so what was shown is what is kept.
 */
export function AgreementSummary() {
  return (
    <ul className="list-disc space-y-2 pl-5 text-sm leading-relaxed">
      <li>Monthly rental at {monthly} per month, charged to your card at checkout and on the same day each month.</li>
      <li>
        Minimum commitment of {months} months ({minimumTotal}) for free delivery and installation; without it a{' '}
        {formatCents(business.deliveryFeeWithoutMinimumCents)} delivery and installation fee applies.
      </li>
      <li>
        Free delivery within {business.freeDeliveryMiles} miles, 24/7 support, free maintenance and repairs, and free
        pickup at the end of the rental.
      </li>
      <li>
        Ending before {months} months costs a {formatCents(business.earlyTerminationFeeCents)} early termination fee;
        after that, cancel any time with {business.cancellationNoticeDays} days&rsquo; notice.
      </li>
      <li>
        A {formatCents(business.lateFeeCents)} late fee applies to payments more than {business.lateFeeAfterDays} days
        overdue; service may be suspended after {business.suspensionAfterFailedPayments} failed payments.
      </li>
      <li>You are responsible for damage to the unit beyond normal wear and tear while it is in your care.</li>
      <li>This agreement is governed by the laws of the State of {business.governingLaw}.</li>
    </ul>
  );
}
