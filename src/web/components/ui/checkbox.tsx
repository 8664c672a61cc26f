import type { ComponentProps } from 'react';
import { cn } from '@/web/lib/utils';

type CheckboxProps = Omit<ComponentProps<'input'>, 'type' | 'onChange'> & {
  onCheckedChange?: (checked: boolean) => void;
};

/**
 * A checkbox: the browser's own, in the brand's colour; pair it with a Label whose htmlFor is its id. Native rather
 * than a button with role="checkbox": it works before the page hydrates, and mounting it sets no state (a script
 * box measured on mount re-rendered the whole checkout form synchronously right after hydration, ADR 027 addendum).
 */
export function Checkbox({ className, onCheckedChange, ...props }: CheckboxProps) {
  return (
    <input
      type="checkbox"
      data-slot="checkbox"
      className={cn(
        'peer size-5 shrink-0 cursor-pointer rounded-[4px] accent-primary outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:outline-2 aria-invalid:outline-destructive',
        className,
      )}
      onChange={(event) => onCheckedChange?.(event.currentTarget.checked)}
      {...props}
    />
  );
}
