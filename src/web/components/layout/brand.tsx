import { Snowflake } from 'lucide-react';
import { business } from '@/contracts/business';
import { cn } from '@/web/lib/utils';
import { SiteLink } from './site-link';

/** The logo: links home. */
export function Brand({ className }: { className?: string }) {
  return (
    <SiteLink
      href="/"
      className={cn(
        'inline-flex items-center gap-2 rounded-md text-lg font-bold tracking-tight outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60',
        className,
      )}
    >
      <span className="flex size-8 items-center justify-center rounded-md bg-primary text-primary-foreground">
        <Snowflake aria-hidden="true" className="size-5" />
      </span>
      {business.name}
    </SiteLink>
  );
}
