import { useTranslation } from 'react-i18next';
import { localeOrDefault } from '@/i18n/locale';
import { formatCents } from '@/contracts/money';
import { LoadError } from '@/web/components/load-error';
import { Spinner } from '@/web/components/ui/spinner';
import { useUnitModels } from './api';
import { tierDetails } from '@/web/lib/tier-details';

/** Each unit model's weekly price (the weekly page; weekly rentals are booked by phone). */
export function WeeklyPriceList() {
  const { t, i18n } = useTranslation('catalog');
  const { data: models, isLoading, isError, refetch, isFetching } = useUnitModels();
  if (isLoading) return <Spinner label={t('loadingPrices')} />;
  if (isError) {
    return (
      <LoadError
        title={t('weeklyLoadErrorTitle')}
        message={t('weeklyLoadErrorMessage')}
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    );
  }
  if (!models?.length) return <p className="text-muted-foreground">{t('weeklyEmpty')}</p>;
  return (
    <ul className="divide-y rounded-xl border bg-card">
      {models.map((model) => (
        <li key={model.id} className="flex flex-wrap items-center justify-between gap-2 p-4">
          <span>
            <span className="block font-semibold">{model.name}</span>
            <span className="text-sm text-muted-foreground">
              {tierDetails(model, localeOrDefault(i18n.language)).roomSize}
            </span>
          </span>
          <span className="text-lg font-bold">
            {t('perWeek', { price: formatCents(model.weeklyPrice, { wholeDollars: true }) })}
          </span>
        </li>
      ))}
    </ul>
  );
}
