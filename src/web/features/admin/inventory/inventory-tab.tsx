import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { bulkUnitStatuses, unitStatuses, type AdminUnitList } from '@/contracts/admin/inventory';
import { LoadError } from '@/web/components/load-error';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { Spinner } from '@/web/components/ui/spinner';
import { toast } from '@/web/components/ui/use-toast';
import { adminGet, adminKeys, adminRequest, errorMessage } from '../api';
import { FilterSelect, statusOption } from '../ui/filter-select';
import { Pagination } from '../ui/pagination';
import { useDebouncedValue } from '../use-debounced-value';
import { AddUnitDialog } from './add-unit-dialog';
import { UnitCard } from './unit-card';

const PAGE_SIZE = 24;
const ALL_MODELS = 'all';
const unitStatusOptions = [{ value: 'all', label: 'All statuses' }, ...unitStatuses.map(statusOption)];

function Count({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-lg border bg-background p-4">
      <p className="text-sm text-muted-foreground">{label}</p>
      <p className="text-2xl font-bold tabular-nums">{value.toLocaleString('en-US')}</p>
    </div>
  );
}

export function InventoryTab() {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState('all');
  const [modelId, setModelId] = useState(ALL_MODELS);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [bulkStatus, setBulkStatus] = useState('');
  const term = useDebouncedValue(search.trim());
  const filters = {
    status,
    modelId: modelId === ALL_MODELS ? undefined : modelId,
    search: term,
    page,
    pageSize: PAGE_SIZE,
  };
  const models = useQuery({
    queryKey: adminKeys.unitModels,
    queryFn: () => adminGet<Array<{ id: string; name: string; btuTier: string }>>('/api/admin/unit-models'),
  });
  const units = useQuery({
    queryKey: [...adminKeys.units, filters],
    queryFn: () => adminGet<AdminUnitList>('/api/admin/units', filters),
    placeholderData: keepPreviousData,
  });
  const bulk = useMutation({
    mutationFn: () =>
      adminRequest<{ updated: number }>('POST', '/api/admin/units/bulk-status', {
        unitIds: [...selected],
        status: bulkStatus,
      }),
    onSuccess: async (result) => {
      toast({
        title: 'Saved',
        description: `${result.updated} ${result.updated === 1 ? 'unit' : 'units'} set to ${bulkStatus}`,
      });
      setSelected(new Set());
      setBulkStatus('');
      await Promise.all(
        [adminKeys.units, adminKeys.stats, adminKeys.analytics].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
    onError: (error) =>
      toast({
        title: 'Error',
        description: errorMessage(error, 'The units could not be updated'),
        variant: 'destructive',
      }),
  });
  const filterChange = (set: (value: string) => void) => (value: string) => {
    set(value);
    setPage(1);
    setSelected(new Set());
  };
  const toggle = (id: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    setSelected(next);
  };
  const pageIds = units.data?.items.map((unit) => unit.id) ?? [];
  const allOnPageSelected = pageIds.length > 0 && pageIds.every((id) => selected.has(id));

  return (
    <div className="grid gap-6">
      <section aria-label="Fleet counts" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Count label="Total units" value={units.data?.counts.total ?? 0} />
        <Count label="Available" value={units.data?.counts.available ?? 0} />
        <Count label="Rented" value={units.data?.counts.rented ?? 0} />
        <Count label="Maintenance" value={units.data?.counts.maintenance ?? 0} />
      </section>
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
          <CardTitle asChild>
            <h2>Inventory</h2>
          </CardTitle>
          <AddUnitDialog models={models.data ?? []} />
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="grid gap-3 sm:grid-cols-3">
            <div className="grid gap-1.5">
              <Label htmlFor="unit-search">Search by serial</Label>
              <Input
                id="unit-search"
                type="search"
                placeholder="Serial number"
                value={search}
                onChange={(event) => filterChange(setSearch)(event.target.value)}
              />
            </div>
            <FilterSelect
              id="unit-status-filter"
              label="Status"
              value={status}
              onValueChange={filterChange(setStatus)}
              options={unitStatusOptions}
            />
            <FilterSelect
              id="unit-model-filter"
              label="Model"
              value={modelId}
              onValueChange={filterChange(setModelId)}
              options={[
                { value: ALL_MODELS, label: 'All models' },
                ...(models.data ?? []).map((model) => ({ value: model.id, label: model.name })),
              ]}
            />
          </div>

          <div
            role="group"
            aria-label="Bulk status change"
            className="flex flex-wrap items-end gap-3 rounded-lg border bg-muted/50 p-3"
          >
            <Button
              variant="outline"
              size="sm"
              disabled={pageIds.length === 0}
              onClick={() => setSelected(allOnPageSelected ? new Set() : new Set(pageIds))}
            >
              {allOnPageSelected ? 'Clear selection' : 'Select all on page'}
            </Button>
            <p className="text-sm" aria-live="polite">
              {selected.size} selected
            </p>
            <div className="grid w-48 gap-1.5">
              <Label htmlFor="bulk-status">Set status to</Label>
              <Select value={bulkStatus} onValueChange={setBulkStatus}>
                <SelectTrigger id="bulk-status">
                  <SelectValue placeholder="Choose a status" />
                </SelectTrigger>
                <SelectContent>
                  {bulkUnitStatuses.map((value) => (
                    <SelectItem key={value} value={value} className="capitalize">
                      {value}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            <Button disabled={selected.size === 0 || !bulkStatus || bulk.isPending} onClick={() => bulk.mutate()}>
              {bulk.isPending ? 'Applying...' : 'Apply to selected'}
            </Button>
          </div>

          {units.isPending ? (
            <Spinner label="Loading units..." className="py-10" />
          ) : units.isError ? (
            <LoadError
              title="Units could not load"
              message={units.error.message}
              onRetry={() => void units.refetch()}
            />
          ) : units.data.items.length === 0 ? (
            <p className="py-8 text-center text-muted-foreground">No units match these filters.</p>
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-busy={units.isFetching}>
              {units.data.items.map((unit) => (
                <li key={`${unit.id}:${unit.notes ?? ''}`}>
                  <UnitCard
                    unit={unit}
                    selected={selected.has(unit.id)}
                    onSelectedChange={(on) => toggle(unit.id, on)}
                  />
                </li>
              ))}
            </ul>
          )}
          {units.data && (
            <Pagination
              page={page}
              pageSize={PAGE_SIZE}
              total={units.data.total}
              noun="units"
              onPageChange={(next) => {
                setPage(next);
                setSelected(new Set());
              }}
            />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
