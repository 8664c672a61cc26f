import { Search } from 'lucide-react';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { cn } from '@/web/lib/utils';

/** A labelled text or date box that filters a list (a search box may show a magnifier inside it). */
export function FilterInput({
  id,
  label,
  type = 'search',
  placeholder,
  min,
  value,
  onValueChange,
  withIcon = false,
  className,
}: {
  id: string;
  label: string;
  type?: 'search' | 'date';
  placeholder?: string;
  /** The earliest date a date box takes. */
  min?: string;
  value: string;
  onValueChange: (value: string) => void;
  withIcon?: boolean;
  className?: string;
}) {
  const input = (
    <Input
      id={id}
      type={type}
      placeholder={placeholder}
      min={min}
      className={withIcon ? 'pl-9' : undefined}
      value={value}
      onChange={(event) => onValueChange(event.target.value)}
    />
  );
  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {withIcon ? (
        <div className="relative">
          <Search aria-hidden="true" className="absolute top-3 left-3 size-4 text-muted-foreground" />
          {input}
        </div>
      ) : (
        input
      )}
    </div>
  );
}
