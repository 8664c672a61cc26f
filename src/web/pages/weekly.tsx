import { ContactDetails } from '../components/contact-details';
import { SiteLink } from '../components/layout/site-link';
import { PageIntro } from '../components/layout/page-intro';
import { PublicLayout } from '../components/layout/public-layout';
import { WeeklyPriceList } from '../features/catalog/weekly-price-list';
import { useDocumentTitle } from '../lib/use-document-title';

export function WeeklyRentalsPage() {
  useDocumentTitle('Weekly Rentals');
  return (
    <PublicLayout>
      <PageIntro title="Weekly Rentals">
        Need cooling for a heat wave, a visit or an event? Rent by the week with no minimum.
      </PageIntro>
      <div className="mx-auto max-w-3xl space-y-8 px-4 py-10 sm:px-6">
        <section aria-labelledby="weekly-prices-title" className="space-y-4">
          <h2 id="weekly-prices-title" className="text-2xl font-bold">
            Weekly Prices
          </h2>
          <WeeklyPriceList />
        </section>
        <section aria-labelledby="weekly-how-title" className="space-y-3">
          <h2 id="weekly-how-title" className="text-2xl font-bold">
            How to Book
          </h2>
          <p className="text-muted-foreground">
            Online checkout is for the monthly plan. Weekly rentals are arranged by phone: call or e-mail us and we will
            confirm availability, delivery and the total for your dates.
          </p>
          <ContactDetails linkClassName="font-medium text-primary" />
          <p className="text-muted-foreground">
            Staying longer? The{' '}
            <SiteLink href="/monthly" className="font-medium text-primary underline-offset-4 hover:underline">
              monthly plan
            </SiteLink>{' '}
            is better value.
          </p>
        </section>
      </div>
    </PublicLayout>
  );
}
