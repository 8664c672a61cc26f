import { Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/web/components/ui/button';
import { IconButton } from './icon-button';

/**
 * A row's Edit and Activate / Deactivate buttons (e-mail templates, unit models), and any further action after them.
 * `editDialog` renders the record's dialog around the trigger it is given; the labels name the record, so a screen
 * reader hears which row each button acts on.
 */
export function EditToggleActions({
  name,
  active,
  editDialog,
  onToggle,
  toggling,
  children,
}: {
  name: string;
  active: boolean;
  editDialog: (trigger: ReactNode) => ReactNode;
  onToggle: () => void;
  toggling: boolean;
  children?: ReactNode;
}) {
  return (
    // Stacked on a phone, so the table's sticky actions column stays narrow.
    <div className="flex flex-col items-end gap-2 sm:flex-row sm:justify-end">
      {editDialog(
        <IconButton icon={Pencil} size="sm" variant="outline" aria-label={`Edit ${name}`}>
          Edit
        </IconButton>,
      )}
      <Button
        size="sm"
        variant="ghost"
        disabled={toggling}
        aria-label={`${active ? 'Deactivate' : 'Activate'} ${name}`}
        onClick={onToggle}
      >
        {active ? 'Deactivate' : 'Activate'}
      </Button>
      {children}
    </div>
  );
}
