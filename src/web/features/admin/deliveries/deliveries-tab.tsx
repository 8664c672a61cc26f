import { useState } from 'react';
import { routeSheetPath, type AdminVisit } from '@/contracts/admin/deliveries';
import { formatCalendarDate } from '@/contracts/dates';
import { visitTypeLabels, visitTypes, visitWindowLabel } from '@/contracts/deliveries';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { ActionsCell, actionsColumn } from '../ui/data-table';
import { FilterSelect } from '../ui/filter-select';
import { PagedTable } from '../ui/paged-table';
import { SectionCard } from '../ui/section-card';
import { StatusBadge } from '../ui/status-badge';
import { TableCell, TableRow } from '../ui/table';
import { useReturnToStock, useVisits } from '../visits-api';
import { ScheduleDialog } from '../ui/schedule-dialog';
import { CancelDialog, CompleteDialog, SwapDialog } from './visit-dialogs';

const views = [
  { value: 'today', label: 'Today' },
  { value: 'tomorrow', label: 'Tomorrow' },
  { value: 'week', label: 'This week' },
  { value: 'unscheduled', label: 'Unscheduled' },
] as const;
const typeOptions = [
  { value: 'all', label: 'All visits' },
  ...visitTypes.map((type) => ({ value: type, label: visitTypeLabels[type] })),
];
const columns = [
  { label: 'Visit' },
  { label: 'Customer' },
  { label: 'Address' },
  { label: 'Unit' },
  { label: 'When' },
  { label: 'Notes' },
  actionsColumn,
];
const PAGE_SIZE = 25;

function When({ visit }: { visit: AdminVisit }) {
  if (visit.status === 'pending') {
    const asked = visit.preferredDate ?? visit.scheduledDate;
    return (
      <span className="text-muted-foreground">
        Not scheduled yet{asked && <span className="block text-xs">Asked for {formatCalendarDate(asked)}</span>}
      </span>
    );
  }
  return (
    <span className="whitespace-nowrap">
      {visit.scheduledDate && formatCalendarDate(visit.scheduledDate)}
      {visit.timeWindow && (
        <span className="block text-xs text-muted-foreground">{visitWindowLabel(visit.timeWindow)}</span>
      )}
    </span>
  );
}

function Units({ visit }: { visit: AdminVisit }) {
  const brings = visit.unit?.serial;
  const takes = visit.collectUnit?.serial;
  const has = visit.type === 'service' ? visit.rentalUnit?.serial : undefined;
  return (
    <span>
      {visit.modelName}
      {brings && <span className="block text-xs">Brings {brings}</span>}
      {takes && <span className="block text-xs">Takes {takes}</span>}
      {has && <span className="block text-xs">Unit {has}</span>}
      {!brings && !takes && !has && <span className="block text-xs text-muted-foreground">No unit assigned</span>}
    </span>
  );
}

function Actions({ visit, today }: { visit: AdminVisit; today: string }) {
  const returnToStock = useReturnToStock();
  const open = visit.status === 'pending' || visit.status === 'scheduled';
  const back = visit.collectUnit?.status === 'maintenance' ? visit.collectUnit : null;
  return (
    <div className="flex flex-col items-end gap-2 sm:flex-row sm:flex-wrap sm:justify-end">
      {open && <ScheduleDialog visit={visit} today={today} />}
      {open && <CompleteDialog visit={visit} />}
      {open && visit.type === 'service' && <SwapDialog visit={visit} />}
      {open && <CancelDialog visit={visit} />}
      {!open && back && (
        <Button
          size="sm"
          variant="outline"
          disabled={returnToStock.isPending}
          onClick={() => returnToStock.mutate(back)}
        >
          Return {back.serial} to stock
        </Button>
      )}
    </div>
  );
}

/** Deliveries & Pickups: the day's visits to customers' addresses, and those still waiting for a day. */
export function DeliveriesTab() {
  const [view, setView] = useState<string>('today');
  const [type, setType] = useState('all');
  const [page, setPage] = useState(1);
  const visits = useVisits({ view, type, page, pageSize: PAGE_SIZE });
  const days = visits.data?.days ?? [];
  const today = visits.data?.today ?? '';

  return (
    <SectionCard title="Deliveries & Pickups" contentClassName="grid gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <div role="group" aria-label="Which visits" className="flex flex-wrap gap-2">
          {views.map((option) => (
            <Button
              key={option.value}
              variant={view === option.value ? 'default' : 'outline'}
              aria-pressed={view === option.value}
              onClick={() => {
                setView(option.value);
                setPage(1);
              }}
            >
              {option.label}
            </Button>
          ))}
        </div>
        <FilterSelect
          id="visit-type-filter"
          label="Visit type"
          value={type}
          onValueChange={(value) => {
            setType(value);
            setPage(1);
          }}
          options={typeOptions}
          className="min-w-44"
        />
      </div>
      {days.length > 0 && (
        <nav aria-label="Route sheets" className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {days.map((day) => (
            <a key={day} href={routeSheetPath(day)} className="text-primary underline underline-offset-4">
              Route sheet for {formatCalendarDate(day)}
            </a>
          ))}
        </nav>
      )}
      <PagedTable
        query={visits}
        columns={columns}
        empty={view === 'unscheduled' ? 'Nothing is waiting for a date.' : 'No visits booked for these days.'}
        noun="visits"
        paging={{ page, pageSize: PAGE_SIZE, onPageChange: setPage }}
      >
        {(visit) => (
          <TableRow>
            <TableCell>
              <Badge variant="outline">{visitTypeLabels[visit.type]}</Badge>
              {visit.status !== 'scheduled' && (
                <span className="mt-1 block">
                  <StatusBadge status={visit.status} />
                </span>
              )}
            </TableCell>
            <TableCell>
              <span className="font-medium">{visit.customer.name}</span>
              {visit.customer.phone && (
                <a
                  href={`tel:${visit.customer.phone.replace(/[^\d+]/g, '')}`}
                  className="block text-sm underline underline-offset-4"
                >
                  {visit.customer.phone}
                </a>
              )}
              <span className="block text-xs text-muted-foreground">{visit.order.orderNumber}</span>
            </TableCell>
            <TableCell className="max-w-56">
              <a href={visit.mapUrl} target="_blank" rel="noreferrer" className="underline underline-offset-4">
                {visit.address}
                <span className="sr-only"> (opens Google Maps)</span>
              </a>
              {visit.buildingNotes && (
                <span className="block text-xs text-muted-foreground">{visit.buildingNotes}</span>
              )}
            </TableCell>
            <TableCell>
              <Units visit={visit} />
            </TableCell>
            <TableCell>
              <When visit={visit} />
            </TableCell>
            <TableCell className="max-w-64 text-sm">
              {visit.problem && <span className="block">Problem: {visit.problem}</span>}
              {visit.notes && <span className="block text-muted-foreground">{visit.notes}</span>}
              {visit.resolution && <span className="block">{visit.resolution}</span>}
            </TableCell>
            <ActionsCell>
              <Actions visit={visit} today={today} />
            </ActionsCell>
          </TableRow>
        )}
      </PagedTable>
    </SectionCard>
  );
}
