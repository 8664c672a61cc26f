import type { ReactNode } from 'react';
import { cn } from '@/web/lib/utils';

/** A short list of bordered items in a detail view (orders, fees, delivery tasks), or one line when it is empty. */
export function ItemList<T extends { id: string }>({
  items,
  empty,
  itemClassName = 'flex flex-wrap items-center justify-between gap-2',
  children,
}: {
  items: readonly T[];
  empty: string;
  itemClassName?: string;
  children: (item: T) => ReactNode;
}) {
  if (items.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <ul className="grid gap-2">
      {items.map((item) => (
        <li key={item.id} className={cn('rounded-md border p-3 text-sm', itemClassName)}>
          {children(item)}
        </li>
      ))}
    </ul>
  );
}
