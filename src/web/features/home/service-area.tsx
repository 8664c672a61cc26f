import { CircleCheck, CircleX } from 'lucide-react';
import { serviceAreas } from '@/contracts/business';
import { cn } from '@/web/lib/utils';
import { useDeliveryTerms } from '@/web/lib/service-area';

const notServed = serviceAreas.filter((area) => !area.available);

/**
 * Where we deliver: the regions within the owner's service radius with their places (GET /api/service-area), and
 * the dorms we may not serve. Each row has an icon and a word, so the state never depends on colour alone.
 */
export function ServiceArea() {
  const terms = useDeliveryTerms();
  const served = terms.areas?.map((area) => ({ name: area.name, cities: area.cities, available: true })) ?? [
    ...serviceAreas.filter((area) => area.available).map((area) => ({ ...area, cities: [] as string[] })),
  ];
  const rows = [...served, ...notServed.map((area) => ({ ...area, cities: [] as string[] }))];
  return (
    <section id="service-area" aria-labelledby="service-area-title" className="scroll-mt-20">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-16 sm:px-6 md:grid-cols-2 md:items-center">
        <div>
          <h2 id="service-area-title" className="text-3xl font-bold tracking-tight">
            Service Area
          </h2>
          <p className="mt-3 text-muted-foreground">
            We deliver, install and pick up across Orange County and South Los Angeles
            {terms.radiusMiles && terms.depotCity
              ? `, within ${terms.radiusMiles} miles of our ${terms.depotCity} depot`
              : ''}
            . Delivery is free within {terms.freeMiles} miles
            {terms.charge && terms.radiusMiles
              ? `; farther out, a one-time ${terms.charge} delivery charge is added to your first month`
              : ''}
            .
          </p>
        </div>
        <ul className="space-y-3">
          {rows.map((area) => (
            <li
              key={area.name}
              className={cn('grid gap-2 rounded-lg border p-4', area.available ? 'bg-card' : 'bg-muted')}
            >
              <div className="flex items-center justify-between gap-4">
                <span className="font-medium">{area.name}</span>
                {area.available ? (
                  <span className="inline-flex items-center gap-1.5 text-sm font-semibold text-success">
                    <CircleCheck aria-hidden="true" className="size-5" />
                    Available
                  </span>
                ) : (
                  <span className="inline-flex items-center gap-1.5 text-sm font-semibold text-destructive">
                    <CircleX aria-hidden="true" className="size-5" />
                    Not available
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
