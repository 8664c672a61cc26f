import { business } from '../business';
import { formatCents } from '../money';
import type { SiteInfo } from '../site';

/**
 * The rental agreement (spec sections 2 and 9) as data: the web shows it on /terms and at checkout, the server
 * records it as HTML and typesets it into the signed PDF. Changing any word here means a new version.
 */
export const AGREEMENT_VERSION = '1.0';

export type TermsBlock = { kind: 'paragraph'; text: string } | { kind: 'list'; items: string[] };
export interface TermsSection {
  title: string;
  blocks: TermsBlock[];
}

const money = (cents: number) => formatCents(cents, { wholeDollars: true });
const monthly = money(business.monthlyPriceCents);
const minimumTotal = money(business.monthlyPriceCents * business.minimumMonths);
const deliveryFee = money(business.deliveryFeeWithoutMinimumCents);
const earlyTerminationFee = money(business.earlyTerminationFeeCents);
const lateFee = money(business.lateFeeCents);
const minimumBtu = business.minimumBtu.toLocaleString('en-US');
const months = business.minimumMonths;

const paragraph = (text: string): TermsBlock => ({ kind: 'paragraph', text });
const list = (...items: string[]): TermsBlock => ({ kind: 'list', items });

/** The key terms shown above the agreement box at checkout, and first in the recorded agreement. */
export const agreementSummary: readonly string[] = [
  `Monthly rental at ${formatCents(business.monthlyPriceCents)} per month, charged to your card at checkout and on the same day each month.`,
  `Minimum commitment of ${months} months (${formatCents(business.monthlyPriceCents * months)}) for free delivery and installation; without it a ${formatCents(business.deliveryFeeWithoutMinimumCents)} delivery and installation fee applies.`,
  `Free delivery within ${business.freeDeliveryMiles} miles, 24/7 support, free maintenance and repairs, and free pickup at the end of the rental.`,
  `Ending before ${months} months costs a ${formatCents(business.earlyTerminationFeeCents)} early termination fee; after that, cancel any time with ${business.cancellationNoticeDays} days’ notice.`,
  `A ${formatCents(business.lateFeeCents)} late fee applies to payments more than ${business.lateFeeAfterDays} days overdue; service may be suspended after ${business.suspensionAfterFailedPayments} failed payments.`,
  'You are responsible for damage to the unit beyond normal wear and tear while it is in your care.',
  `This agreement is governed by the laws of the State of ${business.governingLaw}.`,
];

/** The full terms; the Contact section names the phone and e-mail when they are known. */
export function agreementTerms(contact?: SiteInfo): TermsSection[] {
  return [
    {
      title: 'Overview',
      blocks: [
        paragraph(
          `This Rental Agreement (the “Agreement”) is between ${business.name} (“we”, “us”) and the customer named at checkout (“you”). It covers the rental of a portable air-conditioning unit and its accessories (the “Unit”) delivered to an address in Orange County or South Los Angeles. By ticking the agreement box at checkout and completing payment you accept this Agreement, version ${AGREEMENT_VERSION}.`,
        ),
      ],
    },
    {
      title: 'Rental Terms',
      blocks: [
        list(
          `The monthly plan costs ${monthly} per month for each Unit, charged in advance on the start date and on the same day of each following month. Every Unit delivers at least ${minimumBtu} BTU of cooling.`,
          `The minimum commitment is ${months} months (${minimumTotal} in total). With it, delivery and installation are free; a rental without the minimum commitment pays a one-time ${deliveryFee} delivery and installation fee.`,
          'After the minimum term the rental continues month to month until it is cancelled as set out below.',
          'Weekly rentals, where we offer them, have no minimum term and are charged each week at the weekly rate shown in our catalog.',
          'The Unit remains our property at all times. Service is not available in undergraduate university dorms whose housing policies do not allow portable air conditioners.',
        ),
      ],
    },
    {
      title: 'Equipment Responsibility',
      blocks: [
        list(
          'Use the Unit only indoors at the delivery address, plugged directly into a standard 115V outlet, with its exhaust hose vented through a window or wall and its condensate drained as we show you at installation.',
          'Do not open, modify or repair the Unit, move it to another address, or lend or sublet it without our written consent.',
          'Tell us promptly if the Unit stops working. Maintenance and repairs needed because of normal wear are free.',
          'You are responsible for loss, theft or damage beyond normal wear and tear while the Unit is in your care. We may charge the reasonable cost of repair or replacement as an additional fee.',
        ),
      ],
    },
    {
      title: 'Delivery and Installation',
      blocks: [
        list(
          `Delivery is free within ${business.freeDeliveryMiles} miles. For addresses farther away we tell you any extra charge before delivery is scheduled.`,
          'We contact you to schedule delivery after your order is confirmed. An adult must be present to give access and sign for the Unit.',
          'You provide adequate space for the Unit, a window or wall opening for venting, access for condensate drainage and a standard 115V outlet nearby.',
          'Pickup at the end of the rental is free.',
        ),
      ],
    },
    {
      title: 'Cancellation and Termination',
      blocks: [
        list(
          `If you end the rental before completing the ${months}-month minimum, an early termination fee of ${earlyTerminationFee} applies.`,
          `After the ${months}-month minimum you may cancel at any time with ${business.cancellationNoticeDays} days’ notice. Monthly charges continue until the end of the notice period.`,
          'You can request cancellation from your rental account or by contacting us.',
          'We may end this Agreement if you break it, including by not paying. When the rental ends for any reason you must make the Unit available for pickup in the condition it was delivered, apart from normal wear.',
        ),
      ],
    },
    {
      title: 'Payment Terms',
      blocks: [
        list(
          'Rental charges are billed automatically to the payment card you give at checkout, through our payment provider. You can update your card from your rental account.',
          `A late fee of ${lateFee} applies when a payment is more than ${business.lateFeeAfterDays} days overdue.`,
          `After ${business.suspensionAfterFailedPayments} failed payments we may suspend service and collect the Unit.`,
          'Additional fees, such as for damage, a lost Unit or a late return, are invoiced separately and explained to you before they are charged.',
          'All amounts are in US dollars.',
        ),
      ],
    },
    {
      title: 'Liability',
      blocks: [
        paragraph(
          'We deliver, install and maintain the Unit with reasonable care. To the extent the law allows, we are not liable for indirect or consequential loss, or for damage caused by using the Unit other than as this Agreement and our instructions describe (for example, water damage from condensate that was not drained). Our total liability under this Agreement is limited to the rental charges you paid under it. Nothing in this Agreement limits any liability or any consumer right that cannot be limited under California law.',
        ),
      ],
    },
    {
      title: 'Contact',
      blocks: [
        paragraph(
          `For support, maintenance, billing questions or cancellation, contact ${business.name}. Support is available 24/7; our office hours are ${business.officeHours}. Service area: Orange County and South Los Angeles.`,
        ),
        ...(contact ? [paragraph(`Phone: ${contact.phone} · E-mail: ${contact.email}`)] : []),
      ],
    },
    {
      title: 'Modifications',
      blocks: [
        paragraph(
          `We may update this Agreement. We tell you of any change by e-mail before it takes effect, and a change never applies to a rental period you have already paid for. Any other change to this Agreement must be agreed in writing. This Agreement is governed by the laws of the State of ${business.governingLaw}. Agreement version ${AGREEMENT_VERSION}.`,
        ),
      ],
    },
  ];
}
