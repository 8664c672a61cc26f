import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { unitStatuses, type AdminUnit, type UnitStatus } from '@/contracts/admin/inventory';
import { business } from '@/contracts/business';
import { formatCalendarDate } from '@/contracts/dates';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
import { Checkbox } from '@/web/components/ui/checkbox';
import { DialogClose, DialogFooter } from '@/web/components/ui/dialog';
import { Label } from '@/web/components/ui/label';
import { Textarea } from '@/web/components/ui/textarea';
import { useIsAdminRole } from '../me-api';
import { DialogFrame } from '../ui/dialog-frame';
import { IconButton } from '../ui/icon-button';
import { StatusBadge } from '../ui/status-badge';
import { useDeleteUnit, useUpdateUnit } from './api';
import { UnitStatusSelect } from './unit-status-select';

/** One unit: selectable for bulk changes, with inline status and notes editing and a confirmed delete. */
export function UnitCard({
  unit,
  selected,
  onSelectedChange,
}: {
  unit: AdminUnit;
  selected: boolean;
  onSelectedChange: (selected: boolean) => void;
}) {
  const [notes, setNotes] = useState(unit.notes ?? '');
  const [confirmOpen, setConfirmOpen] = useState(false);
  const update = useUpdateUnit(unit.id);
  const remove = useDeleteUnit(unit, { onSuccess: () => setConfirmOpen(false), onError: () => setConfirmOpen(false) });
  // Deleting a unit is the admin role's; staff change status and notes.
  const canDelete = useIsAdminRole();
  const idPrefix = `unit-${unit.id}`;
  const notesChanged = notes.trim() !== (unit.notes ?? '');

  return (
    <Card className="gap-3 py-4" aria-labelledby={`${idPrefix}-serial`} data-state={selected ? 'selected' : undefined}>
      <CardContent className="grid gap-3 px-4">
        <div className="flex items-start justify-between gap-2">
          <div className="flex items-start gap-3">
            <Checkbox
              id={`${idPrefix}-select`}
              checked={selected}
              onCheckedChange={(checked) => onSelectedChange(checked === true)}
              aria-label={`Select unit ${unit.serial}`}
              className="mt-0.5"
            />
            <div>
              <h3 id={`${idPrefix}-serial`} className="font-semibold">
                {unit.serial}
              </h3>
              <p className="text-sm text-muted-foreground">{unit.modelName}</p>
            </div>
          </div>
          <StatusBadge status={unit.status} />
        </div>
        <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
          <dt className="text-muted-foreground">Brand / model</dt>
          <dd>
            {unit.brand} {unit.model}
          </dd>
          <dt className="text-muted-foreground">BTU</dt>
          <dd>{unit.btu.toLocaleString('en-US')}</dd>
          <dt className="text-muted-foreground">Purchased</dt>
          <dd>
            {formatCalendarDate(unit.purchaseDate)} ·{' '}
            {unit.purchasePrice.toLocaleString('en-US', { style: 'currency', currency: 'USD' })}
          </dd>
          {unit.hold && (
            <>
              <dt className="text-muted-foreground">On hold</dt>
              <dd>
                Checkout {unit.hold.orderNumber}, until{' '}
                {new Date(unit.hold.until).toLocaleTimeString('en-US', {
                  hour: 'numeric',
                  minute: '2-digit',
                  timeZone: business.timeZone,
                })}
              </dd>
            </>
          )}
          {unit.currentOrderNumber && (
            <>
              <dt className="text-muted-foreground">On order</dt>
              <dd>{unit.currentOrderNumber}</dd>
            </>
          )}
        </dl>
        <UnitStatusSelect
          id={`${idPrefix}-status`}
          label="Status"
          triggerLabel={`Status of ${unit.serial}`}
          statuses={unitStatuses}
          value={unit.status as UnitStatus}
          onValueChange={(status) => update.mutate({ status })}
          disabled={update.isPending}
        />
        <div className="grid gap-1.5">
          <Label htmlFor={`${idPrefix}-notes`}>Notes</Label>
          <Textarea
            id={`${idPrefix}-notes`}
            rows={2}
            aria-label={`Notes for ${unit.serial}`}
            value={notes}
            onChange={(event) => setNotes(event.target.value)}
          />
        </div>
        <div className="flex justify-between gap-2">
          <Button
            size="sm"
            variant="outline"
            disabled={!notesChanged || update.isPending}
            onClick={() => update.mutate({ notes: notes.trim() })}
            aria-label={`Save notes for ${unit.serial}`}
          >
            Save notes
          </Button>
          {canDelete && (
            <DialogFrame
              open={confirmOpen}
              onOpenChange={setConfirmOpen}
              trigger={
                <IconButton
                  icon={Trash2}
                  size="sm"
                  variant="ghost"
                  className="text-destructive"
                  aria-label={`Delete unit ${unit.serial}`}
                >
                  Delete
                </IconButton>
              }
              title={`Delete unit ${unit.serial}?`}
              description="Are you sure you want to delete this unit?"
              className="max-w-md"
            >
              <DialogFooter>
                <DialogClose asChild>
                  <Button variant="outline">Keep Unit</Button>
                </DialogClose>
                <Button variant="destructive" disabled={remove.isPending} onClick={() => remove.mutate()}>
                  {remove.isPending ? 'Deleting...' : 'Delete Unit'}
                </Button>
              </DialogFooter>
            </DialogFrame>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
