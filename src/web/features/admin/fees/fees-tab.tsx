import { feeStatuses } from '@/contracts/admin/fees';
import { feeTypeLabels, type FeeType } from '@/contracts/fee-types';
import { formatCents } from '@/contracts/money';
import { Button } from '@/web/components/ui/button';
import { formatInstantDate } from '../format';
import { useIsAdminRole } from '../me-api';
import { ActionsCell, actionsColumn } from '../ui/data-table';
import { ExportCsvLink } from '../ui/export-csv-link';
import { FilterInput } from '../ui/filter-input';
import { FilterSelect, statusOption } from '../ui/filter-select';
import { PagedTable } from '../ui/paged-table';
import { SectionCard } from '../ui/section-card';
import { StatusBadge } from '../ui/status-badge';
import { TableCell, TableRow } from '../ui/table';
import { useDebouncedValue } from '../use-debounced-value';
import { useListFilters } from '../use-list-filters';
import { feesCsvUrl, useFees, useSettleFee } from './api';

const feeStatusOptions = [{ value: 'all', label: 'All statuses' }, ...feeStatuses.map(statusOption)];
const columns = [
  { label: 'Customer' },
  { label: 'Type' },
  { label: 'Description' },
  { label: 'Amount', className: 'text-right' },
  { label: 'Status' },
  { label: 'Created' },
  actionsColumn,
];

export function FeesTab() {
  const { filters, bind, page, pageSize, paging } = useListFilters({ status: 'all', search: '' }, 20);
  const term = useDebouncedValue(filters.search.trim());
  const fees = useFees({ status: filters.status, search: term, page, pageSize });
  const settle = useSettleFee();
  // Settling a fee is the admin role's (the server refuses staff too): staff see the fees, not the buttons.
  const canSettle = useIsAdminRole();

  return (
    <SectionCard
      title="Additional Fees"
      action={
        <ExportCsvLink
          href={feesCsvUrl({ status: filters.status, search: term })}
          description="Download every fee matching these filters as a CSV file"
        />
      }
      contentClassName="grid gap-4"
    >
      <div className="grid gap-3 sm:grid-cols-3">
        <FilterInput
          id="fee-search"
          label="Search by customer"
          placeholder="Name or email"
          className="sm:col-span-2"
          {...bind('search')}
        />
        <FilterSelect id="fee-status-filter" label="Status" options={feeStatusOptions} {...bind('status')} />
      </div>
      <PagedTable query={fees} columns={columns} empty="No fees match these filters." noun="fees" paging={paging}>
        {(fee) => (
          <TableRow>
            <TableCell>
              <span className="font-medium">{fee.customer.name}</span>
              <span className="block text-xs text-muted-foreground">{fee.orderNumber ?? fee.customer.email}</span>
            </TableCell>
            <TableCell>{feeTypeLabels[fee.feeType as FeeType] ?? fee.feeType}</TableCell>
            <TableCell className="max-w-64">{fee.description}</TableCell>
            <TableCell className="text-right tabular-nums">{formatCents(fee.amountCents)}</TableCell>
            <TableCell>
              <StatusBadge status={fee.status} />
              {fee.paidAt && (
                <span className="block text-xs text-muted-foreground">{formatInstantDate(fee.paidAt)}</span>
              )}
            </TableCell>
            <TableCell className="whitespace-nowrap">
              {formatInstantDate(fee.createdAt)}
              {fee.createdBy && <span className="block text-xs text-muted-foreground">by {fee.createdBy}</span>}
            </TableCell>
            <ActionsCell>
              {canSettle && (fee.status === 'pending' || fee.status === 'failed') && (
                <div className="flex flex-col items-end gap-2 sm:flex-row sm:justify-end">
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={settle.isPending}
                    aria-label={`Mark fee of ${formatCents(fee.amountCents)} for ${fee.customer.name} paid`}
                    onClick={() => settle.mutate({ fee, to: 'paid' })}
                  >
                    Mark paid
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={settle.isPending}
                    aria-label={`Waive fee of ${formatCents(fee.amountCents)} for ${fee.customer.name}`}
                    onClick={() => settle.mutate({ fee, to: 'waived' })}
                  >
                    Waive
                  </Button>
                </div>
              )}
            </ActionsCell>
          </TableRow>
        )}
      </PagedTable>
    </SectionCard>
  );
}
