import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useState } from 'react';
import type { AdminCustomerSummary } from '@/contracts/admin/customers';
import type { Page } from '@/contracts/admin/common';
import { LoadError } from '@/web/components/load-error';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { Spinner } from '@/web/components/ui/spinner';
import { adminGet, adminKeys } from '../api';
import { formatInstantDate } from '../format';
import { Pagination } from '../ui/pagination';
import { EmptyRow, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../ui/table';
import { useDebouncedValue } from '../use-debounced-value';
import { CustomerDetail } from './customer-detail';

const PAGE_SIZE = 20;

export function CustomersTab() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const term = useDebouncedValue(search.trim());
  const customers = useQuery({
    queryKey: [...adminKeys.customers, { search: term, page }],
    queryFn: () =>
      adminGet<Page<AdminCustomerSummary>>('/api/admin/customers', { search: term, page, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Customers</h2>
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3">
          <div className="grid gap-1.5">
            <Label htmlFor="customer-search">Search customers</Label>
            <div className="relative">
              <Search aria-hidden="true" className="absolute top-3 left-3 size-4 text-muted-foreground" />
              <Input
                id="customer-search"
                type="search"
                placeholder="Name or email"
                className="pl-9"
                value={search}
                onChange={(event) => {
                  setSearch(event.target.value);
                  setPage(1);
                }}
              />
            </div>
          </div>
          {customers.isPending ? (
            <Spinner label="Loading customers..." className="py-10" />
          ) : customers.isError ? (
            <LoadError
              title="Customers could not load"
              message={customers.error.message}
              onRetry={() => void customers.refetch()}
            />
          ) : (
            <>
              <Table aria-busy={customers.isFetching}>
                <TableHeader>
                  <TableRow>
                    <TableHead>Name</TableHead>
                    <TableHead>Email</TableHead>
                    <TableHead className="hidden md:table-cell">Phone</TableHead>
                    <TableHead className="hidden md:table-cell">Customer since</TableHead>
                    <TableHead>
                      <span className="sr-only">Actions</span>
                    </TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {customers.data.items.length === 0 && (
                    <EmptyRow columns={5}>{term ? 'No customers match your search.' : 'No customers yet.'}</EmptyRow>
                  )}
                  {customers.data.items.map((customer) => (
                    <TableRow key={customer.id} data-state={customer.id === selectedId ? 'selected' : undefined}>
                      <TableCell className="font-medium">{customer.name}</TableCell>
                      <TableCell className="break-all">{customer.email}</TableCell>
                      <TableCell className="hidden md:table-cell">{customer.phone ?? '—'}</TableCell>
                      <TableCell className="hidden md:table-cell">{formatInstantDate(customer.createdAt)}</TableCell>
                      <TableCell className="text-right">
                        <Button
                          size="sm"
                          variant="outline"
                          aria-label={`View ${customer.name}`}
                          aria-pressed={customer.id === selectedId}
                          onClick={() => setSelectedId(customer.id)}
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
                total={customers.data.total}
                noun="customers"
                onPageChange={setPage}
              />
            </>
          )}
        </CardContent>
      </Card>
      <CustomerDetail customerId={selectedId} />
    </div>
  );
}
