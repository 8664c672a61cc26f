import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { formatCalendarDate } from '@/contracts/dates';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { formatPrice } from '../format';
import { actionsColumn } from '../ui/data-table';
import { FilterSelect } from '../ui/filter-select';
import { PagedTable } from '../ui/paged-table';
import { SearchField } from '../ui/search-field';
import { StatusBadge } from '../ui/status-badge';
import { TableCell, TableRow } from '../ui/table';
import { useDebouncedValue } from '../use-debounced-value';
import { useListFilters } from '../use-list-filters';
import { useOrders } from './api';
import { OrderDialog } from './order-dialog';

// The spec's filter (all, active, completed, cancelled), plus pending so unpaid checkouts can be found.
const statusOptions = [
  { value: 'all', label: 'All statuses' },
  { value: 'active', label: 'Active' },
  { value: 'completed', label: 'Completed' },
  { value: 'cancelled', label: 'Cancelled' },
  { value: 'pending', label: 'Pending' },
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
const noFilters = { search: '', status: 'all', planType: 'all', startDate: '', endDate: '' };

export function OrdersTab() {
  const { filters, setFilter, page, pageSize, paging } = useListFilters(noFilters, 20);
  const [openOrderId, setOpenOrderId] = useState<string | null>(null);
  const term = useDebouncedValue(filters.search.trim());
  const orders = useOrders({ ...filters, search: term, page, pageSize });

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle asChild>
          <h2>Orders</h2>
        </CardTitle>
        <Button variant="outline" onClick={() => void orders.refetch()} disabled={orders.isFetching}>
          <RefreshCw aria-hidden="true" className={orders.isFetching ? 'animate-spin' : undefined} />
          Refresh
        </Button>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-6">
          <SearchField
            id="order-search"
            label="Search orders"
            placeholder="Customer name, email or order number"
            withIcon
            className="lg:col-span-2"
            value={filters.search}
            onValueChange={setFilter('search')}
          />
          <FilterSelect
            id="order-status-filter"
            label="Status"
            value={filters.status}
            onValueChange={setFilter('status')}
            options={statusOptions}
          />
          <FilterSelect
            id="order-plan-filter"
            label="Plan"
            value={filters.planType}
            onValueChange={setFilter('planType')}
            options={planOptions}
          />
          <div className="grid grid-cols-2 gap-2 lg:col-span-2">
            <div className="grid gap-1.5">
              <Label htmlFor="order-start-from">Starts from</Label>
              <Input
                id="order-start-from"
                type="date"
                value={filters.startDate}
                onChange={(event) => setFilter('startDate')(event.target.value)}
              />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="order-start-to">Starts by</Label>
              <Input
                id="order-start-to"
                type="date"
                value={filters.endDate}
                min={filters.startDate || undefined}
                onChange={(event) => setFilter('endDate')(event.target.value)}
              />
            </div>
          </div>
        </div>

        <PagedTable
          query={orders}
          loadingLabel="Loading orders..."
          errorTitle="Orders could not load"
          columns={columns}
          empty="No orders match these filters."
          noun="orders"
          paging={paging}
        >
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
              </TableCell>
              <TableCell className="whitespace-nowrap">{formatCalendarDate(order.startDate)}</TableCell>
              <TableCell className="whitespace-nowrap">{formatPrice(order.priceCents, order.type)}</TableCell>
              <TableCell className="text-right">
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={`View order ${order.orderNumber}`}
                  onClick={() => setOpenOrderId(order.id)}
                >
                  View
                </Button>
              </TableCell>
            </TableRow>
          )}
        </PagedTable>
      </CardContent>
      <OrderDialog orderId={openOrderId} onClose={() => setOpenOrderId(null)} />
    </Card>
  );
}
