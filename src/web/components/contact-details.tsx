import { Mail, Phone } from 'lucide-react';
import { cn } from '../lib/utils';
import { telHref, useSiteInfo } from '../lib/site-info';

/** Phone and e-mail links; renders nothing until the site info has loaded (or if it cannot be loaded). */
export function ContactDetails({ className, linkClassName }: { className?: string; linkClassName?: string }) {
  const { data } = useSiteInfo();
  if (!data) return null;
  return (
    <ul className={cn('space-y-2', className)}>
      <li>
        <a href={telHref(data.phone)} className={cn('inline-flex items-center gap-2 hover:underline', linkClassName)}>
          <Phone aria-hidden="true" className="size-4" />
          <span>
            <span className="sr-only">Phone: </span>
            {data.phone}
          </span>
        </a>
      </li>
      <li>
        <a
          href={`mailto:${data.email}`}
          className={cn('inline-flex items-center gap-2 hover:underline', linkClassName)}
        >
          <Mail aria-hidden="true" className="size-4" />
          <span>
            <span className="sr-only">E-mail: </span>
            {data.email}
          </span>
        </a>
      </li>
    </ul>
  );
}
