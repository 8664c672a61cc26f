import { useState } from 'react';
import { formatInstantDate } from '../format';
import { actionsColumn, ViewCell } from '../ui/data-table';
import { EmailAddress } from '../ui/email-address';
import { ExportCsvLink } from '../ui/export-csv-link';
import { FilterInput } from '../ui/filter-input';
import { PagedTable } from '../ui/paged-table';
import { SectionCard } from '../ui/section-card';
import { TableCell, TableRow } from '../ui/table';
import { useDebouncedValue } from '../use-debounced-value';
import { useListFilters } from '../use-list-filters';
import { customersCsvUrl, useCustomers } from './api';
import { CustomerDetail } from './customer-detail';

const columns = [
  { label: 'Name' },
  { label: 'Email', className: 'hidden md:table-cell' },
  { label: 'Phone', className: 'hidden md:table-cell' },
  { label: 'Customer since', className: 'hidden md:table-cell' },
  actionsColumn,
];

export function CustomersTab() {
  const { filters, bind, page, pageSize, paging } = useListFilters({ search: '' }, 20);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const term = useDebouncedValue(filters.search.trim());
  const customers = useCustomers({ search: term, page, pageSize });

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <SectionCard
        title="Customers"
        action={
          <ExportCsvLink
            href={customersCsvUrl({ search: term })}
            description="Download every customer matching the search as a CSV file"
          />
        }
        contentClassName="grid gap-3"
      >
        <FilterInput
          id="customer-search"
          label="Search customers"
          placeholder="Name or email"
          withIcon
          {...bind('search')}
        />
        <PagedTable
          query={customers}
          columns={columns}
          empty={term ? 'No customers match your search.' : 'No customers yet.'}
          noun="customers"
          paging={paging}
        >
          {(customer) => (
            <TableRow data-state={customer.id === selectedId ? 'selected' : undefined}>
              <TableCell>
                <span className="font-medium">{customer.name}</span>
                {/* On a phone the address sits under the name rather than in a column of its own. */}
                <EmailAddress email={customer.email} className="flex text-xs text-muted-foreground md:hidden" />
              </TableCell>
              <TableCell className="hidden md:table-cell">
                <EmailAddress email={customer.email} />
              </TableCell>
              <TableCell className="hidden md:table-cell">{customer.phone ?? '—'}</TableCell>
              <TableCell className="hidden md:table-cell">{formatInstantDate(customer.createdAt)}</TableCell>
              <ViewCell
                label={`View ${customer.name}`}
                pressed={customer.id === selectedId}
                onView={() => setSelectedId(customer.id)}
              />
            </TableRow>
          )}
        </PagedTable>
      </SectionCard>
      <CustomerDetail customerId={selectedId} />
    </div>
  );
}
