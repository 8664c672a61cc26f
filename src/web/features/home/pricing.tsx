import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HomeSection } from './home-section';
import { CheckList } from '@/web/components/check-list';
import { ButtonLink } from '@/web/components/layout/button-link';
import { Price } from '@/web/components/price';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/web/components/ui/card';
import { offer } from '@/web/lib/offer';

/** The home page's pricing: the monthly plan beside the unit models (`unitList`, which the catalog provides). */
export function Pricing({ unitList }: { unitList: ReactNode }) {
  const { t } = useTranslation('home');
  const included = [
    t('pricing.included.btu', { btu: offer.minimumBtu }),
    t('pricing.included.minimum', { months: offer.minimumMonths, fee: offer.deliveryFee }),
    t('pricing.included.delivery', { miles: offer.freeMiles }),
    t('pricing.included.support'),
    t('pricing.included.pickup'),
  ];
  return (
    <HomeSection id="pricing-title" anchor="pricing" title={t('pricing.title')} muted>
      <p className="mx-auto mt-3 max-w-2xl text-center text-muted-foreground">{t('pricing.lead')}</p>
      <div className="mt-10 grid gap-6 lg:grid-cols-2">
        <Card className="border-2 border-primary">
          <CardHeader>
            <CardTitle>{t('pricing.planTitle')}</CardTitle>
            <CardDescription>{t('pricing.planDescription')}</CardDescription>
          </CardHeader>
          <CardContent className="flex-1 space-y-5">
            <Price amount={offer.monthly} per="month" size="xl" />
            <CheckList items={included} />
          </CardContent>
          <CardFooter>
            <ButtonLink href="/checkout?plan=monthly" size="lg" className="w-full">
              {t('pricing.start')}
            </ButtonLink>
          </CardFooter>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{t('pricing.unitsTitle')}</CardTitle>
            <CardDescription>{t('pricing.unitsDescription')}</CardDescription>
          </CardHeader>
          <CardContent className="flex-1">{unitList}</CardContent>
          <CardFooter>
            <ButtonLink href="/catalog" variant="outline" className="w-full">
              {t('pricing.viewCatalog')}
            </ButtonLink>
          </CardFooter>
        </Card>
      </div>
    </HomeSection>
  );
}
