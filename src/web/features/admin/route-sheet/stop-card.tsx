import type { ReactNode } from 'react';
import { formatMiles, type RouteStop } from '@/contracts/admin/route-sheet';

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7.5rem_1fr] gap-2">
      <dt className="font-semibold">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

/** One stop of the route: number, window, kind, who and where, what to bring and collect, and a sign-off line. */
export function StopCard({ stop }: { stop: RouteStop }) {
  const headingId = `stop-${stop.sequence}`;
  return (
    <li
      className="route-stop rounded-lg border bg-card p-4 break-inside-avoid"
      aria-labelledby={headingId}
      data-testid="route-stop"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={headingId} className="text-lg font-bold">
          {stop.sequence}. {stop.typeLabel} · {stop.windowLabel}
        </h2>
        <p className="text-sm text-muted-foreground">
          {stop.located ? `${formatMiles(stop.legMiles)} from the previous point` : 'ZIP code not located'}
        </p>
      </div>
      <dl className="mt-2 grid gap-1 text-sm">
        <Line label="Customer">
          {stop.customer}
          {stop.phone && (
            <>
              {' · '}
              <a href={`tel:${stop.phone.replace(/[^\d+]/g, '')}`} className="underline">
                {stop.phone}
              </a>
            </>
          )}
        </Line>
        <Line label="Address">
          <a href={stop.mapUrl} target="_blank" rel="noreferrer" className="text-primary underline">
            {stop.address}
          </a>
        </Line>
        {stop.buildingNotes && <Line label="Building notes">{stop.buildingNotes}</Line>}
        {stop.bring.map((item) => (
          <Line key={`bring-${item}`} label="Bring">
            {item}
          </Line>
        ))}
        {stop.collect.map((item) => (
          <Line key={`collect-${item}`} label="Collect">
            {item}
          </Line>
        ))}
        {stop.problem && <Line label="Problem">{stop.problem}</Line>}
        {stop.notes && <Line label="Notes">{stop.notes}</Line>}
        <Line label="Order">{stop.orderNumber}</Line>
      </dl>
      <div className="mt-4 flex flex-wrap items-end gap-x-6 gap-y-3 text-sm" aria-hidden="true">
        <span className="flex items-center gap-2">
          <span className="inline-block size-4 border border-foreground" />
          Done
        </span>
        <span className="flex flex-1 items-end gap-2">
          Signature <span className="inline-block min-w-40 flex-1 border-b border-foreground" />
        </span>
        <span className="flex items-end gap-2">
          Time <span className="inline-block w-24 border-b border-foreground" />
        </span>
      </div>
    </li>
  );
}
