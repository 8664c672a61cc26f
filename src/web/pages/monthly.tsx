import { CircleCheck } from 'lucide-react';
import { business } from '@/contracts/business';
import { SiteLink } from '../components/layout/site-link';
import { PageIntro } from '../components/layout/page-intro';
import { PublicLayout } from '../components/layout/public-layout';
import { Button } from '../components/ui/button';
import { offer } from '../lib/offer';
import { useDocumentTitle } from '../lib/use-document-title';

const details = [
  `${offer.monthly} per month for every unit, billed monthly to your card`,
  `Every unit delivers at least ${offer.minimumBtu} BTU`,
  `${offer.minimumMonths}-month minimum (${offer.minimumTotal} in total) for free delivery and installation; otherwise a ${offer.deliveryFee} fee`,
  `Free delivery within ${offer.freeMiles} miles and free pickup at the end`,
  '24/7 support with free maintenance and repairs',
  `After ${offer.minimumMonths} months, cancel any time with ${offer.noticeDays} days' notice (${offer.earlyTerminationFee} early termination fee before then)`,
];

export function MonthlyRentalsPage() {
  useDocumentTitle('Monthly Rentals');
  return (
    <PublicLayout>
      <PageIntro title="Monthly Rentals">
        Our standard plan: one flat monthly price, delivered and installed, with support whenever you need it.
      </PageIntro>
      <div className="mx-auto max-w-3xl space-y-8 px-4 py-10 sm:px-6">
        <section aria-labelledby="plan-title" className="rounded-xl border bg-card p-6 sm:p-8">
          <h2 id="plan-title" className="text-2xl font-bold">
            Monthly AC Rental
          </h2>
          <p className="mt-2 text-4xl font-bold">
            {offer.monthly}
            <span className="text-lg font-medium text-muted-foreground">/month</span>
          </p>
          <ul className="mt-6 space-y-3">
            {details.map((item) => (
              <li key={item} className="flex items-start gap-2">
                <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
                {item}
              </li>
            ))}
          </ul>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg">
              <SiteLink href="/checkout?plan=monthly">Start Monthly Rental</SiteLink>
            </Button>
            <Button asChild size="lg" variant="outline">
              <SiteLink href="/terms">Read the Rental Agreement</SiteLink>
            </Button>
          </div>
        </section>
        <p className="text-muted-foreground">
          We serve Orange County and South Los Angeles. Questions? Our office is open {business.officeHours}; see{' '}
          <SiteLink href="/contact" className="font-medium text-primary underline-offset-4 hover:underline">
            Contact
          </SiteLink>
          .
        </p>
      </div>
    </PublicLayout>
  );
}
