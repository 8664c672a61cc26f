import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { UnitModelSummary } from '@/contracts/catalog';
import { ButtonLink } from '@/web/components/layout/button-link';
import { Button } from '@/web/components/ui/button';
import { useModelInventory } from './api';

// The dialog (Radix, the form) is fetched only when a model turns out to be out of stock: stock is read live, so
// the page as first sent never has it, and most visits never need it.
const NotifyMe = lazy(() => import('./notify-me-dialog'));

/**
 * A model card's action: "Rent Now" while the model can be rented (or its stock is still being checked), "Notify
 * me" once it is known to be out of stock: a dialog asking for an e-mail, kept as a lead and told once when the
 * model is back (POST /api/stock-alerts).
 */
export function RentOrNotify({ model, checkoutHref }: { model: UnitModelSummary; checkoutHref: string }) {
  const { t } = useTranslation('common');
  const notify = useTranslation('checkout').t;
  const { data } = useModelInventory(model.id);
  if (data && data.available === 0) {
    return (
      <Suspense
        fallback={
          <Button variant="outline" className="w-full" disabled>
            {notify('notifyMe.button')}
          </Button>
        }
      >
        <NotifyMe model={model} />
      </Suspense>
    );
  }
  return (
    <ButtonLink href={checkoutHref} aria-label={`${t('nav.rentNow')}: ${model.name}`} className="w-full">
      {t('nav.rentNow')}
    </ButtonLink>
  );
}
