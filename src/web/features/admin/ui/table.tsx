import { useEffect, useRef, useState, type ComponentProps } from 'react';
import { cn } from '@/web/lib/utils';

/** Whether the box is narrower than what it holds (it scrolls sideways), kept up to date as either resizes. */
function useScrollsSideways<E extends HTMLElement>() {
  const ref = useRef<E>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const box = ref.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const measure = () => setScrolls(box.scrollWidth > box.clientWidth);
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, []);
  return { ref, scrolls };
}

/**
 * A data table that scrolls sideways inside its own box when it is wider than the screen, never the page: the box
 * asks no width of its own (inline-size containment), so a grid or flex parent never grows to the table's width.
 * While it scrolls, the box takes the keyboard focus, so it can be scrolled without a mouse.
 */
export function Table({ className, ...props }: ComponentProps<'table'>) {
  const { ref, scrolls } = useScrollsSideways<HTMLDivElement>();
  return (
    <div
      ref={ref}
      tabIndex={scrolls ? 0 : undefined}
      className="relative w-full overflow-x-auto rounded-md outline-none [contain:inline-size] focus-visible:ring-[3px] focus-visible:ring-ring/60"
    >
      <table className={cn('w-full caption-bottom text-sm', className)} {...props} />
    </div>
  );
}

export function TableHeader({ className, ...props }: ComponentProps<'thead'>) {
  return <thead className={cn('[&_tr]:border-b', className)} {...props} />;
}

export function TableBody({ className, ...props }: ComponentProps<'tbody'>) {
  return <tbody className={cn('[&_tr:last-child]:border-0', className)} {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return (
    <tr
      className={cn('border-b transition-colors hover:bg-muted/50 data-[state=selected]:bg-muted', className)}
      {...props}
    />
  );
}

export function TableHead({ className, ...props }: ComponentProps<'th'>) {
  return (
    <th
      scope="col"
      className={cn(
        'h-10 px-2 text-left align-middle font-medium whitespace-nowrap text-muted-foreground sm:px-3',
        className,
      )}
      {...props}
    />
  );
}

export function TableCell({ className, ...props }: ComponentProps<'td'>) {
  return <td className={cn('px-2 py-2.5 align-middle sm:px-3', className)} {...props} />;
}

export function TableCaption({ className, ...props }: ComponentProps<'caption'>) {
  return <caption className={cn('mt-3 text-sm text-muted-foreground', className)} {...props} />;
}

/** The one row a table shows when it has nothing (no matches, nothing yet). */
export function EmptyRow({ columns, children }: { columns: number; children: string }) {
  return (
    <TableRow>
      <TableCell colSpan={columns} className="py-8 text-center text-muted-foreground">
        {children}
      </TableCell>
    </TableRow>
  );
}
