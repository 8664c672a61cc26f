import { PackageOpen } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/web/components/load-error';
import { Spinner } from '@/web/components/ui/spinner';
import { useUnitModels } from './api';
import { UnitModelCard } from './unit-model-card';

/** The catalog's grid of unit models, with its loading, failed and empty states. */
export function UnitModelCatalog() {
  const { t } = useTranslation('catalog');
  const { data: models, isLoading, isError, refetch, isFetching } = useUnitModels();
  if (isLoading) return <Spinner className="flex py-16 [&_svg]:size-10" label={t('loadingUnits')} />;
  if (isError) {
    return (
      <LoadError
        title={t('loadErrorTitle')}
        message={t('loadErrorMessage')}
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    );
  }
  if (!models?.length) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed p-10 text-center">
        <PackageOpen aria-hidden="true" className="size-10 text-muted-foreground" />
        <h2 className="text-xl font-semibold">{t('emptyTitle')}</h2>
        <p className="text-muted-foreground">{t('emptyText')}</p>
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
