import { useTranslation } from 'react-i18next';
import { Badge } from '@/web/components/ui/badge';
import { useModelInventory } from './api';

/**
 * Spec section 4: 'Checking...' while loading, '{n} Available' when above 0, 'Out of Stock' otherwise. Units held
 * by checkouts not yet paid are shown apart ('{n} on hold'): they come back if those checkouts are not paid.
 */
export function AvailabilityBadge({ modelId }: { modelId: string }) {
  const { t } = useTranslation('catalog');
  const { data, isLoading } = useModelInventory(modelId);
  if (isLoading) return <Badge variant="outline">{t('checking')}</Badge>;
  const available = data?.available ?? 0;
  const held = data?.held ?? 0;
  return (
    <span className="flex flex-wrap items-center justify-end gap-1">
      {available > 0 ? (
        <Badge>{t('available', { available })}</Badge>
      ) : (
        <Badge variant="destructive">{t('outOfStock')}</Badge>
      )}
      {held > 0 && (
        <Badge variant="outline" title={t('onHoldTitle')}>
          {t('onHold', { held })}
        </Badge>
      )}
    </span>
  );
}
