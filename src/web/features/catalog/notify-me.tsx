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
 * A model card's action: "Rent Now" while the model can be rented (or its stock is still being checked), "Join the
 * waitlist" once it is known to be out of stock: a dialog asking for an e-mail and a ZIP code, which gives a place in
 * the model's line (POST /api/stock-alerts, ADR 036).
 */
export function RentOrNotify({ model, checkoutHref }: { model: UnitModelSummary; checkoutHref: string }) {
  const { t } = useTranslation('common');
  // Asked here, in the page as first sent, so the dialog's words come with the page (src/web/i18n/index.ts).
  const waitlist = useTranslation('waitlist').t;
  const { data } = useModelInventory(model.id);
  if (data && data.available === 0) {
    return (
      <Suspense
        fallback={
          <Button variant="outline" className="w-full" disabled>
            {waitlist('join.button')}
          </Button>
        }
      >
        <NotifyMe model={model} checkoutHref={checkoutHref} />
      </Suspense>
    );
  }
  return (
    <ButtonLink href={checkoutHref} aria-label={`${t('nav.rentNow')}: ${model.name}`} className="w-full">
      {t('nav.rentNow')}
    </ButtonLink>
  );
}
