import type { ReactNode } from 'react';
import { business } from '@/contracts/business';
import { formatCents } from '@/contracts/money';
import type { SiteInfo } from '@/contracts/site';
import { cn } from '@/web/lib/utils';

/** The version of the agreement text below; recorded with each signed agreement. */
export const AGREEMENT_VERSION = '1.0';

const money = (cents: number) => formatCents(cents, { wholeDollars: true });
const monthly = money(business.monthlyPriceCents);
const minimumTotal = money(business.monthlyPriceCents * business.minimumMonths);
const deliveryFee = money(business.deliveryFeeWithoutMinimumCents);
const earlyTerminationFee = money(business.earlyTerminationFeeCents);
const lateFee = money(business.lateFeeCents);
const minimumBtu = business.minimumBtu.toLocaleString('en-US');
const months = business.minimumMonths;

type TermsContentProps = {
  /** Heading level of the section titles: 2 on the terms page, 3 when embedded under another heading. */
  headingLevel?: 2 | 3;
  /** Phone and e-mail for the Contact section; left out when not known. */
  contact?: SiteInfo;
  className?: string;
};

function TermsSection({
  heading: Heading,
  title,
  children,
}: {
  heading: 'h2' | 'h3';
  title: string;
  children: ReactNode;
}) {
  return (
    <section className="space-y-3">
      <Heading className="text-xl font-semibold">{title}</Heading>
      {children}
    </section>
  );
}

/** The rental agreement (spec sections 2 and 9): shown on /terms and at checkout, and recorded when signed. */
export function TermsContent({ headingLevel = 2, contact, className }: TermsContentProps) {
  const heading = headingLevel === 2 ? 'h2' : 'h3';

  return (
    <div className={cn('space-y-8 leading-relaxed [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6', className)}>
      <TermsSection heading={heading} title="Overview">
        <p>
          This Rental Agreement (the &ldquo;Agreement&rdquo;) is between {business.name} (&ldquo;we&rdquo;,
          &ldquo;us&rdquo;) and the customer named at checkout (&ldquo;you&rdquo;). It covers the rental of a portable
          air-conditioning unit and its accessories (the &ldquo;Unit&rdquo;) delivered to an address in Orange County or
          South Los Angeles. By ticking the agreement box at checkout and completing payment you accept this Agreement,
          version {AGREEMENT_VERSION}.
        </p>
      </TermsSection>

      <TermsSection heading={heading} title="Rental Terms">
        <ul>
          <li>
            The monthly plan costs {monthly} per month for each Unit, charged in advance on the start date and on the
            same day of each following month. Every Unit delivers at least {minimumBtu} BTU of cooling.
          </li>
          <li>
            The minimum commitment is {months} months ({minimumTotal} in total). With it, delivery and installation are
            free; a rental without the minimum commitment pays a one-time {deliveryFee} delivery and installation fee.
          </li>
          <li>After the minimum term the rental continues month to month until it is cancelled as set out below.</li>
          <li>
            Weekly rentals, where we offer them, have no minimum term and are charged each week at the weekly rate shown
            in our catalog.
          </li>
          <li>
            The Unit remains our property at all times. Service is not available in undergraduate university dorms whose
            housing policies do not allow portable air conditioners.
          </li>
        </ul>
      </TermsSection>

      <TermsSection heading={heading} title="Equipment Responsibility">
        <ul>
          <li>
            Use the Unit only indoors at the delivery address, plugged directly into a standard 115V outlet, with its
            exhaust hose vented through a window or wall and its condensate drained as we show you at installation.
          </li>
          <li>
            Do not open, modify or repair the Unit, move it to another address, or lend or sublet it without our written
            consent.
          </li>
          <li>
            Tell us promptly if the Unit stops working. Maintenance and repairs needed because of normal wear are free.
          </li>
          <li>
            You are responsible for loss, theft or damage beyond normal wear and tear while the Unit is in your care. We
            may charge the reasonable cost of repair or replacement as an additional fee.
          </li>
        </ul>
      </TermsSection>

      <TermsSection heading={heading} title="Delivery and Installation">
        <ul>
          <li>
            Delivery is free within {business.freeDeliveryMiles} miles. For addresses farther away we tell you any extra
            charge before delivery is scheduled.
          </li>
          <li>
            We contact you to schedule delivery after your order is confirmed. An adult must be present to give access
            and sign for the Unit.
          </li>
          <li>
            You provide adequate space for the Unit, a window or wall opening for venting, access for condensate
            drainage and a standard 115V outlet nearby.
          </li>
          <li>Pickup at the end of the rental is free.</li>
        </ul>
      </TermsSection>

      <TermsSection heading={heading} title="Cancellation and Termination">
        <ul>
          <li>
            If you end the rental before completing the {months}-month minimum, an early termination fee of{' '}
            {earlyTerminationFee} applies.
          </li>
          <li>
            After the {months}-month minimum you may cancel at any time with {business.cancellationNoticeDays}{' '}
            days&rsquo; notice. Monthly charges continue until the end of the notice period.
          </li>
          <li>You can request cancellation from your rental account or by contacting us.</li>
          <li>
            We may end this Agreement if you break it, including by not paying. When the rental ends for any reason you
            must make the Unit available for pickup in the condition it was delivered, apart from normal wear.
          </li>
        </ul>
      </TermsSection>

      <TermsSection heading={heading} title="Payment Terms">
        <ul>
          <li>
            Rental charges are billed automatically to the payment card you give at checkout, through our payment
            provider. You can update your card from your rental account.
          </li>
          <li>
            A late fee of {lateFee} applies when a payment is more than {business.lateFeeAfterDays} days overdue.
          </li>
          <li>
            After {business.suspensionAfterFailedPayments} failed payments we may suspend service and collect the Unit.
          </li>
          <li>
            Additional fees, such as for damage, a lost Unit or a late return, are invoiced separately and explained to
            you before they are charged.
          </li>
          <li>All amounts are in US dollars.</li>
        </ul>
      </TermsSection>

      <TermsSection heading={heading} title="Liability">
        <p>
          We deliver, install and maintain the Unit with reasonable care. To the extent the law allows, we are not
          liable for indirect or consequential loss, or for damage caused by using the Unit other than as this Agreement
          and our instructions describe (for example, water damage from condensate that was not drained). Our total
          liability under this Agreement is limited to the rental charges you paid under it. Nothing in this Agreement
          limits any liability or any consumer right that cannot be limited under California law.
        </p>
      </TermsSection>

      <TermsSection heading={heading} title="Contact">
        <p>
          For support, maintenance, billing questions or cancellation, contact {business.name}. Support is available
          24/7; our office hours are {business.officeHours}. Service area: Orange County and South Los Angeles.
        </p>
        {contact && (
          <p>
            Phone: {contact.phone} · E-mail: {contact.email}
          </p>
        )}
      </TermsSection>

      <TermsSection heading={heading} title="Modifications">
        <p>
          We may update this Agreement. We tell you of any change by e-mail before it takes effect, and a change never
          applies to a rental period you have already paid for. Any other change to this Agreement must be agreed in
          writing. This Agreement is governed by the laws of the State of {business.governingLaw}. Agreement version{' '}
          {AGREEMENT_VERSION}.
        </p>
      </TermsSection>
    </div>
  );
}
