import type { ReactNode } from 'react';
import { cn } from '@/web/lib/utils';

/** The band at the top of an inner page: the page's one h1 and a short lead. */
export function PageIntro({ title, children, className }: { title: string; children?: ReactNode; className?: string }) {
  return (
    <div className={cn('border-b bg-secondary', className)}>
      <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
        <h1 className="text-3xl font-bold tracking-tight text-secondary-foreground sm:text-4xl">{title}</h1>
        {children && <div className="mt-3 max-w-2xl text-lg text-secondary-foreground">{children}</div>}
      </div>
    </div>
  );
}
