import { useTranslation } from 'react-i18next';
import { cn } from '@/web/lib/utils';

const sizes = {
  xl: { amount: 'text-5xl', period: 'text-lg' },
  lg: { amount: 'text-4xl', period: 'text-lg' },
  md: { amount: 'text-3xl', period: 'text-base' },
  sm: { amount: 'text-2xl', period: 'text-base' },
} as const;

type PriceProps = { amount: string; per: 'month' | 'week'; size: keyof typeof sizes; className?: string };

/** A price as the plans show it: the amount in bold, "/month" smaller and muted after it. */
export function Price({ amount, per, size, className }: PriceProps) {
  const { t } = useTranslation();
  return (
    <p className={cn('font-bold', sizes[size].amount, className)}>
      {amount}
      <span className={cn('font-medium text-muted-foreground', sizes[size].period)}>
        {per === 'month' ? t('ui.perMonth') : t('ui.perWeek')}
      </span>
    </p>
  );
}
