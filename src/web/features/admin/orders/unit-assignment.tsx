import { useState } from 'react';
import type { AdminOrderDetail } from '@/contracts/admin/orders';
import { Button } from '@/web/components/ui/button';
import { DetailSection } from '../ui/detail-section';
import { FilterSelect } from '../ui/filter-select';
import { StatusBadge } from '../ui/status-badge';
import { useAssignUnit, useOrderActionPending } from './api';

/** The order's unit, and for an active order a choice of available units of its model to assign or swap in. */
export function UnitAssignment({ detail }: { detail: AdminOrderDetail }) {
  const { order, unit, assignableUnits } = detail;
  const [unitId, setUnitId] = useState('');
  const assign = useAssignUnit(order.id, unit !== null, { onSuccess: () => setUnitId('') });
  const pending = useOrderActionPending(order.id);

  return (
    <DetailSection heading="Unit" className="border-t pt-4">
      <p>
        {unit ? (
          <>
            <span className="font-medium">{unit.serial}</span> <StatusBadge status={unit.status} />
          </>
        ) : (
          'Not assigned'
        )}
      </p>
      {order.status === 'active' &&
        (assignableUnits.length === 0 ? (
          <p className="text-muted-foreground">No available unit of this model to assign.</p>
        ) : (
          <div className="flex flex-wrap items-end gap-2">
            <FilterSelect
              id="assign-unit"
              label={unit ? 'Swap for unit' : 'Assign unit'}
              className="min-w-56"
              placeholder="Choose an available unit"
              value={unitId}
              onValueChange={setUnitId}
              options={assignableUnits.map((candidate) => ({
                value: candidate.id,
                label: `${candidate.serial} (${candidate.btu.toLocaleString('en-US')} BTU)`,
              }))}
            />
            <Button disabled={!unitId || pending} onClick={() => assign.mutate(unitId)}>
              {unit ? 'Swap Unit' : 'Assign Unit'}
            </Button>
          </div>
        ))}
    </DetailSection>
  );
}
