import { PackageOpen } from 'lucide-react';
import { LoadError } from '@/web/components/load-error';
import { Spinner } from '@/web/components/ui/spinner';
import { useUnitModels } from './api';
import { UnitModelCard } from './unit-model-card';

/** The catalog's grid of unit models, with its loading, failed and empty states. */
export function UnitModelCatalog() {
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
