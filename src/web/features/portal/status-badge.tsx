import { useTranslation } from 'react-i18next';
import { Badge, type BadgeProps } from '@/web/components/ui/badge';
import type { UnitReturn } from '@/contracts/unit-return';
import { formatLongDateIn } from '@/i18n/format';
import { usePortalLocale } from './locale';

type Status = 'active' | 'pending' | 'completed' | 'cancelled';
const styles: Record<string, { label: Status; variant: BadgeProps['variant'] }> = {
  active: { label: 'active', variant: 'success' },
  pending: { label: 'pending', variant: 'secondary' },
  completed: { label: 'completed', variant: 'outline' },
  cancelled: { label: 'cancelled', variant: 'destructive' },
  // The spec's portal also recognises the one-l spelling.
  canceled: { label: 'cancelled', variant: 'destructive' },
};

export function OrderStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('portal');
  const style = styles[status];
  if (!style) return <Badge variant="outline">{status}</Badge>;
  return <Badge variant={style.variant}>{t(`status.${style.label}`)}</Badge>;
}

/** An ended rental whose unit is still out: where its pickup stands, instead of "Completed" (issue 33). */
export function UnitReturnBadge({ state }: { state: UnitReturn }) {
  const { t } = useTranslation('portal');
  const locale = usePortalLocale();
  return (
    <Badge variant="outline" className="border-amber-500">
      {state.pickupDate
        ? t('unitReturn.booked', {
            date: formatLongDateIn(locale, state.pickupDate),
            window: state.pickupWindow ?? '',
          })
        : t('unitReturn.notScheduled')}
    </Badge>
  );
}
