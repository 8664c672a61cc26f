import { CheckCircle2, Snowflake } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { business } from '@/contracts/business';
import { formatCents } from '@/contracts/money';
import { formatMiles } from '@/contracts/checkout-terms';
import type { DeliveryQuoteView } from '@/contracts/service-area';
import { DetailRow } from '@/web/components/detail-row';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { offer } from '@/web/lib/offer';

const months = business.minimumMonths;

/** The fixed plan card: the monthly plan is the only one sold online. */
export function PlanCard({ modelName }: { modelName?: string }) {
  const { t } = useTranslation('checkout');
  return (
    <Card className="border-primary/40 bg-primary/5">
      <CardHeader>
        <div className="flex items-start justify-between gap-4">
          <CardTitle asChild>
            <h2 className="flex items-center gap-2">
              <Snowflake aria-hidden="true" className="size-5 text-primary" />
              {t('plan.title')}
            </h2>
          </CardTitle>
          <p className="text-2xl font-bold">
            {offer.monthly}
            <span className="text-base font-medium text-muted-foreground">{t('price.perMonth', { amount: '' })}</span>
          </p>
        </div>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        <ul className="space-y-2">
          <li className="flex items-center gap-2">
            <CheckCircle2 aria-hidden="true" className="size-4 text-primary" />
            {t('plan.minimumBtu', { btu: offer.minimumBtu })}
          </li>
          <li className="flex items-center gap-2">
            <CheckCircle2 aria-hidden="true" className="size-4 text-primary" />
            {t('plan.minimumMonths', { months })}
          </li>
        </ul>
        {/* The line keeps its room while the models load, so the form below does not move when one is chosen. */}
        <p className={modelName ? undefined : 'invisible'} aria-hidden={modelName ? undefined : true}>
          {t('plan.selectedUnit')}
          <span className="font-semibold">{modelName ?? '—'}</span>
        </p>
        <p className="text-muted-foreground">{t('plan.available')}</p>
      </CardContent>
    </Card>
  );
}

type T = ReturnType<typeof useTranslation<'checkout'>>['t'];

/** The delivery line: free within the free radius, the charge beyond it (billed with the first month). */
function deliveryRow(t: T, quote: DeliveryQuoteView | undefined, freeMiles: number): readonly [string, string] {
  if (quote?.status === 'charge' && quote.miles !== null && quote.chargeCents !== null) {
    return [t('price.deliveryMiles', { miles: formatMiles(quote.miles) }), formatCents(quote.chargeCents)];
  }
  if (quote?.status === 'out_of_area') return [t('price.delivery'), t('price.notAvailable')];
  if (quote?.status === 'free') return [t('price.deliveryWithin', { miles: quote.freeDeliveryMiles }), t('price.free')];
  return [t('price.deliveryWithinFree', { miles: freeMiles }), t('price.freeUpper')];
}

/**
 * The price summary under the agreement: monthly rate, the minimum-term total and delivery, priced for the ZIP
 * as it is typed (GET /api/service-area/quote), so a delivery charge is seen before payment.
 */
export function PriceSummary({ quote, freeMiles }: { quote?: DeliveryQuoteView; freeMiles: number }) {
  const { t } = useTranslation('checkout');
  const charge = quote?.status === 'charge' ? (quote.chargeCents ?? 0) : 0;
  const rows = [
    [t('price.monthlyRate'), t('price.perMonth', { amount: formatCents(business.monthlyPriceCents) })],
    [t('price.minimum', { months }), formatCents(business.monthlyPriceCents * months)],
    deliveryRow(t, quote, freeMiles),
    ...(charge > 0 ? [[t('price.dueToday'), formatCents(business.monthlyPriceCents + charge)] as const] : []),
  ] as const;
  return (
    <section aria-labelledby="price-summary-heading" className="rounded-lg border bg-muted/40 p-4">
      <h2 id="price-summary-heading" className="mb-2 font-semibold">
        {t('price.title')}
      </h2>
      <dl className="divide-y text-sm">
        {rows.map(([label, value]) => (
          <DetailRow key={label} label={label}>
            {value}
          </DetailRow>
        ))}
      </dl>
    </section>
  );
}
