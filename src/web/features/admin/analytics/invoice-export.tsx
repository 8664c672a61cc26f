import { useState } from 'react';
import { invoiceStatuses } from '@/contracts/admin/invoices';
import { ExportCsvLink } from '../ui/export-csv-link';
import { DateRangeFilter } from '../ui/date-range-filter';
import { FilterSelect, statusOption } from '../ui/filter-select';
import { SectionCard } from '../ui/section-card';
import { invoicesCsvUrl } from './api';

const statusOptions = [{ value: 'all', label: 'All statuses' }, ...invoiceStatuses.map(statusOption)];

/**
 * The billing ledger's invoices (what the provider billed and collected, behind the revenue figures) for the
 * accountant: no list of its own on the dashboard, only this export, filtered by status and the days issued.
 */
export function InvoiceExport() {
  const [filters, setFilters] = useState({ status: 'all', startDate: '', endDate: '' });
  const bind = (key: keyof typeof filters) => ({
    value: filters[key],
    onValueChange: (value: string) => setFilters((current) => ({ ...current, [key]: value })),
  });
  const reversed = Boolean(filters.startDate && filters.endDate && filters.startDate > filters.endDate);
  return (
    <SectionCard
      title="Invoices"
      description="The payment provider's invoices, as the billing ledger records them."
      action={
        reversed ? undefined : (
          <ExportCsvLink
            href={invoicesCsvUrl(filters)}
            description="Download the invoices matching these filters as a CSV file"
          />
        )
      }
      contentClassName="grid gap-3 sm:grid-cols-3"
    >
      <FilterSelect id="invoice-status-filter" label="Status" options={statusOptions} {...bind('status')} />
      <DateRangeFilter
        from={{ id: 'invoice-issued-from', label: 'Issued from', ...bind('startDate') }}
        to={{ id: 'invoice-issued-to', label: 'Issued by', ...bind('endDate') }}
      />
    </SectionCard>
  );
}
