import { ArrowLeft, Download, Printer } from 'lucide-react';
import { formatMiles, formatRouteDate, routeSheetDateMessage, type RouteSheet } from '@/contracts/admin/route-sheet';
import { Link } from 'wouter';
import { isCalendarDate } from '@/contracts/calendar-date';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { QueryState } from '../ui/query-state';
import { routeSheetPdfUrl, useRouteSheet } from './api';
import { StopCard } from './stop-card';
import './print.css';

/** The toolbar, on screen only: another day, print, the PDF, and the way back to the dashboard. */
function Toolbar({ date, onDateChange }: { date: string; onDateChange: (date: string) => void }) {
  const valid = isCalendarDate(date);
  return (
    <div className="route-sheet-screen-only flex flex-wrap items-end gap-3 print:hidden">
      <div className="grid gap-1.5">
        <Label htmlFor="route-sheet-date">Day</Label>
        <Input
          id="route-sheet-date"
          type="date"
          className="w-44"
          value={valid ? date : ''}
          onChange={(event) => event.target.value && onDateChange(event.target.value)}
        />
      </div>
      <Button onClick={() => window.print()} disabled={!valid}>
        <Printer aria-hidden="true" />
        Print
      </Button>
      {valid && (
        <Button asChild variant="outline">
          <a href={routeSheetPdfUrl(date)} download>
            <Download aria-hidden="true" />
            Download PDF
          </a>
        </Button>
      )}
      <Button asChild variant="ghost" className="ml-auto">
        <Link href="/admin">
          <ArrowLeft aria-hidden="true" />
          Back to the dashboard
        </Link>
      </Button>
    </div>
  );
}

function Sheet({ sheet }: { sheet: RouteSheet }) {
  const depot = `${sheet.depot.zipCode}${sheet.depot.place ? ` (${sheet.depot.place})` : ''}`;
  return (
    <>
      <p className="text-sm">
        Depot {depot} · {sheet.stops.length} {sheet.stops.length === 1 ? 'stop' : 'stops'} ·{' '}
        {formatMiles(sheet.totalMiles)} to the last stop, {formatMiles(sheet.returnMiles)} back to the depot
      </p>
      <ul className="grid gap-0.5 text-xs text-muted-foreground" aria-label="About this route">
        {sheet.notes.map((note) => (
          <li key={note}>{note}</li>
        ))}
      </ul>
      {sheet.stops.length === 0 ? (
        <p className="rounded-lg border bg-card p-6 text-center">No visits are scheduled for this day.</p>
      ) : (
        <ol className="grid gap-4" aria-label="Stops in route order">
          {sheet.stops.map((stop) => (
            <StopCard key={stop.taskId} stop={stop} />
          ))}
        </ol>
      )}
    </>
  );
}

/**
 * /admin/route-sheet?date=YYYY-MM-DD: a day's scheduled visits in route order, made to be printed (print.css) or
 * downloaded as a PDF for the crew.
 */
export function RouteSheetView({ date, onDateChange }: { date: string; onDateChange: (date: string) => void }) {
  const valid = isCalendarDate(date);
  const sheet = useRouteSheet(date);
  return (
    <div className="route-sheet grid gap-4">
      <Toolbar date={date} onDateChange={onDateChange} />
      <h1 className="text-2xl font-bold tracking-tight">Route sheet{valid ? `: ${formatRouteDate(date)}` : ''}</h1>
      {valid ? (
        <QueryState query={sheet} loadingLabel="Loading the route sheet..." errorTitle="The route sheet could not load">
          {(data) => <Sheet sheet={data} />}
        </QueryState>
      ) : (
        <p role="alert" className="text-destructive">
          {routeSheetDateMessage}
        </p>
      )}
    </div>
  );
}
