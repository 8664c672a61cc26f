import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { RefreshCw, Search } from 'lucide-react';
import { useState } from 'react';
import type { Page } from '@/contracts/admin/common';
import type { AdminOrderListItem } from '@/contracts/admin/orders';
import { formatCalendarDate } from '@/contracts/dates';
import { LoadError } from '@/web/components/load-error';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { Spinner } from '@/web/components/ui/spinner';
import { adminGet, adminKeys } from '../api';
import { formatPrice } from '../format';
import { FilterSelect } from '../ui/filter-select';
import { Pagination } from '../ui/pagination';
import { StatusBadge } from '../ui/status-badge';
import { EmptyRow, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../ui/table';
import { useDebouncedValue } from '../use-debounced-value';
import { OrderDialog } from './order-dialog';

const PAGE_SIZE = 20;

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

export function OrdersTab() {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('all');
  const [planType, setPlanType] = useState('all');
  const [startDate, setStartDate] = useState('');
  const [endDate, setEndDate] = useState('');
  const [page, setPage] = useState(1);
  const [openOrderId, setOpenOrderId] = useState<string | null>(null);
  const term = useDebouncedValue(search.trim());
  const filters = { status, planType, startDate, endDate, search: term, page, pageSize: PAGE_SIZE };
  const orders = useQuery({
    queryKey: [...adminKeys.orderList, filters],
    queryFn: () => adminGet<Page<AdminOrderListItem>>('/api/admin/orders/filtered', filters),
    placeholderData: keepPreviousData,
  });
  const change =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

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
          <div className="grid gap-1.5 lg:col-span-2">
            <Label htmlFor="order-search">Search orders</Label>
            <div className="relative">
              <Search aria-hidden="true" className="absolute top-3 left-3 size-4 text-muted-foreground" />
              <Input
                id="order-search"
                type="search"
                placeholder="Customer name, email or order number"
                className="pl-9"
                value={search}
                onChange={(event) => change(setSearch)(event.target.value)}
              />
            </div>
          </div>
          <FilterSelect
            id="order-status-filter"
            label="Status"
            value={status}
            onValueChange={change(setStatus)}
            options={statusOptions}
          />
          <FilterSelect
            id="order-plan-filter"
            label="Plan"
            value={planType}
            onValueChange={change(setPlanType)}
            options={planOptions}
          />
          <div className="grid grid-cols-2 gap-2 lg:col-span-2">
            <div className="grid gap-1.5">
              <Label htmlFor="order-start-from">Starts from</Label>
              <Input
                id="order-start-from"
                type="date"
                value={startDate}
                onChange={(event) => change(setStartDate)(event.target.value)}
              />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="order-start-to">Starts by</Label>
              <Input
                id="order-start-to"
                type="date"
                value={endDate}
                min={startDate || undefined}
                onChange={(event) => change(setEndDate)(event.target.value)}
              />
            </div>
          </div>
        </div>

        {orders.isPending ? (
          <Spinner label="Loading orders..." className="py-10" />
        ) : orders.isError ? (
          <LoadError
            title="Orders could not load"
            message={orders.error.message}
            onRetry={() => void orders.refetch()}
          />
        ) : (
          <>
            <Table aria-busy={orders.isFetching}>
              <TableHeader>
                <TableRow>
                  <TableHead>Customer</TableHead>
                  <TableHead>Unit</TableHead>
                  <TableHead>Status</TableHead>
                  <TableHead>Start Date</TableHead>
                  <TableHead>Price</TableHead>
                  <TableHead>
                    <span className="sr-only">Actions</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {orders.data.items.length === 0 && <EmptyRow columns={6}>No orders match these filters.</EmptyRow>}
                {orders.data.items.map((order) => (
                  <TableRow key={order.id}>
                    <TableCell>
                      <span className="font-medium">{order.customer.name}</span>
                      <span className="block text-xs text-muted-foreground">
                        {order.orderNumber} · {order.customer.email}
                      </span>
                    </TableCell>
                    <TableCell>
                      {order.unit?.serial ?? <span className="text-muted-foreground">Not assigned</span>}
                    </TableCell>
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
                ))}
              </TableBody>
            </Table>
            <Pagination
              page={page}
              pageSize={PAGE_SIZE}
              total={orders.data.total}
              noun="orders"
              onPageChange={setPage}
            />
          </>
        )}
      </CardContent>
      <OrderDialog orderId={openOrderId} onClose={() => setOpenOrderId(null)} />
    </Card>
  );
}
