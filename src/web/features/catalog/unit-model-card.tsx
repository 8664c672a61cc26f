import { House, Thermometer, Wind } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { localeOrDefault } from '@/i18n/locale';
import type { UnitModelSummary } from '@/contracts/catalog';
import { formatCents } from '@/contracts/money';
import { Price } from '@/web/components/price';
import { ProductArt } from '@/web/components/product-art';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/web/components/ui/card';
import { AvailabilityBadge } from './availability-badge';
import { RentOrNotify } from './notify-me';
import { tierDetails } from '@/web/lib/tier-details';

export function UnitModelCard({ model }: { model: UnitModelSummary }) {
  const { t, i18n } = useTranslation('catalog');
  const tier = tierDetails(model, localeOrDefault(i18n.language));
  const checkoutHref = `/checkout?model=${encodeURIComponent(model.id)}&btu=${encodeURIComponent(model.btuTier)}`;
  const features = [
    { icon: House, text: tier.roomSize },
    { icon: Wind, text: tier.hose },
    { icon: Thermometer, text: tier.btuRange },
  ].filter((feature) => feature.text);

  return (
    <Card>
      <div className="-mt-6 flex justify-center rounded-t-xl bg-secondary/60 py-4">
        <ProductArt model={model} size="md" decorative />
      </div>
      <CardHeader>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <CardTitle asChild>
            <h2>{model.name}</h2>
          </CardTitle>
          <AvailabilityBadge modelId={model.id} />
        </div>
        {model.description && <CardDescription>{model.description}</CardDescription>}
      </CardHeader>
      <CardContent className="flex-1 space-y-5">
        <ul className="space-y-2 text-sm">
          {features.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-center gap-2">
              <Icon aria-hidden="true" className="size-4 text-primary" />
              {text}
            </li>
          ))}
        </ul>
        <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
          <Price
            amount={formatCents(model.monthlyPrice, { wholeDollars: true })}
            per="month"
            size="md"
            className="text-foreground"
          />
          <p className="text-muted-foreground">
            {t('perWeek', { price: formatCents(model.weeklyPrice, { wholeDollars: true }) })}
          </p>
        </div>
      </CardContent>
      <CardFooter>
        <RentOrNotify model={model} checkoutHref={checkoutHref} />
      </CardFooter>
    </Card>
  );
}
