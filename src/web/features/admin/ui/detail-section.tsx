import { useId, type ReactNode } from 'react';
import { cn } from '@/web/lib/utils';

/** A titled part of a detail view (contact, orders, status...), named by its heading for screen readers. */
export function DetailSection({
  heading,
  className,
  children,
}: {
  heading: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={cn('grid gap-2', className)}>
      <h3 id={id} className="font-semibold">
        {heading}
      </h3>
      {children}
    </section>
  );
}
