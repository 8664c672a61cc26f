import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Page } from '@/contracts/admin/common';
import { feeStatuses, feeTypeLabels, type AdminFee, type FeeType } from '@/contracts/admin/fees';
import { formatCents } from '@/contracts/money';
import { LoadError } from '@/web/components/load-error';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { Spinner } from '@/web/components/ui/spinner';
import { toast } from '@/web/components/ui/use-toast';
import { adminGet, adminKeys, adminRequest, errorMessage } from '../api';
import { formatInstantDate } from '../format';
import { FilterSelect, statusOption } from '../ui/filter-select';
import { Pagination } from '../ui/pagination';
import { StatusBadge } from '../ui/status-badge';
import { EmptyRow, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../ui/table';
import { useDebouncedValue } from '../use-debounced-value';

const PAGE_SIZE = 20;

const feeStatusOptions = [{ value: 'all', label: 'All statuses' }, ...feeStatuses.map(statusOption)];

export function FeesTab() {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState('all');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const term = useDebouncedValue(search.trim());
  const filters = { status, search: term, page, pageSize: PAGE_SIZE };
  const fees = useQuery({
    queryKey: [...adminKeys.fees, filters],
    queryFn: () => adminGet<Page<AdminFee>>('/api/admin/additional-fees', filters),
    placeholderData: keepPreviousData,
  });
  const settle = useMutation({
    mutationFn: ({ fee, to }: { fee: AdminFee; to: 'paid' | 'waived' }) =>
      adminRequest<AdminFee>('PATCH', `/api/admin/additional-fees/${fee.id}`, { status: to }),
    onSuccess: async (fee) => {
      toast({ title: 'Saved', description: `Fee of ${formatCents(fee.amountCents)} marked ${fee.status}` });
      await Promise.all(
        [adminKeys.fees, adminKeys.stats, adminKeys.customers, adminKeys.analytics].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
    onError: (error) =>
      toast({
        title: 'Error',
        description: errorMessage(error, 'The fee could not be updated'),
        variant: 'destructive',
      }),
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Additional Fees</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-3 sm:grid-cols-3">
          <div className="grid gap-1.5 sm:col-span-2">
            <Label htmlFor="fee-search">Search by customer</Label>
            <Input
              id="fee-search"
              type="search"
              placeholder="Name or email"
              value={search}
              onChange={(event) => {
                setSearch(event.target.value);
                setPage(1);
              }}
            />
          </div>
          <FilterSelect
            id="fee-status-filter"
            label="Status"
            value={status}
            onValueChange={(value) => {
              setStatus(value);
              setPage(1);
            }}
            options={feeStatusOptions}
          />
        </div>
        {fees.isPending ? (
          <Spinner label="Loading fees..." className="py-10" />
        ) : fees.isError ? (
          <LoadError title="Fees could not load" message={fees.error.message} onRetry={() => void fees.refetch()} />
        ) : (
          <>
            <Table aria-busy={fees.isFetching}>
              <TableHeader>
                <TableRow>
                  <TableHead>Customer</TableHead>
                  <TableHead>Type</TableHead>
                  <TableHead>Description</TableHead>
                  <TableHead className="text-right">Amount</TableHead>
                  <TableHead>Status</TableHead>
                  <TableHead>Created</TableHead>
                  <TableHead>
                    <span className="sr-only">Actions</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {fees.data.items.length === 0 && <EmptyRow columns={7}>No fees match these filters.</EmptyRow>}
                {fees.data.items.map((fee) => (
                  <TableRow key={fee.id}>
                    <TableCell>
                      <span className="font-medium">{fee.customer.name}</span>
                      <span className="block text-xs text-muted-foreground">
                        {fee.orderNumber ?? fee.customer.email}
                      </span>
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
                    <TableCell>
                      {(fee.status === 'pending' || fee.status === 'failed') && (
                        <div className="flex justify-end gap-2">
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
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <Pagination page={page} pageSize={PAGE_SIZE} total={fees.data.total} noun="fees" onPageChange={setPage} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
