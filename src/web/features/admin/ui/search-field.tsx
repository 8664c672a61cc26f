import { Search } from 'lucide-react';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { cn } from '@/web/lib/utils';

/** The labelled search box over a list (optionally with a magnifier inside it). */
export function SearchField({
  id,
  label,
  placeholder,
  value,
  onValueChange,
  withIcon = false,
  className,
}: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onValueChange: (value: string) => void;
  withIcon?: boolean;
  className?: string;
}) {
  const input = (
    <Input
      id={id}
      type="search"
      placeholder={placeholder}
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
