import { LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/web/lib/utils';

type SpinnerProps = { className?: string; label?: string };

/** A loading indicator that screen readers announce ("Loading..." unless `label` says otherwise). */
export function Spinner({ className, label }: SpinnerProps) {
  const { t } = useTranslation();
  return (
    <span role="status" className={cn('inline-flex items-center justify-center', className)}>
      <LoaderCircle aria-hidden="true" className="size-6 animate-spin text-primary" />
      <span className="sr-only">{label ?? t('ui.loading')}</span>
    </span>
  );
}

/** A spinner centred in the page area, for whole-page loading (lazy routes, first data). */
export function PageSpinner({ className, label }: SpinnerProps) {
  return (
    <div className={cn('flex min-h-[50vh] w-full items-center justify-center', className)}>
      <Spinner label={label} className="[&_svg]:size-10" />
    </div>
  );
}
