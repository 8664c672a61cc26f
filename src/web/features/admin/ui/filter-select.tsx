import { Label } from '@/web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { cn } from '@/web/lib/utils';

export interface FilterOption {
  value: string;
  label: string;
}

/** "pending" → "Pending": status values shown as option labels. */
export function statusOption(value: string): FilterOption {
  return { value, label: value.charAt(0).toUpperCase() + value.slice(1) };
}

/** A dropdown's items, one per option. */
export function SelectOptions({
  options,
  itemClassName,
}: {
  options: readonly FilterOption[];
  itemClassName?: string;
}) {
  return (
    <SelectContent>
      {options.map((option) => (
        <SelectItem key={option.value} value={option.value} className={itemClassName}>
          {option.label}
        </SelectItem>
      ))}
    </SelectContent>
  );
}

/** A labelled dropdown that filters a list (status, plan, model...) or picks one thing (a unit to assign). */
export function FilterSelect({
  id,
  label,
  value,
  onValueChange,
  options,
  placeholder,
  className,
}: {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  options: readonly FilterOption[];
  placeholder?: string;
  className?: string;
}) {
  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Select value={value} onValueChange={onValueChange}>
        <SelectTrigger id={id}>
          <SelectValue placeholder={placeholder} />
        </SelectTrigger>
        <SelectOptions options={options} />
      </Select>
    </div>
  );
}
