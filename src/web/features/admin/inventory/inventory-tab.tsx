import { useState } from 'react';
import { bulkUnitStatuses, unitStatuses, type BulkUnitStatusInput } from '@/contracts/admin/inventory';
import { Button } from '@/web/components/ui/button';
import { FilterInput } from '../ui/filter-input';
import { FilterSelect, statusOption } from '../ui/filter-select';
import { Pagination } from '../ui/pagination';
import { QueryState } from '../ui/query-state';
import { SectionCard } from '../ui/section-card';
import { useDebouncedValue } from '../use-debounced-value';
import { useListFilters } from '../use-list-filters';
import { AddUnitDialog } from './add-unit-dialog';
import { useBulkUnitStatus, useUnitModels, useUnits } from './api';
import { UnitDetailsDialog } from './unit-details-dialog';
import { UnitModelsCard } from './unit-models-card';
import { UnitStatusSelect } from './unit-status-select';
import { UnitsTable } from './units-table';

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
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [openUnitId, setOpenUnitId] = useState<string | null>(null);
  const [bulkStatus, setBulkStatus] = useState<BulkUnitStatusInput['status'] | ''>('');
  // A new filter or page shows other units: the selection is dropped rather than kept out of sight.
  const { filters, bind, page, pageSize, paging } = useListFilters(
    { status: 'all', modelId: ALL_MODELS, search: '' },
    24,
    () => setSelected(new Set()),
  );
  const term = useDebouncedValue(filters.search.trim());
  const models = useUnitModels();
  const units = useUnits({
    status: filters.status,
    modelId: filters.modelId === ALL_MODELS ? undefined : filters.modelId,
    search: term,
    page,
    pageSize,
  });
  const bulk = useBulkUnitStatus({
    onSuccess: () => {
      setSelected(new Set());
      setBulkStatus('');
    },
  });
  const toggle = (id: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    setSelected(next);
  };
  const pageIds = units.data?.items.map((unit) => unit.id) ?? [];
  const allOnPageSelected = pageIds.length > 0 && pageIds.every((id) => selected.has(id));

  return (
    <div className="grid grid-cols-1 gap-6">
      <section aria-label="Fleet counts" className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        <Count label="Total units" value={units.data?.counts.total ?? 0} />
        <Count label="Available" value={units.data?.counts.available ?? 0} />
        <Count label="On hold (checkout)" value={units.data?.counts.onHold ?? 0} />
        <Count label="Rented" value={units.data?.counts.rented ?? 0} />
        <Count label="Maintenance" value={units.data?.counts.maintenance ?? 0} />
      </section>
      <UnitModelsCard />
      <SectionCard
        title="Inventory"
        action={<AddUnitDialog models={models.data ?? []} />}
        contentClassName="grid gap-4"
      >
        <div className="grid gap-3 sm:grid-cols-3">
          <FilterInput id="unit-search" label="Search by serial" placeholder="Serial number" {...bind('search')} />
          <FilterSelect id="unit-status-filter" label="Status" options={unitStatusOptions} {...bind('status')} />
          <FilterSelect
            id="unit-model-filter"
            label="Model"
            options={[
              { value: ALL_MODELS, label: 'All models' },
              ...(models.data ?? []).map((model) => ({ value: model.id, label: model.name })),
            ]}
            {...bind('modelId')}
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
          <UnitStatusSelect
            id="bulk-status"
            label="Set status to"
            className="w-48"
            placeholder="Choose a status"
            statuses={bulkUnitStatuses}
            value={bulkStatus}
            onValueChange={setBulkStatus}
          />
          <Button
            disabled={selected.size === 0 || !bulkStatus || bulk.isPending}
            onClick={() => bulkStatus && bulk.mutate({ unitIds: [...selected], status: bulkStatus })}
          >
            {bulk.isPending ? 'Applying...' : 'Apply to selected'}
          </Button>
        </div>

        <QueryState query={units} loadingLabel="Loading units..." errorTitle="Units could not load">
          {(data) => (
            <UnitsTable
              units={data.items}
              busy={units.isFetching}
              selected={selected}
              onSelectedChange={toggle}
              onOpen={(unit) => setOpenUnitId(unit.id)}
            />
          )}
        </QueryState>
        {units.data && <Pagination {...paging} total={units.data.total} noun="units" />}
        {/* The unit as the list has it now: a change made in the dialog shows there as soon as the list reloads. */}
        <UnitDetailsDialog
          unit={units.data?.items.find((unit) => unit.id === openUnitId) ?? null}
          onClose={() => setOpenUnitId(null)}
        />
      </SectionCard>
    </div>
  );
}
