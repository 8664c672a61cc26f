import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { unitStatuses, type AdminUnit, type UnitStatus } from '@/contracts/admin/inventory';
import { business } from '@/contracts/business';
import { formatCalendarDate } from '@/contracts/dates';
import { Button } from '@/web/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog';
import { Label } from '@/web/components/ui/label';
import { Textarea } from '@/web/components/ui/textarea';
import { useIsAdminRole } from '../me-api';
import { DialogFrame } from '@/web/components/dialog-frame';
import { IconButton } from '../ui/icon-button';
import { StatusBadge } from '../ui/status-badge';
import { useDeleteUnit, useUpdateUnit } from './api';
import { UnitStatusSelect } from './unit-status-select';

/** One unit opened from the list: what it is, its status and notes to change, and a confirmed delete. */
export function UnitDetailsDialog({ unit, onClose }: { unit: AdminUnit | null; onClose: () => void }) {
  return (
    <Dialog open={unit !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-lg">
        {/* Keyed by unit, so a half-written note never carries over to another unit. */}
        {unit && <UnitDetails key={unit.id} unit={unit} onDeleted={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function UnitDetails({ unit, onDeleted }: { unit: AdminUnit; onDeleted: () => void }) {
  const [notes, setNotes] = useState(unit.notes ?? '');
  const [confirmOpen, setConfirmOpen] = useState(false);
  const update = useUpdateUnit(unit.id);
  const remove = useDeleteUnit(unit, {
    onSuccess: () => {
      setConfirmOpen(false);
      onDeleted();
    },
    onError: () => setConfirmOpen(false),
  });
  // Deleting a unit is the admin role's; staff change status and notes.
  const canDelete = useIsAdminRole();
  const idPrefix = `unit-${unit.id}`;
  const notesChanged = notes.trim() !== (unit.notes ?? '');

  return (
    <>
      <DialogHeader>
        <DialogTitle>Unit {unit.serial}</DialogTitle>
        <DialogDescription className="flex flex-wrap items-center gap-2">
          {unit.modelName} <StatusBadge status={unit.status} />
        </DialogDescription>
      </DialogHeader>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
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
          rows={3}
          aria-label={`Notes for ${unit.serial}`}
          value={notes}
          onChange={(event) => setNotes(event.target.value)}
        />
      </div>
      <DialogFooter className="gap-2 sm:justify-between">
        {canDelete ? (
          <DialogFrame
            open={confirmOpen}
            onOpenChange={setConfirmOpen}
            trigger={
              <IconButton
                icon={Trash2}
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
        ) : (
          <span />
        )}
        <Button
          disabled={!notesChanged || update.isPending}
          onClick={() => update.mutate({ notes: notes.trim() })}
          aria-label={`Save notes for ${unit.serial}`}
        >
          Save notes
        </Button>
      </DialogFooter>
    </>
  );
}
