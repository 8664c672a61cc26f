import { ChevronDown } from 'lucide-react';
import { business } from '@/contracts/business';
import { offer } from '@/web/lib/offer';
import { useDeliveryTerms } from '@/web/lib/service-area';

type DeliveryTerms = ReturnType<typeof useDeliveryTerms>;

/** The answers, the delivery ones worded from the owner's service-area settings. */
const questionsFor = (terms: DeliveryTerms) => [
  {
    q: 'How much does it cost?',
    a: `Every unit rents for ${offer.monthly} per month, and every unit delivers at least ${offer.minimumBtu} BTU.`,
  },
  {
    q: 'Is there a minimum rental period?',
    a: `The monthly plan has a ${offer.minimumMonths}-month minimum (${offer.minimumTotal} in total), which includes free delivery and installation. Without the minimum commitment, a ${offer.deliveryFee} delivery and installation fee applies.`,
  },
  {
    q: 'Where do you deliver, and is delivery free?',
    a:
      `We serve Orange County and South Los Angeles${terms.radiusMiles && terms.depotCity ? `, within ${terms.radiusMiles} miles of our depot in ${terms.depotCity}` : ''}. ` +
      `Delivery is free within ${terms.freeMiles} miles` +
      (terms.charge && terms.radiusMiles
        ? `; from there to ${terms.radiusMiles} miles, a one-time ${terms.charge} delivery charge is added to your first month`
        : '') +
      '. Pickup at the end of your rental is always free. The checkout tells you the delivery price for your ZIP before you pay.',
  },
  {
    q: 'Can I rent a unit for my university dorm?',
    a: "No. One local university's housing policy does not allow our units in its undergraduate dorms, so we cannot deliver there. Off-campus apartments and houses are welcome.",
  },
  {
    q: 'What if my unit stops working?',
    a: 'Maintenance and repairs are free. Our support line is open 24/7; tell us what is wrong and we will fix or swap the unit.',
  },
  {
    q: 'How do I cancel?',
    a: `Before the ${offer.minimumMonths}-month minimum is complete, cancelling early costs a ${offer.earlyTerminationFee} early termination fee. After ${offer.minimumMonths} months you can cancel any time with ${offer.noticeDays} days' notice. Request it from your rental account or contact us.`,
  },
  {
    q: 'Do you offer weekly rentals?',
    a: 'Yes. Weekly rentals have no minimum; weekly prices are shown in our catalog. Online checkout is for the monthly plan, so call us to arrange a weekly rental.',
  },
  {
    q: 'What do I need for installation?',
    a: 'A standard 115V outlet, a window or wall opening for the vent hose, enough floor space for the unit, and access for condensate drainage.',
  },
];

export function Faq() {
  const questions = questionsFor(useDeliveryTerms());
  return (
    <section id="faq" aria-labelledby="faq-title" className="scroll-mt-20 bg-muted">
      <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
        <h2 id="faq-title" className="text-center text-3xl font-bold tracking-tight">
          Frequently Asked Questions
        </h2>
        <p className="mt-3 text-center text-muted-foreground">
          Still have a question? Our office is open {business.officeHours}, and support is available 24/7.
        </p>
        <div className="mt-8 space-y-3">
          {questions.map(({ q, a }) => (
            <details key={q} className="group rounded-lg border bg-card">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-lg p-4 font-medium outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60 [&::-webkit-details-marker]:hidden">
                <span>{q}</span>
                <ChevronDown
                  aria-hidden="true"
                  className="size-5 shrink-0 transition-transform group-open:rotate-180"
                />
              </summary>
              <p className="px-4 pb-4 text-muted-foreground">{a}</p>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}
