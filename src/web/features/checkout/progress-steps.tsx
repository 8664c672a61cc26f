import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/web/lib/utils';

/** The two-step indicator of /checkout: 1 Complete Registration, 2 Payment. */
export function ProgressSteps({ current }: { current: 1 | 2 }) {
  const { t } = useTranslation('checkout');
  const steps = [t('progress.register'), t('progress.payment')];
  return (
    <nav aria-label={t('progress.label')}>
      <ol className="flex items-center gap-3 sm:gap-4">
        {steps.map((label, index) => {
          const number = index + 1;
          const done = number < current;
          const active = number === current;
          return (
            <li key={label} className="flex items-center gap-3 sm:gap-4" aria-current={active ? 'step' : undefined}>
              {index > 0 && <span aria-hidden="true" className="h-px w-8 bg-border sm:w-16" />}
              <span className="flex items-center gap-2">
                <span
                  aria-hidden="true"
                  className={cn(
                    'flex size-8 items-center justify-center rounded-full border text-sm font-semibold',
                    active || done
                      ? 'border-primary bg-primary text-primary-foreground'
                      : 'border-input bg-background text-muted-foreground',
                  )}
                >
                  {done ? <Check className="size-4" /> : number}
                </span>
                <span className={cn('text-sm font-medium', active ? 'text-foreground' : 'text-muted-foreground')}>
                  <span className="sr-only">{t('progress.step', { number })}</span>
                  {label}
                  {done && <span className="sr-only">{t('progress.done')}</span>}
                </span>
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
