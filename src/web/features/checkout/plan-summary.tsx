import { CheckCircle2, Snowflake } from 'lucide-react';
import { business } from '@/contracts/business';
import { formatCents } from '@/contracts/money';
import { formatMiles, type DeliveryQuoteView } from '@/contracts/service-area';
import { DetailRow } from '@/web/components/detail-row';
import { Price } from '@/web/components/price';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { offer } from '@/web/lib/offer';

const months = business.minimumMonths;

/** The fixed plan card: the monthly plan is the only one sold online. */
export function PlanCard({ modelName }: { modelName?: string }) {
  return (
    <Card className="border-primary/40 bg-primary/5">
      <CardHeader>
        <div className="flex items-start justify-between gap-4">
          <CardTitle asChild>
            <h2 className="flex items-center gap-2">
              <Snowflake aria-hidden="true" className="size-5 text-primary" />
              Monthly AC Rental
            </h2>
          </CardTitle>
          <Price amount={offer.monthly} per="month" size="sm" />
        </div>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        <ul className="space-y-2">
          <li className="flex items-center gap-2">
            <CheckCircle2 aria-hidden="true" className="size-4 text-primary" />
            All units minimum {offer.minimumBtu} BTU
          </li>
          <li className="flex items-center gap-2">
            <CheckCircle2 aria-hidden="true" className="size-4 text-primary" />
            {months}-month minimum for free delivery and installation
          </li>
        </ul>
        {modelName && (
          <p>
            Selected unit: <span className="font-semibold">{modelName}</span>
          </p>
        )}
        <p className="text-muted-foreground">AC units available for rental</p>
      </CardContent>
    </Card>
  );
}

/** The delivery line: free within the free radius, the charge beyond it (billed with the first month). */
function deliveryRow(quote: DeliveryQuoteView | undefined, freeMiles: number): readonly [string, string] {
  if (quote?.status === 'charge' && quote.miles !== null && quote.chargeCents !== null) {
    return [`Delivery (${formatMiles(quote.miles)})`, formatCents(quote.chargeCents)];
  }
  if (quote?.status === 'out_of_area') return ['Delivery', 'Not available for this ZIP'];
  if (quote?.status === 'free') return [`Delivery (within ${quote.freeDeliveryMiles} miles)`, 'Free'];
  return [`Delivery within ${freeMiles} miles`, 'FREE'];
}

/**
 * The price summary under the agreement: monthly rate, the minimum-term total and delivery, priced for the ZIP
 * as it is typed (GET /api/service-area/quote), so a delivery charge is seen before payment.
 */
export function PriceSummary({ quote, freeMiles }: { quote?: DeliveryQuoteView; freeMiles: number }) {
  const charge = quote?.status === 'charge' ? (quote.chargeCents ?? 0) : 0;
  const rows = [
    ['Monthly rate', `${formatCents(business.monthlyPriceCents)}/month`],
    [`Minimum ${months} months`, formatCents(business.monthlyPriceCents * months)],
    deliveryRow(quote, freeMiles),
    ...(charge > 0
      ? [['Due today (first month + delivery)', formatCents(business.monthlyPriceCents + charge)] as const]
      : []),
  ] as const;
  return (
    <section aria-labelledby="price-summary-heading" className="rounded-lg border bg-muted/40 p-4">
      <h2 id="price-summary-heading" className="mb-2 font-semibold">
        Price Summary
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
