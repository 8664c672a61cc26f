import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { cn } from '@/web/lib/utils';

// A phone's narrow screen keeps more of its width for the content.
const phonePadding = 'px-4 sm:px-6';
const actionAlign = { start: 'items-start', center: 'items-center', end: 'items-end' } as const;

/** A card of an admin tab: its heading (and what it is for), an action beside it, and its content. */
export function SectionCard({
  title,
  description,
  action,
  align = 'center',
  contentClassName,
  children,
}: {
  title: string;
  description?: ReactNode;
  /** Beside the heading: a button or a filter. */
  action?: ReactNode;
  align?: keyof typeof actionAlign;
  contentClassName?: string;
  children: ReactNode;
}) {
  const heading = (
    <CardTitle asChild>
      <h2>{title}</h2>
    </CardTitle>
  );
  return (
    <Card>
      <CardHeader
        className={cn(phonePadding, action && cn('flex flex-row flex-wrap justify-between gap-3', actionAlign[align]))}
      >
        {description ? (
          <div className="grid gap-1.5">
            {heading}
            <CardDescription>{description}</CardDescription>
          </div>
        ) : (
          heading
        )}
        {action}
      </CardHeader>
      <CardContent className={cn(phonePadding, contentClassName)}>{children}</CardContent>
    </Card>
  );
}
