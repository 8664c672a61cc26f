import { formatCents } from '@/contracts/money';
import { ContactDetails } from '../components/contact-details';
import { LoadError } from '../components/load-error';
import { SiteLink } from '../components/layout/site-link';
import { PageIntro } from '../components/layout/page-intro';
import { PublicLayout } from '../components/layout/public-layout';
import { Spinner } from '../components/ui/spinner';
import { tierDetails, useUnitModels } from '../lib/unit-models';
import { useDocumentTitle } from '../lib/use-document-title';

function WeeklyPrices() {
  const { data: models, isLoading, isError, refetch, isFetching } = useUnitModels();
  if (isLoading) return <Spinner label="Loading prices..." />;
  if (isError) {
    return (
      <LoadError
        title="We couldn't load weekly prices"
        message="Please try again, or call us for a quote."
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    );
  }
  if (!models?.length) return <p className="text-muted-foreground">Please call us for weekly prices.</p>;
  return (
    <ul className="divide-y rounded-xl border bg-card">
      {models.map((model) => (
        <li key={model.id} className="flex flex-wrap items-center justify-between gap-2 p-4">
          <span>
            <span className="block font-semibold">{model.name}</span>
            <span className="text-sm text-muted-foreground">{tierDetails(model).roomSize}</span>
          </span>
          <span className="text-lg font-bold">{formatCents(model.weeklyPrice, { wholeDollars: true })}/week</span>
        </li>
      ))}
    </ul>
  );
}

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
          <WeeklyPrices />
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
