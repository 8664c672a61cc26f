import { CircleCheck, PackageOpen } from 'lucide-react';
import { business } from '@/contracts/business';
import { formatCents } from '@/contracts/money';
import { LoadError } from '../components/load-error';
import { PageIntro } from '../components/layout/page-intro';
import { PublicLayout } from '../components/layout/public-layout';
import { Spinner } from '../components/ui/spinner';
import { UnitModelCard } from '../features/catalog/unit-model-card';
import { useUnitModels } from '../lib/unit-models';
import { useDocumentTitle } from '../lib/use-document-title';

const includedServices = [
  `Free delivery within ${business.freeDeliveryMiles} miles`,
  '24/7 technical support',
  'Maintenance and repairs',
  'Free pickup at end of rental',
];

const requirements = [
  'Standard 115V outlet',
  'Window or wall access for venting',
  'Adequate space for the unit',
  'Access for condensate drainage',
];

function UnitModels() {
  const { data: models, isLoading, isError, refetch, isFetching } = useUnitModels();
  if (isLoading) return <Spinner className="flex py-16 [&_svg]:size-10" label="Loading units..." />;
  if (isError) {
    return (
      <LoadError
        title="We couldn't load our units"
        message="Something went wrong while loading the catalog. Please check your connection and try again."
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    );
  }
  if (!models?.length) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed p-10 text-center">
        <PackageOpen aria-hidden="true" className="size-10 text-muted-foreground" />
        <h2 className="text-xl font-semibold">No Units Available</h2>
        <p className="text-muted-foreground">Please check back later for available rental units.</p>
      </div>
    );
  }
  return (
    <ul className="grid gap-6 md:grid-cols-2">
      {models.map((model) => (
        <li key={model.id} className="grid">
          <UnitModelCard model={model} />
        </li>
      ))}
    </ul>
  );
}

function InfoList({ title, items }: { title: string; items: string[] }) {
  return (
    <div className="rounded-xl border bg-card p-6">
      <h2 className="text-lg font-semibold">{title}</h2>
      <ul className="mt-4 space-y-2">
        {items.map((item) => (
          <li key={item} className="flex items-start gap-2">
            <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
            {item}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function CatalogPage() {
  useDocumentTitle('Portable AC Units');
  return (
    <PublicLayout>
      <PageIntro title="Portable AC Units">
        Every unit rents for {formatCents(business.monthlyPriceCents, { wholeDollars: true })} a month and delivers at
        least {business.minimumBtu.toLocaleString('en-US')} BTU. Pick the size that fits your room.
      </PageIntro>
      <div className="mx-auto max-w-6xl space-y-12 px-4 py-10 sm:px-6">
        <UnitModels />
        <section aria-label="Rental information" className="grid gap-6 md:grid-cols-2">
          <InfoList title="Included With Every Rental" items={includedServices} />
          <InfoList title="Requirements" items={requirements} />
        </section>
      </div>
    </PublicLayout>
  );
}
