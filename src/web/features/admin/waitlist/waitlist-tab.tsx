import { useEffect, useRef, useState } from 'react';
import type { AdminWaitlist, AdminWaitlistEntry } from '@/contracts/waitlist';
import { formatInstant } from '../format';
import { ActionsCell, actionsColumn, DataTable } from '../ui/data-table';
import { EmailAddress } from '../ui/email-address';
import { FilterSelect } from '../ui/filter-select';
import { QueryState } from '../ui/query-state';
import { SectionCard } from '../ui/section-card';
import { StatusBadge } from '../ui/status-badge';
import { TableCell, TableRow } from '../ui/table';
import { useWaitlist, type WaitlistFilters } from './api';
import { EntryActions } from './entry-actions';
import { ANY, areaOptions, lineHeading, modelLines, modelOptions, statusDetails, type ModelLine } from './lines';
import { OfferTime } from './offer-time';

const columns = [
  { label: 'Place' },
  { label: 'E-mail' },
  { label: 'ZIP / area' },
  { label: 'Joined' },
  { label: 'Status' },
  { label: 'Moved up' },
  actionsColumn,
];
const showOptions = [
  { value: 'current', label: 'Waiting and offered' },
  { value: 'all', label: 'Everyone, with ended entries' },
];
const modelFilterId = 'waitlist-model-filter';
const lineHeadingId = (modelId: string) => `waitlist-line-${modelId}`;
const emptyMessage = 'Nobody is waiting. When a model is out of stock, customers can join its line from the catalog.';

type Filters = { modelId: string; area: string; show: WaitlistFilters['show'] };

/** The fair waitlist (ADR 036): each out-of-stock model's line, the offers it holds, and the owner's changes to it. */
export function WaitlistTab() {
  const [filters, setFilters] = useState<Filters>({ modelId: ANY, area: ANY, show: 'current' });
  const list = useWaitlist({
    modelId: filters.modelId === ANY ? '' : filters.modelId,
    area: filters.area === ANY ? '' : filters.area,
    show: filters.show,
  });
  const focusAfterRemoval = useFocusAfterRemoval(list.data);
  const bind = <K extends keyof Filters>(key: K) => ({
    value: filters[key],
    onValueChange: (value: string) => setFilters((current) => ({ ...current, [key]: value })),
  });
  const filtered = filters.modelId !== ANY || filters.area !== ANY;

  return (
    <SectionCard
      title="Waitlist"
      description="Each out-of-stock model's line: first come, first offered, unless you move someone up for a reason. A unit that comes free is held for the first in line."
      contentClassName="grid gap-4"
    >
      <QueryState query={list} loadingLabel="Loading the waitlist..." errorTitle="The waitlist could not load">
        {(data) => (
          <>
            <OfferTime offerHours={data.offerHours} />
            <div className="grid gap-3 sm:grid-cols-3">
              <FilterSelect
                id={modelFilterId}
                label="Model"
                options={modelOptions(data, filters.modelId)}
                {...bind('modelId')}
              />
              <FilterSelect
                id="waitlist-area-filter"
                label="Area"
                options={areaOptions(data.areas, filters.area)}
                {...bind('area')}
              />
              <FilterSelect id="waitlist-show-filter" label="Show" options={showOptions} {...bind('show')} />
            </div>
            {filters.area !== ANY && (
              <p className="text-sm text-muted-foreground">
                Places and counts are each model's whole line, not only {filters.area}.
              </p>
            )}
            <Lines
              data={data}
              busy={list.isFetching}
              empty={filtered ? 'Nobody in line matches these filters.' : emptyMessage}
              onRemoved={focusAfterRemoval}
            />
          </>
        )}
      </QueryState>
    </SectionCard>
  );
}

function Lines({
  data,
  busy,
  empty,
  onRemoved,
}: {
  data: AdminWaitlist;
  busy: boolean;
  empty: string;
  onRemoved: (entry: AdminWaitlistEntry) => void;
}) {
  const lines = modelLines(data);
  if (lines.length === 0) return <p className="py-8 text-center text-sm text-muted-foreground">{empty}</p>;
  return (
    <div className="grid gap-6" aria-busy={busy}>
      {lines.map((line) => (
        <Line key={line.id} line={line} busy={busy} onRemoved={onRemoved} />
      ))}
    </div>
  );
}

function Line({
  line,
  busy,
  onRemoved,
}: {
  line: ModelLine;
  busy: boolean;
  onRemoved: (entry: AdminWaitlistEntry) => void;
}) {
  const headingId = lineHeadingId(line.id);
  return (
    <section aria-labelledby={headingId} className="grid min-w-0 gap-2">
      {/* Focusable, so the focus lands here when the row that held it is removed. */}
      <h3 id={headingId} tabIndex={-1} className="font-semibold outline-none">
        {lineHeading(line)}
      </h3>
      <DataTable columns={columns} rows={line.entries} empty="Nobody in this line." busy={busy}>
        {(entry) => (
          <TableRow>
            <TableCell className="tabular-nums">{entry.position === null ? '—' : `#${entry.position}`}</TableCell>
            <TableCell className="max-w-56 font-medium">
              <EmailAddress email={entry.email} />
            </TableCell>
            <TableCell>
              {entry.zipCode ?? '—'}
              {entry.area && <span className="block text-xs text-muted-foreground">{entry.area}</span>}
            </TableCell>
            <TableCell className="whitespace-nowrap">{formatInstant(entry.joinedAt)}</TableCell>
            <TableCell>
              <StatusBadge status={entry.status} />
              {statusDetails(entry).map((detail) => (
                <span key={detail} className="block text-xs whitespace-nowrap text-muted-foreground">
                  {detail}
                </span>
              ))}
            </TableCell>
            <TableCell className="max-w-64">
              {entry.movedUpReason ?? '—'}
              {entry.movedUpAt && (
                <span className="block text-xs text-muted-foreground">{formatInstant(entry.movedUpAt)}</span>
              )}
            </TableCell>
            <ActionsCell>
              <EntryActions entry={entry} onRemoved={() => onRemoved(entry)} />
            </ActionsCell>
          </TableRow>
        )}
      </DataTable>
    </section>
  );
}

/**
 * A removed row takes its Remove button away with it (at once, or when the lines come back): the focus then goes to
 * its model's heading, or to the model filter when the whole line is gone, instead of falling to the page.
 */
function useFocusAfterRemoval(data: AdminWaitlist | undefined) {
  const pending = useRef<{ modelId: string; before: AdminWaitlist | undefined } | null>(null);
  useEffect(() => {
    const target = pending.current;
    if (!target || data === target.before) return;
    pending.current = null;
    requestAnimationFrame(() =>
      (document.getElementById(lineHeadingId(target.modelId)) ?? document.getElementById(modelFilterId))?.focus(),
    );
  }, [data]);
  return (entry: AdminWaitlistEntry) => {
    pending.current = { modelId: entry.modelId, before: data };
  };
}
