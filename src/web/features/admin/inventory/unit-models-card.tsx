import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { unitModelDeleteRefusal, type AdminUnitModel } from '@/contracts/admin/inventory';
import { formatCents } from '@/contracts/money';
import { Button } from '@/web/components/ui/button';
import { DialogClose, DialogFooter } from '@/web/components/ui/dialog';
import { ActionsCell, actionsColumn, DataTable } from '../ui/data-table';
import { EditToggleActions } from '../ui/edit-toggle-actions';
import { DialogFrame } from '@/web/components/dialog-frame';
import { IconButton } from '../ui/icon-button';
import { QueryState } from '../ui/query-state';
import { SectionCard } from '../ui/section-card';
import { StatusBadge } from '../ui/status-badge';
import { TableCell, TableRow } from '../ui/table';
import { useIsAdminRole } from '../me-api';
import { useDeleteUnitModel, useToggleUnitModel, useUnitModels } from './api';
import { UnitModelDialog } from './unit-model-dialog';
import { UnitModelPhotoDialog } from './unit-model-photo-dialog';

const columns = [
  { label: 'Model' },
  { label: 'Weekly' },
  { label: 'Monthly' },
  { label: 'Units' },
  { label: 'Orders' },
  { label: 'State' },
  actionsColumn,
];

/** The catalog's unit models: added, edited, taken out of the catalog or offered again, and deleted while unused. */
export function UnitModelsCard() {
  const models = useUnitModels();
  const toggle = useToggleUnitModel();
  // What the catalog offers and at what price is the owner's call: staff see the models, admins change them.
  const canManage = useIsAdminRole();

  return (
    <SectionCard
      title="Unit Models"
      description="What the catalog offers. An inactive model is not offered for rent; its units and orders stay."
      action={canManage && <UnitModelDialog trigger={<IconButton icon={Plus}>New Unit Model</IconButton>} />}
      align="start"
    >
      <QueryState query={models} loadingLabel="Loading unit models..." errorTitle="Unit models could not load">
        {(rows) => (
          <DataTable columns={columns} rows={rows} empty="No unit models yet.">
            {(model) => (
              <TableRow>
                <TableCell className="font-medium">
                  {model.name}
                  <span className="block text-xs font-normal text-muted-foreground">{model.btuTier} BTU</span>
                </TableCell>
                <TableCell className="tabular-nums">{formatCents(model.weeklyPrice)}</TableCell>
                <TableCell className="tabular-nums">{formatCents(model.monthlyPrice)}</TableCell>
                <TableCell className="tabular-nums">{model.unitCount}</TableCell>
                <TableCell className="tabular-nums">{model.orderCount}</TableCell>
                <TableCell>
                  <StatusBadge status={model.active ? 'active' : 'inactive'} />
                </TableCell>
                <ActionsCell>
                  {canManage && (
                    <EditToggleActions
                      name={model.name}
                      active={model.active}
                      editDialog={(trigger) => <UnitModelDialog model={model} trigger={trigger} />}
                      onToggle={() => toggle.mutate(model)}
                      toggling={toggle.isPending}
                    >
                      <UnitModelPhotoDialog model={model} />
                      <DeleteUnitModel model={model} />
                    </EditToggleActions>
                  )}
                </ActionsCell>
              </TableRow>
            )}
          </DataTable>
        )}
      </QueryState>
    </SectionCard>
  );
}

/**
 * Delete, confirmed. A model that orders or units refer to cannot be deleted: the dialog says why, in the server's
 * words, and offers to deactivate it instead.
 */
function DeleteUnitModel({ model }: { model: AdminUnitModel }) {
  const [open, setOpen] = useState(false);
  const close = { onSuccess: () => setOpen(false), onError: () => setOpen(false) };
  const remove = useDeleteUnitModel(model, close);
  const toggle = useToggleUnitModel();
  const refusal = unitModelDeleteRefusal(model);

  return (
    <DialogFrame
      open={open}
      onOpenChange={setOpen}
      trigger={
        <IconButton
          icon={Trash2}
          size="sm"
          variant="ghost"
          className="text-destructive"
          aria-label={`Delete ${model.name}`}
        >
          Delete
        </IconButton>
      }
      title={`Delete ${model.name}?`}
      description={refusal ?? 'It leaves the catalog for good. Are you sure you want to delete this unit model?'}
      className="max-w-md"
    >
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Keep Model</Button>
        </DialogClose>
        {refusal ? (
          model.active && (
            <Button
              disabled={toggle.isPending}
              onClick={() => toggle.mutate(model, { onSuccess: () => setOpen(false) })}
            >
              Deactivate Instead
            </Button>
          )
        ) : (
          <Button variant="destructive" disabled={remove.isPending} onClick={() => remove.mutate()}>
            {remove.isPending ? 'Deleting...' : 'Delete Model'}
          </Button>
        )}
      </DialogFooter>
    </DialogFrame>
  );
}
