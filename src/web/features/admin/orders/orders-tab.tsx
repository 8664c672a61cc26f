import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import type { PhoneLinkStatus } from '@/contracts/admin/orders';
import { formatCalendarDate } from '@/contracts/dates';
import { Badge } from '@/web/components/ui/badge';
import { formatPrice } from '../format';
import { actionsColumn, ViewCell } from '../ui/data-table';
import { DateRangeFilter } from '../ui/date-range-filter';
import { ExportCsvLink } from '../ui/export-csv-link';
import { FilterInput } from '../ui/filter-input';
import { FilterSelect } from '../ui/filter-select';
import { IconButton } from '../ui/icon-button';
import { PagedTable } from '../ui/paged-table';
import { SectionCard } from '../ui/section-card';
import { StatusBadge } from '../ui/status-badge';
import { TableCell, TableRow } from '../ui/table';
import { useDebouncedValue } from '../use-debounced-value';
import { useListFilters } from '../use-list-filters';
import { ordersCsvUrl, useOrders } from './api';
import { NewOrderDialog } from './new-order-dialog';
import { OrderDialog } from './order-dialog';

// The spec's filter (all, active, completed, cancelled), plus checkouts: still open (pending), or abandoned (the
// hold ran out unpaid), which "all" leaves out (orderListStatuses in contracts/admin/orders.ts).
const statusOptions = [
  { value: 'all', label: 'All (except abandoned)' },
  { value: 'active', label: 'Active' },
  { value: 'completed', label: 'Completed' },
  { value: 'cancelled', label: 'Cancelled' },
  { value: 'pending', label: 'Pending (checkout open)' },
  { value: 'abandoned', label: 'Abandoned checkouts' },
];
const planOptions = [
  { value: 'all', label: 'All plans' },
  { value: 'monthly', label: 'Monthly' },
  { value: 'weekly', label: 'Weekly' },
];
const columns = [
  { label: 'Customer' },
  { label: 'Unit' },
  { label: 'Status' },
  { label: 'Start Date' },
  { label: 'Price' },
  actionsColumn,
];
/** A phone order's row says so, with where its link stands: "Phone · link opened". */
function PhoneOrderBadge({ linkStatus }: { linkStatus: PhoneLinkStatus }) {
  return (
    <Badge variant="outline" className="mt-1">
      Phone · link {linkStatus}
    </Badge>
  );
}

const noFilters = { search: '', status: 'all', planType: 'all', startDate: '', endDate: '' };

export function OrdersTab() {
  const { filters, bind, page, pageSize, paging } = useListFilters(noFilters, 20);
  const [openOrderId, setOpenOrderId] = useState<string | null>(null);
  const term = useDebouncedValue(filters.search.trim());
  const orders = useOrders({ ...filters, search: term, page, pageSize });

  return (
    <SectionCard
      title="Orders"
      action={
        <div className="flex flex-wrap gap-2">
          <NewOrderDialog onOpenOrder={setOpenOrderId} />
          <ExportCsvLink
            href={ordersCsvUrl({ ...filters, search: term })}
            description="Download every order matching these filters as a CSV file"
          />
          <IconButton
            icon={RefreshCw}
            iconClassName={orders.isFetching ? 'animate-spin' : undefined}
            variant="outline"
            onClick={() => void orders.refetch()}
            disabled={orders.isFetching}
          >
            Refresh
          </IconButton>
        </div>
      }
      contentClassName="grid gap-4"
    >
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-6">
        <FilterInput
          id="order-search"
          label="Search orders"
          placeholder="Customer name, email or order number"
          withIcon
          className="lg:col-span-2"
          {...bind('search')}
        />
        <FilterSelect id="order-status-filter" label="Status" options={statusOptions} {...bind('status')} />
        <FilterSelect id="order-plan-filter" label="Plan" options={planOptions} {...bind('planType')} />
        <div className="grid grid-cols-2 gap-2 lg:col-span-2">
          <DateRangeFilter
            from={{ id: 'order-start-from', label: 'Starts from', ...bind('startDate') }}
            to={{ id: 'order-start-to', label: 'Starts by', ...bind('endDate') }}
          />
        </div>
      </div>

      <PagedTable query={orders} columns={columns} empty="No orders match these filters." noun="orders" paging={paging}>
        {(order) => (
          <TableRow>
            <TableCell>
              <span className="font-medium">{order.customer.name}</span>
              <span className="block text-xs text-muted-foreground">
                {order.orderNumber} · {order.customer.email}
              </span>
            </TableCell>
            <TableCell>{order.unit?.serial ?? <span className="text-muted-foreground">Not assigned</span>}</TableCell>
            <TableCell>
              <StatusBadge status={order.status} />
              {order.linkStatus && <PhoneOrderBadge linkStatus={order.linkStatus} />}
              {order.cancelReason && (
                <span className="mt-1 block max-w-48 text-xs text-muted-foreground">{order.cancelReason}</span>
              )}
            </TableCell>
            <TableCell className="whitespace-nowrap">{formatCalendarDate(order.startDate)}</TableCell>
            <TableCell className="whitespace-nowrap">{formatPrice(order.priceCents, order.type)}</TableCell>
            <ViewCell label={`View order ${order.orderNumber}`} onView={() => setOpenOrderId(order.id)} />
          </TableRow>
        )}
      </PagedTable>
      <OrderDialog orderId={openOrderId} onClose={() => setOpenOrderId(null)} />
    </SectionCard>
  );
}
