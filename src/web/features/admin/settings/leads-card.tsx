import { formatInstantDate } from '../format';
import { FilterSelect } from '../ui/filter-select';
import { PagedTable } from '../ui/paged-table';
import { SectionCard } from '../ui/section-card';
import { TableCell, TableRow } from '../ui/table';
import { useListFilters } from '../use-list-filters';
import { useLeads } from './api';

const kindLabels: Record<string, string> = { service_area: 'Outside the service area', restock: 'Back in stock' };
const kindOptions = [
  { value: 'all', label: 'All leads' },
  { value: 'service_area', label: kindLabels.service_area! },
  { value: 'restock', label: kindLabels.restock! },
];
const columns = [
  { label: 'Email' },
  { label: 'ZIP' },
  { label: 'Distance' },
  { label: 'Asked for' },
  { label: 'Date' },
];

/** People who asked to hear from us, newest first: e-mail them when the area (or the model) opens. */
export function LeadsCard() {
  const { filters, bind, page, pageSize, paging } = useListFilters({ kind: 'all' }, 20);
  const leads = useLeads({ kind: filters.kind, page, pageSize }, { enabled: true });
  return (
    <SectionCard
      title="Leads"
      description="E-mails left to hear when we deliver to their ZIP, or when an out-of-stock model is back (e-mailed once, automatically)."
      contentClassName="grid gap-4"
    >
      <div className="grid gap-3 sm:grid-cols-3">
        <FilterSelect id="lead-kind-filter" label="Kind" options={kindOptions} {...bind('kind')} />
      </div>
      <PagedTable query={leads} columns={columns} empty="No leads yet." noun="leads" paging={paging}>
        {(lead) => (
          <TableRow>
            <TableCell className="font-medium">{lead.email}</TableCell>
            <TableCell>
              {lead.zipCode ?? '—'}
              {lead.city && <span className="block text-xs text-muted-foreground">{lead.city}</span>}
            </TableCell>
            <TableCell className="tabular-nums">{lead.miles === null ? '—' : `${Math.round(lead.miles)} mi`}</TableCell>
            <TableCell>
              {kindLabels[lead.kind] ?? lead.kind}
              {lead.modelName && <span className="block text-xs text-muted-foreground">{lead.modelName}</span>}
              {lead.notifiedAt && (
                <span className="block text-xs text-muted-foreground">
                  E-mailed {formatInstantDate(lead.notifiedAt)}
                </span>
              )}
            </TableCell>
            <TableCell className="whitespace-nowrap">{formatInstantDate(lead.createdAt)}</TableCell>
          </TableRow>
        )}
      </PagedTable>
    </SectionCard>
  );
}
