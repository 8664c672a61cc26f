import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { unitStatuses, type AdminUnit } from '@/contracts/admin/inventory';
import { formatCalendarDate } from '@/contracts/dates';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
import { Checkbox } from '@/web/components/ui/checkbox';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/web/components/ui/dialog';
import { Label } from '@/web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { Textarea } from '@/web/components/ui/textarea';
import { toast } from '@/web/components/ui/use-toast';
import { adminKeys, adminRequest, errorMessage } from '../api';
import { StatusBadge } from '../ui/status-badge';

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
  const queryClient = useQueryClient();
  const [notes, setNotes] = useState(unit.notes ?? '');
  const [confirmOpen, setConfirmOpen] = useState(false);
  const refresh = () =>
    Promise.all(
      [adminKeys.units, adminKeys.stats, adminKeys.analytics].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
  const update = useMutation({
    mutationFn: (change: { status?: string; notes?: string }) =>
      adminRequest<AdminUnit>('PATCH', `/api/admin/units/${unit.id}`, change),
    onSuccess: async (saved, change) => {
      toast({
        title: 'Saved',
        description: change.status ? `${saved.serial} is now ${saved.status}` : `Notes saved for ${saved.serial}`,
      });
      await refresh();
    },
    onError: (error) =>
      toast({
        title: 'Error',
        description: errorMessage(error, 'The unit could not be saved'),
        variant: 'destructive',
      }),
  });
  const remove = useMutation({
    mutationFn: () => adminRequest('DELETE', `/api/admin/units/${unit.id}`),
    onSuccess: async () => {
      setConfirmOpen(false);
      toast({ title: 'Deleted', description: `Unit ${unit.serial} was deleted` });
      await refresh();
    },
    onError: (error) => {
      setConfirmOpen(false);
      toast({
        title: 'Error',
        description: errorMessage(error, 'The unit could not be deleted'),
        variant: 'destructive',
      });
    },
  });
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
          {unit.currentOrderNumber && (
            <>
              <dt className="text-muted-foreground">On order</dt>
              <dd>{unit.currentOrderNumber}</dd>
            </>
          )}
        </dl>
        <div className="grid gap-1.5">
          <Label htmlFor={`${idPrefix}-status`}>Status</Label>
          <Select value={unit.status} onValueChange={(status) => update.mutate({ status })} disabled={update.isPending}>
            <SelectTrigger id={`${idPrefix}-status`} aria-label={`Status of ${unit.serial}`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {unitStatuses.map((status) => (
                <SelectItem key={status} value={status} className="capitalize">
                  {status}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
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
          <Dialog open={confirmOpen} onOpenChange={setConfirmOpen}>
            <DialogTrigger asChild>
              <Button size="sm" variant="ghost" className="text-destructive" aria-label={`Delete unit ${unit.serial}`}>
                <Trash2 aria-hidden="true" />
                Delete
              </Button>
            </DialogTrigger>
            <DialogContent className="max-w-md">
              <DialogHeader>
                <DialogTitle>Delete unit {unit.serial}?</DialogTitle>
                <DialogDescription>Are you sure you want to delete this unit?</DialogDescription>
              </DialogHeader>
              <DialogFooter>
                <DialogClose asChild>
                  <Button variant="outline">Keep Unit</Button>
                </DialogClose>
                <Button variant="destructive" disabled={remove.isPending} onClick={() => remove.mutate()}>
                  {remove.isPending ? 'Deleting...' : 'Delete Unit'}
                </Button>
              </DialogFooter>
            </DialogContent>
          </Dialog>
        </div>
      </CardContent>
    </Card>
  );
}
