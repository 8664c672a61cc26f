import { Label } from '@/web/components/ui/label';
import { Select, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { cn } from '@/web/lib/utils';
import { SelectOptions } from '../ui/filter-select';

/** A labelled choice of unit status, shown as the status words themselves (a unit's own, or the bulk change). */
export function UnitStatusSelect<S extends string>({
  id,
  label,
  statuses,
  value,
  onValueChange,
  placeholder,
  triggerLabel,
  disabled,
  className,
}: {
  id: string;
  label: string;
  statuses: readonly S[];
  value: S | '';
  onValueChange: (status: S) => void;
  placeholder?: string;
  /** The trigger's own accessible name, where the visible label is not enough ("Status of CR10-0001"). */
  triggerLabel?: string;
  disabled?: boolean;
  className?: string;
}) {
  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Select value={value} onValueChange={(next) => onValueChange(next as S)} disabled={disabled}>
        <SelectTrigger id={id} aria-label={triggerLabel}>
          <SelectValue placeholder={placeholder} />
        </SelectTrigger>
        <SelectOptions
          options={statuses.map((status) => ({ value: status, label: status }))}
          itemClassName="capitalize"
        />
      </Select>
    </div>
  );
}
