import { CircleCheck } from 'lucide-react';
import { cn } from '@/web/lib/utils';

/** What a plan includes or needs, each point after a green check. */
export function CheckList({ items, className }: { items: readonly string[]; className?: string }) {
  return (
    <ul className={cn('space-y-2', className)}>
      {items.map((item) => (
        <li key={item} className="flex items-start gap-2">
          <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
          {item}
        </li>
      ))}
    </ul>
  );
}
