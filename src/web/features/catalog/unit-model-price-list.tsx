import { useTranslation } from 'react-i18next';
import { localeOrDefault } from '@/i18n/locale';
import { formatCents } from '@/contracts/money';
import { Spinner } from '@/web/components/ui/spinner';
import { useUnitModels } from './api';
import { tierDetails } from '@/web/lib/tier-details';

/** A short list of the unit models with their room size and monthly price (the home page's pricing card). */
export function UnitModelPriceList() {
  const { t, i18n } = useTranslation('catalog');
  const { data: models, isLoading, isError } = useUnitModels();
  if (isLoading) return <Spinner label={t('loadingUnits')} />;
  if (isError || !models?.length) {
    return <p className="text-muted-foreground">{t('seeCatalog')}</p>;
  }
  return (
    <ul className="space-y-4">
      {models.map((model) => {
        const tier = tierDetails(model, localeOrDefault(i18n.language));
        return (
          <li key={model.id} className="rounded-lg border p-4">
            <p className="font-semibold">{model.name}</p>
            <p className="text-sm text-muted-foreground">{[tier.roomSize, tier.hose].filter(Boolean).join(' · ')}</p>
            <p className="mt-1 text-sm font-medium">
              {t('fromPerMonth', { price: formatCents(model.monthlyPrice, { wholeDollars: true }) })}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
