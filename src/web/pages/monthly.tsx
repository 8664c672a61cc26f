import { business } from '@/contracts/business';
import { CheckList } from '../components/check-list';
import { ButtonLink } from '../components/layout/button-link';
import { SiteLink } from '../components/layout/site-link';
import { PageIntro } from '../components/layout/page-intro';
import { PublicLayout } from '../components/layout/public-layout';
import { Price } from '../components/price';
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
          <Price amount={offer.monthly} per="month" size="lg" className="mt-2" />
          <CheckList items={details} className="mt-6 space-y-3" />
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <ButtonLink href="/checkout?plan=monthly" size="lg">
              Start Monthly Rental
            </ButtonLink>
            <ButtonLink href="/terms" size="lg" variant="outline">
              Read the Rental Agreement
            </ButtonLink>
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
