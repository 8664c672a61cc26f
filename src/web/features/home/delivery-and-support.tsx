import { Headset, Truck } from 'lucide-react';
import { business } from '@/contracts/business';
import { ContactDetails } from '@/web/components/contact-details';
import { SiteLink } from '@/web/components/layout/site-link';
import { offer } from '@/web/lib/offer';
import { useDeliveryTerms } from '@/web/lib/service-area';

const panel = 'scroll-mt-20 rounded-xl border bg-card p-6 sm:p-8';

export function DeliveryAndSupport() {
  const terms = useDeliveryTerms();
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-16 sm:px-6 md:grid-cols-2">
      <section id="delivery" aria-labelledby="delivery-title" className={panel}>
        <Truck aria-hidden="true" className="size-8 text-primary" />
        <h2 id="delivery-title" className="mt-3 text-2xl font-bold tracking-tight">
          Delivery & Installation
        </h2>
        <ul className="mt-4 list-disc space-y-2 pl-5 text-muted-foreground">
          <li>Free delivery within {terms.freeMiles} miles.</li>
          {terms.charge && terms.radiusMiles && (
            <li>
              From {terms.freeMiles} to {terms.radiusMiles} miles, a one-time {terms.charge} delivery charge with your
              first month.
            </li>
          )}
          <li>
            Free installation with the {offer.minimumMonths}-month minimum; otherwise a one-time {offer.deliveryFee}{' '}
            delivery and installation fee.
          </li>
          <li>We call you within 24 hours of your order to schedule delivery.</li>
          <li>Free pickup when your rental ends.</li>
        </ul>
      </section>
      <section id="support" aria-labelledby="support-title" className={panel}>
        <Headset aria-hidden="true" className="size-8 text-primary" />
        <h2 id="support-title" className="mt-3 text-2xl font-bold tracking-tight">
          Support
        </h2>
        <p className="mt-4 text-muted-foreground">
          Technical support is available 24/7, and maintenance and repairs are always free. Office hours:{' '}
          {business.officeHours}.
        </p>
        <ContactDetails className="mt-4" linkClassName="font-medium text-primary" />
        <p className="mt-4 text-muted-foreground">
          Already renting?{' '}
          <SiteLink href="/account-access" className="font-medium text-primary underline-offset-4 hover:underline">
            Access your rental account
          </SiteLink>
        </p>
      </section>
    </div>
  );
}
