import { CircleCheck, CircleX } from 'lucide-react';
import { serviceAreas } from '@/contracts/business';
import { cn } from '@/web/lib/utils';
import { offer } from '@/web/lib/offer';

/** Where we deliver: each area with an icon and a word, so the state never depends on colour alone. */
export function ServiceArea() {
  return (
    <section id="service-area" aria-labelledby="service-area-title" className="scroll-mt-20">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-16 sm:px-6 md:grid-cols-2 md:items-center">
        <div>
          <h2 id="service-area-title" className="text-3xl font-bold tracking-tight">
            Service Area
          </h2>
          <p className="mt-3 text-muted-foreground">
            We deliver, install and pick up across Orange County and South Los Angeles. Delivery is free within{' '}
            {offer.freeMiles} miles.
          </p>
        </div>
        <ul className="space-y-3">
          {serviceAreas.map((area) => (
            <li
              key={area.name}
              className={cn(
                'flex items-center justify-between gap-4 rounded-lg border p-4',
                area.available ? 'bg-card' : 'bg-muted',
              )}
            >
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
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
