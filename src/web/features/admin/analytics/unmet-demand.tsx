import { useState } from 'react';
import type { RefusedZip, UnmetDemand, UnmetDemandDay } from '@/contracts/admin/analytics';
import { formatCalendarDate } from '@/contracts/dates';
import { cn } from '@/web/lib/utils';
import { DateRangeFilter } from '../ui/date-range-filter';
import { ExportCsvLink } from '../ui/export-csv-link';
import { QueryState } from '../ui/query-state';
import { SectionCard } from '../ui/section-card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../ui/table';
import { unmetDemandCsvUrl, useUnmetDemand, type DayRange } from './api';
import { demandTotals, dayLabel, demandSummary, zipLine } from './unmet-demand-text';

/**
 * Demand the business turned away (issue 30), day by day over the days chosen (the last 30 until then): checkouts
 * refused for the service area, for stock and for want of a delivery window, and the restock waitlist; then the ZIP
 * codes refused most. When and where to buy units or add a crew.
 */
export function UnmetDemandSection() {
  const [range, setRange] = useState<DayRange>({ startDate: '', endDate: '' });
  const reversed = Boolean(range.startDate && range.endDate && range.startDate > range.endDate);
  const demand = useUnmetDemand(range, { enabled: !reversed });
  const bind = (key: keyof DayRange) => ({
    value: range[key],
    onValueChange: (value: string) => setRange((current) => ({ ...current, [key]: value })),
  });
  return (
    <SectionCard
      title="Unmet demand"
      description="Checkouts turned away and restock sign-ups, day by day: when and where to buy units or add a crew."
      action={
        reversed ? undefined : (
          <ExportCsvLink
            href={unmetDemandCsvUrl(range)}
            description="Download the per-day figures of these days as a CSV file"
          />
        )
      }
      contentClassName="grid gap-4"
    >
      <div className="grid gap-3 sm:grid-cols-3">
        <DateRangeFilter
          from={{ id: 'unmet-demand-from', label: 'From', ...bind('startDate') }}
          to={{ id: 'unmet-demand-to', label: 'To', ...bind('endDate') }}
        />
      </div>
      {reversed ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          The end date must be on or after the start date
        </p>
      ) : (
        <QueryState query={demand} loadingLabel="Loading unmet demand..." errorTitle="Unmet demand could not load">
          {(data) => <UnmetDemandFigures demand={data} />}
        </QueryState>
      )}
    </SectionCard>
  );
}

function UnmetDemandFigures({ demand }: { demand: UnmetDemand }) {
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <div className="grid min-w-0 content-start gap-3">
        <p className="text-sm" aria-live="polite">
          {demandSummary(demand)}
        </p>
        <DemandByDayTable demand={demand} />
      </div>
      <RefusedZips zips={demand.refusedZips} />
    </div>
  );
}

// Narrower cells on a phone, and headings that may wrap: six columns fit a 390 px screen.
const tight = 'px-1.5 sm:px-3';

/** A count, quiet when it is zero so the days that turned people away stand out. */
function CountCell({ value }: { value: number }) {
  return (
    <TableCell className={cn(tight, 'text-right tabular-nums', value === 0 && 'text-muted-foreground')}>
      {value}
    </TableCell>
  );
}

const countColumns: Array<[keyof Omit<UnmetDemandDay, 'day'>, string]> = [
  ['refusedServiceArea', 'Area'],
  ['refusedStock', 'Stock'],
  ['refusedCapacity', 'Window'],
  ['waitlistJoins', 'New'],
  ['waitlistLength', 'Waiting'],
];

/**
 * One row a day under two headings, "Turned away" (for the service area, stock, no delivery window) and "Restock
 * waitlist" (new sign-ups, and those waiting at the day's end): short column names, so the six columns fit a phone.
 */
function DemandByDayTable({ demand }: { demand: UnmetDemand }) {
  const totals = demandTotals(demand.days);
  return (
    <Table className="text-xs sm:text-sm">
      <caption className="sr-only">
        Unmet demand by day, {formatCalendarDate(demand.startDate)} to {formatCalendarDate(demand.endDate)}
      </caption>
      <TableHeader>
        <TableRow>
          <TableHead rowSpan={2} className={cn(tight, 'align-bottom')}>
            Day
          </TableHead>
          <TableHead scope="colgroup" colSpan={3} className={cn(tight, 'h-8 text-center whitespace-normal')}>
            Turned away
          </TableHead>
          <TableHead scope="colgroup" colSpan={2} className={cn(tight, 'h-8 text-center whitespace-normal')}>
            Restock waitlist
          </TableHead>
        </TableRow>
        <TableRow>
          {countColumns.map(([key, label]) => (
            <TableHead key={key} className={cn(tight, 'h-8 text-right')}>
              {label}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {demand.days.map((day) => (
          <TableRow key={day.day}>
            <DayHeader day={day.day} />
            {countColumns.map(([key]) => (
              <CountCell key={key} value={day[key]} />
            ))}
          </TableRow>
        ))}
      </TableBody>
      <tfoot className="border-t font-medium">
        <TableRow>
          <TableHead scope="row" className={cn(tight, 'h-auto text-foreground')}>
            Total
          </TableHead>
          {countColumns.map(([key]) => (
            <CountCell key={key} value={totals[key]} />
          ))}
        </TableRow>
      </tfoot>
    </Table>
  );
}

function DayHeader({ day }: { day: string }) {
  const [weekday, date] = dayLabel(day);
  return (
    <TableHead scope="row" className={cn(tight, 'h-auto font-normal whitespace-normal text-foreground')}>
      {weekday}, <span className="whitespace-nowrap">{date}</span>
    </TableHead>
  );
}

function RefusedZips({ zips }: { zips: RefusedZip[] }) {
  return (
    <section aria-labelledby="refused-zips-heading" className="grid min-w-0 content-start gap-2">
      <h3 id="refused-zips-heading" className="font-semibold">
        Turned away for the area, by ZIP
      </h3>
      {zips.length === 0 ? (
        <p className="text-sm text-muted-foreground">No checkout was turned away for the area in these days.</p>
      ) : (
        <ol className="grid gap-1 text-sm">
          {zips.map((zip) => (
            <li key={zip.zipCode} className="flex justify-between gap-3 border-b py-1.5 last:border-0">
              <span className="min-w-0">{zipLine(zip)}</span>
              <span className="shrink-0 tabular-nums">{zip.refused} turned away</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
