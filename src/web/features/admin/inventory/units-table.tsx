import { PanelRightOpen, StickyNote } from 'lucide-react';
import type { AdminUnit } from '@/contracts/admin/inventory';
import { Checkbox } from '@/web/components/ui/checkbox';
import { ActionsCell, actionsColumn, DataTable } from '../ui/data-table';
import { IconButton } from '../ui/icon-button';
import { StatusBadge } from '../ui/status-badge';
import { TableCell, TableRow } from '../ui/table';

const columns = [
  { label: 'Select', srOnly: true, className: 'w-8' },
  { label: 'Serial' },
  { label: 'Model', className: 'hidden sm:table-cell' },
  { label: 'Status' },
  { label: 'BTU', className: 'hidden text-right md:table-cell' },
  actionsColumn,
];

/** The units of a page, one compact row each: selectable for bulk changes, opened for details, status and notes. */
export function UnitsTable({
  units,
  busy,
  selected,
  onSelectedChange,
  onOpen,
}: {
  units: readonly AdminUnit[];
  busy: boolean;
  selected: ReadonlySet<string>;
  onSelectedChange: (id: string, selected: boolean) => void;
  onOpen: (unit: AdminUnit) => void;
}) {
  return (
    <DataTable columns={columns} rows={units} empty="No units match these filters." busy={busy}>
      {(unit) => (
        <TableRow data-state={selected.has(unit.id) ? 'selected' : undefined}>
          <TableCell className="w-8 pr-0">
            <Checkbox
              checked={selected.has(unit.id)}
              onCheckedChange={(checked) => onSelectedChange(unit.id, checked)}
              aria-label={`Select unit ${unit.serial}`}
            />
          </TableCell>
          <TableCell>
            <span className="flex items-center gap-1.5 font-medium whitespace-nowrap">
              {unit.serial}
              {unit.notes && (
                <>
                  <StickyNote aria-hidden="true" className="size-3.5 text-muted-foreground" />
                  <span className="sr-only">(has notes)</span>
                </>
              )}
            </span>
            <span className="block text-xs text-muted-foreground sm:hidden">{unit.modelName}</span>
          </TableCell>
          <TableCell className="hidden sm:table-cell">
            {unit.modelName}
            <span className="block text-xs text-muted-foreground">
              {unit.brand} {unit.model}
            </span>
          </TableCell>
          <TableCell>
            <StatusBadge status={unit.status} />
            {(unit.hold ?? unit.currentOrderNumber) && (
              <span className="block text-xs text-muted-foreground">
                {unit.hold ? `Held by ${unit.hold.orderNumber}` : unit.currentOrderNumber}
              </span>
            )}
          </TableCell>
          <TableCell className="hidden text-right tabular-nums md:table-cell">
            {unit.btu.toLocaleString('en-US')}
          </TableCell>
          <ActionsCell>
            <IconButton
              icon={PanelRightOpen}
              size="sm"
              variant="outline"
              aria-label={`Details of ${unit.serial}`}
              aria-haspopup="dialog"
              onClick={() => onOpen(unit)}
            >
              <span className="hidden sm:inline">Details</span>
            </IconButton>
          </ActionsCell>
        </TableRow>
      )}
    </DataTable>
  );
}
