import { CircleCheck, CircleX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { serviceAreas } from '@/contracts/business';
import { cn } from '@/web/lib/utils';
import { useDeliveryTerms } from '@/web/lib/service-area';

const notServed = serviceAreas.filter((area) => !area.available);

// The regions' names are data in English; a known one is shown in the reader's language.
const areaKeys: Record<string, 'orangeCounty' | 'southLosAngeles' | 'longBeach' | 'dorms'> = {
  'Orange County': 'orangeCounty',
  'South Los Angeles': 'southLosAngeles',
  'Long Beach and the Gateway Cities': 'longBeach',
  'Undergraduate dorms of one university': 'dorms',
};

/**
 * Where we deliver: the regions within the owner's service radius with their places (GET /api/service-area), and
 * the dorms we may not serve. Each row has an icon and a word, so the state never depends on colour alone.
 */
export function ServiceArea() {
  const { t } = useTranslation('home');
  const terms = useDeliveryTerms();
  const served = terms.areas?.map((area) => ({ name: area.name, cities: area.cities, available: true })) ?? [
    ...serviceAreas.filter((area) => area.available).map((area) => ({ ...area, cities: [] as string[] })),
  ];
  const rows = [...served, ...notServed.map((area) => ({ ...area, cities: [] as string[] }))];
  return (
    <section id="service-area" aria-labelledby="service-area-title" className="scroll-mt-4">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-16 sm:px-6 md:grid-cols-2 md:items-center">
        <div>
          <h2 id="service-area-title" className="text-3xl font-bold tracking-tight">
            {t('serviceArea.title')}
          </h2>
          <p className="mt-3 text-muted-foreground">
            {t('serviceArea.lead')}
            {terms.radiusMiles && terms.depotCity
              ? t('serviceArea.withinRadius', { radius: terms.radiusMiles, city: terms.depotCity })
              : ''}
            {t('serviceArea.free', { miles: terms.freeMiles })}
            {terms.charge && terms.radiusMiles ? t('serviceArea.charge', { charge: terms.charge }) : ''}
            {t('serviceArea.end')}
          </p>
        </div>
        <ul className="space-y-3">
          {rows.map((area) => (
            <li
              key={area.name}
              className={cn('grid gap-2 rounded-lg border p-4', area.available ? 'bg-card' : 'bg-muted')}
            >
              <div className="flex items-center justify-between gap-4">
                <span className="font-medium">
                  {area.name in areaKeys ? t(`serviceArea.areas.${areaKeys[area.name]!}`) : area.name}
                </span>
                {area.available ? (
                  <span className="inline-flex items-center gap-1.5 text-sm font-semibold text-success">
                    <CircleCheck aria-hidden="true" className="size-5" />
                    {t('serviceArea.available')}
                  </span>
                ) : (
                  <span className="inline-flex items-center gap-1.5 text-sm font-semibold text-destructive">
                    <CircleX aria-hidden="true" className="size-5" />
                    {t('serviceArea.notAvailable')}
                  </span>
                )}
              </div>
              {area.cities.length > 0 && <p className="text-sm text-muted-foreground">{area.cities.join(', ')}</p>}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
